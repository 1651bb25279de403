import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { CoursePage } from "./pages/course-page";
import { lineAt, StudyPanels, transcriptOf } from "./pages/study-panels";

/**
 * Notes at moments of the video (the stub player): N or 'Add note' takes the current time,
 * optionally quoting the spoken line; notes list in time order, seek, edit and delete; their
 * Markdown is rendered and raw HTML shows as text.
 */
const XSS = '<img src=x onerror="window.__noteXss = 1">';

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const phone = name === "phone";

  test(`${name}: notes at moments: add (N and the button), quote, list, seek, edit, delete`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const segments = await transcriptOf(page, detail.course.id);
    const coursePage = new CoursePage(page);
    const panels = new StudyPanels(page);
    await coursePage.goto(detail.course.id);
    await coursePage.pausePlayer();
    const instance = await coursePage.player().getAttribute("data-instance");

    // A note at 1:05, quoting the line spoken there, with Markdown and raw HTML in it.
    const later = 65;
    await coursePage.seekPlayer(later);
    if (phone) {
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(panels.sheet()).toBeVisible();
    } else {
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("n");
    }
    await expect(panels.composer()).toBeVisible();
    await expect(panels.composer()).toContainText("Note at 1:05");
    const textbox = panels.composer().getByRole("textbox");
    await expect(textbox).toBeFocused();
    // Typing N in the note is text, not a second note.
    await textbox.fill("");
    await textbox.pressSequentially("**Nodes** matter");
    await textbox.press("Enter");
    await textbox.pressSequentially(`- first point\n- ${XSS}`);
    const spoken = segments[lineAt(segments, later)]!.text;
    await panels
      .composer()
      .getByRole("checkbox", { name: /Quote the current line/ })
      .check();
    await panels.composer().getByRole("button", { name: "Save note" }).click();
    await expect(panels.composer()).toBeHidden();
    await expect(panels.noteItems()).toHaveCount(1);
    const first = panels.noteItems().first();
    await expect(first.getByRole("button", { name: "Play from 1:05" })).toBeVisible();
    await expect(first.locator("strong")).toHaveText("Nodes");
    await expect(first.locator("blockquote")).toHaveText(spoken);
    // The HTML is shown as its characters, never as an element.
    await expect(first.getByTestId("note-text")).toContainText(XSS);
    await expect(first.locator("img")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __noteXss?: number }).__noteXss)).toBeUndefined();

    // A second note, earlier in the video, with the button: the list is in time order.
    if (phone) {
      await page.keyboard.press("Escape");
      await expect(panels.sheet()).toBeHidden();
    }
    await coursePage.seekPlayer(12);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(panels.composer()).toContainText("Note at 0:12");
    await panels.composer().getByRole("textbox").fill("An early thought");
    await panels.composer().getByRole("button", { name: "Save note" }).click();
    await expect(panels.noteItems()).toHaveCount(2);
    await expect(panels.noteItems().first()).toContainText("An early thought");
    await expect(panels.noteItems().first().locator("blockquote")).toHaveCount(0);

    // A note's time seeks the same player there.
    await panels.noteItems().nth(1).getByRole("button", { name: "Play from 1:05" }).click();
    await expect(coursePage.player()).toHaveAttribute("data-time", String(later));
    await expect(coursePage.player()).toHaveAttribute("data-instance", instance!);

    // Edit.
    const early = panels.noteItems().first();
    await early.getByRole("button", { name: "Edit the note at 0:12" }).click();
    await early.getByRole("textbox", { name: "Note text" }).fill("An _edited_ thought");
    await early.getByRole("button", { name: "Save", exact: true }).click();
    await expect(early.locator("em")).toHaveText("edited");

    await expectAccessible(page);

    // Delete, after a confirmation (keeping it first).
    await early.getByRole("button", { name: "Delete the note at 0:12" }).click();
    await early.getByRole("button", { name: "Keep it" }).click();
    await expect(panels.noteItems()).toHaveCount(2);
    await early.getByRole("button", { name: "Delete the note at 0:12" }).click();
    await early.getByRole("button", { name: "Yes, delete" }).click();
    await expect(panels.noteItems()).toHaveCount(1);
    await expect(panels.noteItems().first()).toContainText("Nodes");

    // They are kept: a reload lists the remaining note.
    await page.reload();
    await panels.open("Notes", phone);
    await expect(panels.noteItems()).toHaveCount(1);
  });
}
