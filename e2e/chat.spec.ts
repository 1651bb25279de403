/**
 * The course chat in Chromium against the production build: the main instance's tutor streams
 * from the fake OpenAI-compatible server (its replies cite the first passage it was given), the
 * offline instance answers from the transcript. Asking, streaming, timestamp links played beside
 * the chat, Enter/Shift+Enter, the empty-input rule, stop, a broken stream, the rate limit.
 */
import { ChatPage } from "./pages/chat-page";
import { CoursePage } from "./pages/course-page";
import { expect, expectAccessible, generateCourse, OFFLINE_BASE_URL, registerViaApi, resetFakeLlm, setFakeLlm, test } from "./fixtures";

test.afterEach(async ({ request }) => resetFakeLlm(request));

test("a learner asks, watches the reply stream in, and follows its timestamp into the video", async ({ page, request }) => {
  await registerViaApi(page.request);
  const { detail, sections } = await generateCourse(page.request);
  const chat = new ChatPage(page);
  await chat.goto(detail.course.id);

  await expect(chat.welcome()).toContainText(`I'm your tutor for ${detail.course.title}`);
  const panel = chat.sidePanel();
  await expect(panel.getByTestId("first-chapter")).toHaveText(detail.chapters[0]!.title);
  await expect(panel.getByTestId("chapter-count")).toHaveText(String(detail.chapters.length));
  await expect(panel.getByRole("heading", { name: "Key Concepts" })).toBeVisible();
  const concepts = panel.getByRole("listitem");
  expect(await concepts.count()).toBeGreaterThan(0);
  expect(await concepts.count()).toBeLessThanOrEqual(5);
  await expect(panel.getByRole("link", { name: "Return to course" })).toHaveAttribute("href", `/course/${detail.course.id}`);
  await expectAccessible(page);

  // The empty-input rule, and Shift+Enter makes a new line instead of sending.
  await expect(chat.sendButton()).toBeDisabled();
  await chat.input().fill("   \n  ");
  await expect(chat.sendButton()).toBeDisabled();
  await chat.input().fill("What is binary search");
  await chat.input().press("Shift+Enter");
  await chat.input().pressSequentially("used for?");
  await expect(chat.input()).toHaveValue("What is binary search\nused for?");
  await expect(chat.messages()).toHaveCount(0);

  // Slow enough to watch: the typing indicator first, then the reply grows piece by piece.
  await setFakeLlm(request, { latencyMs: 600, chunkDelayMs: 150 });
  await chat.recordReplyTexts();
  await chat.input().press("Enter");
  await expect(chat.input()).toHaveValue("");
  await expect(chat.texts("user")).toHaveText(["What is binary search\nused for?"]);
  await expect(chat.typingIndicator()).toBeVisible();
  await expect(chat.sendButton()).toBeDisabled();
  await expect(chat.lastReplyText()).toContainText("You asked");
  await expect(chat.timestampLinks()).toHaveCount(1);
  const final = ((await chat.lastReplyText().textContent()) ?? "").trim();
  const seen = await chat.replyTextsSeen();
  expect(seen.length).toBeGreaterThan(1); // it grew piece by piece
  expect(seen[0]!.length).toBeLessThan(final.length);
  expect(final.startsWith(seen[0]!.slice(0, 20))).toBe(true);
  await expect(chat.stopButton()).toBeHidden();
  await expect(chat.typingIndicator()).toBeHidden();

  // The link plays that moment beside the chat; its address (a new tab) opens the course player
  // there, in the section playing then.
  const link = chat.timestampLinks().first();
  const seconds = Number(await link.getAttribute("data-seconds"));
  await link.click();
  await expect(chat.videoPanel()).toBeVisible();
  const player = new CoursePage(page);
  await player.expectPlayerAt(seconds);
  await expect(page).toHaveURL(new RegExp(`/course/${detail.course.id}/chat$`));
  await page.goto((await link.getAttribute("href"))!);
  await expect(page).toHaveURL(new RegExp(`/course/${detail.course.id}\\?t=${seconds}$`));
  await player.expectPlayerAt(seconds);
  const playing = [...sections].reverse().find((section) => section.timeStart <= seconds) ?? sections[0]!;
  await expect(player.currentSection()).toContainText(playing.title);

  // Back in the chat, the conversation is there as it was shown.
  await chat.goto(detail.course.id);
  await expect(chat.messages()).toHaveCount(2);
  await expect(chat.lastReplyText()).toHaveText(final);
  await expect(chat.welcome()).toHaveCount(0);
});

test("stop ends the reply where it is, and the history keeps what was said", async ({ page, request }) => {
  await registerViaApi(page.request);
  const { detail } = await generateCourse(page.request);
  const chat = new ChatPage(page);
  await chat.goto(detail.course.id);
  await setFakeLlm(request, { chunkDelayMs: 400 });
  await chat.chooseMode("Simpler");
  await chat.ask("Explain the middle element");
  await expect(chat.lastReplyText()).toContainText("You asked");
  await chat.stopButton().click();
  await expect(chat.lastReply()).toContainText("Stopped");
  await expect(chat.stopButton()).toBeHidden();
  const shown = (await chat.lastReplyText().innerText()).trim();
  expect(shown).not.toContain("The video explains it at");

  // The server stores the reply once it sees the request end, which a reload can overtake on a
  // loaded machine: the history shows it by the next load at the latest.
  await expect(async () => {
    await page.reload();
    await expect(chat.messages()).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // What was stored is what the page had shown, or the piece or two still on the way when it stopped.
  const stored = (await chat.lastReplyText().innerText()).trim();
  expect(stored.startsWith(shown)).toBe(true);
  expect(stored).not.toContain("The video explains it at");
});

test("a reply the AI service breaks off says so in the page, and the history matches", async ({ page, request }) => {
  await registerViaApi(page.request);
  const { detail } = await generateCourse(page.request);
  const chat = new ChatPage(page);
  await chat.goto(detail.course.id);
  await setFakeLlm(request, { mode: "cut", times: 1 });
  await chat.ask("What happens when the list is empty?");
  await expect(chat.alert()).toHaveText("The AI service could not be reached. Please try again later.");
  await expect(chat.lastReplyText()).toContainText("The answer was cut off");
  await expect(page.getByText("Error sending message", { exact: true })).toBeVisible();

  await page.reload();
  await expect(chat.messages()).toHaveCount(2);
  await expect(chat.lastReplyText()).toContainText("The answer was cut off: The AI service could not be reached.");
  // The next message is answered normally.
  await chat.ask("And when it has one element?");
  await expect(chat.timestampLinks()).toHaveCount(1);
});

test("over the chat rate limit the page says how long to wait, and the message goes back into the input", async ({ page }) => {
  await registerViaApi(page.request);
  const { detail } = await generateCourse(page.request);
  for (let i = 0; i < 20; i++) {
    const response = await page.request.post(`/api/courses/${detail.course.id}/chat`, { data: { content: `warm-up question ${i}` } });
    expect(response.status()).toBe(200);
  }
  const chat = new ChatPage(page);
  await chat.goto(detail.course.id);
  await expect(chat.messages()).toHaveCount(40);
  await chat.ask("One more question");
  await expect(chat.alert()).toContainText("You are sending messages too quickly. Please wait a moment and try again. You can send again in");
  await expect(chat.input()).toHaveValue("One more question");
  await expect(chat.messages()).toHaveCount(40);
});

test("offline, the tutor quotes the video with timestamps and says it is offline", async ({ page }) => {
  await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
  const { detail } = await generateCourse(page.request, OFFLINE_BASE_URL);
  const chat = new ChatPage(page, OFFLINE_BASE_URL);
  await chat.goto(detail.course.id);
  await chat.chooseMode("Simpler");
  await chat.ask("How does binary search halve the list?");
  await expect(chat.lastReplyText()).toContainText("I'm in offline mode");
  // The links come with the Markdown renderer, which may still be loading when the text shows.
  await expect(chat.timestampLinks().first()).toBeVisible();
});

test("a course that cannot be loaded is 'Course Not Found'", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/course/2147483000/chat");
  await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
});
