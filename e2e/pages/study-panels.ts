import { expect, type Locator, type Page } from "@playwright/test";

export type Segment = { start: number; end: number; text: string; sectionId: number | null };

/** The course player's transcript and notes: tabs beside the outline on a desktop, a sheet on a phone. */
export class StudyPanels {
  constructor(private readonly page: Page) {}

  /** Where the panels are: the desktop aside, or the phone's sheet once open. */
  private root(): Locator {
    return this.page.locator('aside[aria-label="Course outline"], dialog[open]').last();
  }

  async open(tab: "Transcript" | "Notes", phone: boolean) {
    if (phone) {
      // The sheet stays open between tabs; its own tabs switch them.
      if (!(await this.sheet().isVisible())) await this.page.getByRole("button", { name: tab, exact: true }).click();
      await expect(this.sheet()).toBeVisible();
      await this.sheet().getByRole("tab", { name: tab }).click();
    } else {
      await this.page.getByRole("tab", { name: tab }).click();
    }
  }

  sheet() {
    return this.page.getByRole("dialog", { name: "Transcript and notes" });
  }

  transcript() {
    return this.root().getByTestId("transcript-panel");
  }

  lines() {
    return this.transcript().getByTestId("transcript-line");
  }

  /** The highlighted line: the one being spoken. */
  activeLine() {
    return this.transcript().locator('[data-testid="transcript-line"][aria-current="time"]');
  }

  line(segment: Segment) {
    return this.transcript().locator(`[data-testid="transcript-line"][data-start="${segment.start}"]`);
  }

  scroller() {
    return this.transcript().getByTestId("transcript-scroller");
  }

  followButton() {
    return this.transcript().getByRole("button", { name: "Follow video" });
  }

  search() {
    return this.transcript().getByRole("searchbox", { name: "Search the transcript" });
  }

  matchCount() {
    return this.transcript().getByTestId("transcript-match-count");
  }

  notes() {
    return this.root().getByTestId("notes-panel");
  }

  noteItems() {
    return this.notes().getByTestId("note");
  }

  composer() {
    return this.notes().getByRole("form", { name: "New note" });
  }
}

/** The course's transcript through the API. */
export async function transcriptOf(page: Page, courseId: number): Promise<Segment[]> {
  const response = await page.request.get(`/api/courses/${courseId}/transcript`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { segments: Segment[] }).segments;
}

/** The index of the line spoken at `seconds` (the last one started). */
export const lineAt = (segments: readonly Segment[], seconds: number) => segments.findLastIndex((segment) => segment.start <= seconds);
