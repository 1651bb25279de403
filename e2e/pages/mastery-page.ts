import type { Page } from "@playwright/test";

/** /mastery: weakest first, the list and the map of the learner's concepts, one concept's details, and Practice. */
export class MasteryPage {
  /** `origin` selects the app instance (the offline one runs on its own port). */
  constructor(
    readonly page: Page,
    private readonly origin = "",
  ) {}

  goto(conceptId?: number) {
    return this.page.goto(`${this.origin}${MasteryPage.path(conceptId)}`);
  }

  /** /mastery, or /mastery?concept={id} (one concept open). */
  static path(conceptId?: number) {
    return conceptId === undefined ? "/mastery" : `/mastery?concept=${conceptId}`;
  }

  empty() {
    return this.page.getByTestId("mastery-empty");
  }

  weakest() {
    return this.page.getByTestId("weakest-concepts");
  }

  rows() {
    return this.page.getByTestId("concept-row");
  }

  row(conceptId: number) {
    return this.page.locator(`[data-testid="concept-row"][data-concept-id="${conceptId}"]`);
  }

  tab(name: "List" | "Map") {
    return this.page.getByRole("tab", { name });
  }

  map() {
    return this.page.getByRole("region", { name: "Concept map" });
  }

  mapNodes() {
    return this.page.locator("[data-concept-node]");
  }

  details() {
    return this.page.getByTestId("concept-details");
  }

  /** The moments one course gives a concept in the open concept's details: links labelled "6:04", or "Video 2 · 1:10" in a playlist course. */
  detailMoments(courseId: number) {
    return this.details().locator(`[data-testid="concept-course"][data-course-id="${courseId}"]`).getByTestId("concept-moment");
  }

  practiceDialog() {
    return this.page.getByRole("dialog", { name: /^Practice:/ });
  }

  /** The header's "Mastery" link. */
  headerLink() {
    return this.page.getByTestId("header-mastery-link");
  }
}
