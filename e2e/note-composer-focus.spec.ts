/**
 * The note composer gives focus back in Chromium, on a desktop and a phone: Escape (or Cancel)
 * closes it and focus returns to 'Add note', where the note was started, never to the page body.
 */
import { CoursePage } from "./pages/course-page";
import { StudyPanels } from "./pages/study-panels";
import { expect, expectAccessible, generateCourse, registerViaApi, test, VIEWPORTS } from "./fixtures";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const phone = name === "phone";

  test(`${name}: Escape in the note composer closes it and focus returns to 'Add note'`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const coursePage = new CoursePage(page);
    const panels = new StudyPanels(page);
    await coursePage.goto(detail.course.id);
    await coursePage.pausePlayer();
    const addNote = page.getByRole("button", { name: "Add note" });

    // From the button: Escape while writing.
    await addNote.click();
    const textbox = panels.composer().getByRole("textbox");
    await expect(textbox).toBeFocused();
    await textbox.pressSequentially("A thought I drop");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(panels.composer()).toBeHidden();
    if (phone) await expect(panels.sheet()).toBeHidden();
    await expect(addNote).toBeFocused();

    // Escape from another control of the composer, and Cancel, do the same.
    await page.keyboard.press("Enter");
    await expect(panels.composer().getByRole("textbox")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panels.composer().getByRole("textbox")).not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panels.composer()).toBeHidden();
    if (phone) await expect(panels.sheet()).toBeHidden();
    await expect(addNote).toBeFocused();

    if (!phone) {
      // From the key N, and closed with Cancel.
      await coursePage.heading().click();
      await page.keyboard.press("n");
      await expect(panels.composer().getByRole("textbox")).toBeFocused();
      await panels.composer().getByRole("button", { name: "Cancel" }).click();
      await expect(panels.composer()).toBeHidden();
      await expect(addNote).toBeFocused();
    }
    // Nothing was saved.
    await expect(panels.noteItems()).toHaveCount(0);
    await expectAccessible(page);
  });
}
