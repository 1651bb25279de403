/**
 * The offline tutor (no AI model: the offline instance) at a desktop and a phone viewport: the
 * greeting shows the course title in bold, never Markdown marks; a question the video does not
 * cover is answered "The video does not cover that", with no moment cited; Explain, Hint only and
 * Quiz me answer the same question differently (the quoted video, a pointer to the moment without
 * it, a sentence with a word left out, whose answer is checked); reopened, the chat shows its
 * newest message. axe finds nothing on the conversation.
 */
import { ChatPage } from "./pages/chat-page";
import { expect, expectAccessible, generateCourse, OFFLINE_BASE_URL, registerViaApi, test, VIEWPORTS } from "./fixtures";

const COVERED = "Why does binary search only work on a sorted list?";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: the offline tutor says what the video does not cover, answers each mode differently, and reopens at the newest message`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
    const { detail } = await generateCourse(page.request, OFFLINE_BASE_URL, "binary search");
    const chat = new ChatPage(page, OFFLINE_BASE_URL);
    await chat.goto(detail.course.id);

    // The greeting: the title in bold, no raw Markdown.
    await expect(chat.welcome()).toContainText(`I'm your tutor for ${detail.course.title}.`);
    await expect(chat.welcome().locator("strong")).toHaveText(detail.course.title);
    expect(await chat.welcome().innerText()).not.toContain("**");
    await expectAccessible(page);

    // Not covered: said plainly, nothing cited.
    await chat.ask("What's the capital of France?");
    await expect(chat.lastReplyText()).toContainText("The video does not cover that.");
    await expect(chat.timestampLinks()).toHaveCount(0);

    // Explain quotes the video at its moment.
    await chat.ask(COVERED);
    await expect(chat.messages("assistant")).toHaveCount(2);
    await expect(chat.lastReplyText()).toContainText("I'm in offline mode");
    await expect(chat.lastReply().locator("blockquote").filter({ hasText: "only works because the list is sorted" })).toHaveCount(1);
    const explained = await chat.timestampLinks().evaluateAll((links) => links.map((link) => link.getAttribute("aria-label")));

    // Hint only: where to look, not what it says.
    await chat.chooseMode("Hint only");
    await chat.ask(COVERED);
    await expect(chat.messages("assistant")).toHaveCount(3);
    await expect(chat.lastReplyText()).toContainText("A hint, not the answer: watch again from");
    await expect(chat.lastReplyText()).not.toContainText("only works because");
    await expect(chat.lastReply().locator("blockquote")).toHaveCount(0);
    await expect(chat.timestampLinks()).toHaveCount(1);
    expect(explained).toContain(await chat.timestampLinks().getAttribute("aria-label"));

    // Quiz me: a question back, then the answer checked.
    await chat.chooseMode("Quiz me");
    await chat.ask(COVERED);
    await expect(chat.messages("assistant")).toHaveCount(4);
    await expect(chat.lastReplyText()).toContainText("which word fills the blank?");
    await expect(chat.lastReply().locator("blockquote")).toContainText("_____");
    await chat.ask("no idea");
    await expect(chat.messages("assistant")).toHaveCount(5);
    await expect(chat.lastReplyText()).toContainText("Not quite: the missing word is");
    await expect(chat.lastReplyText()).toContainText("Next question:");
    await expectAccessible(page);

    // Reopened, the newest message is in view (the log's end; on a phone, the page's).
    await page.reload();
    await expect(chat.messages()).toHaveCount(10);
    await expect(chat.lastReplyText()).toContainText("Next question:");
    await expect(chat.lastReply()).toBeInViewport();
    await expect(chat.messages().first()).not.toBeInViewport();
    if (name === "desktop") {
      await expect.poll(() => chat.log().evaluate((log) => Math.round(log.scrollHeight - log.scrollTop - log.clientHeight))).toBeLessThanOrEqual(1);
    }
  });
}
