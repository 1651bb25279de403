/**
 * 'Ask about this moment' and the exports, in Chromium at a desktop and a phone viewport: from
 * the player at a moment to the chat page with its 'Asking about m:ss' chip, an answer that cites
 * the passage being watched and plays it beside the chat (a sheet on a phone); and the course's Markdown and Anki/TSV downloads.
 */
import { readFile } from "node:fs/promises";

import { unzipSync } from "fflate";

import { ChatPage } from "./pages/chat-page";
import { CoursePage } from "./pages/course-page";
import { expect, expectAccessible, generateCourse, registerViaApi, resetFakeLlm, test, VIEWPORTS } from "./fixtures";

test.afterEach(async ({ request }) => resetFakeLlm(request));

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: the player's 'Ask about this moment' opens the chat on that moment; the answer cites it and plays it in place`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail, sections } = await generateCourse(page.request);
    const courseId = detail.course.id;
    const player = new CoursePage(page);
    await player.goto(courseId);
    await expect(player.player()).toBeVisible();
    await player.pausePlayer();
    const moment = 75;
    await player.seekPlayer(moment);
    await expect.poll(() => player.playerSeconds()).toBe(moment);

    await player.askAboutMoment().click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/chat\\?at=${moment}$`));
    const chat = new ChatPage(page);
    await expect(chat.momentChip()).toHaveText("Asking about 1:15");
    await expectAccessible(page);

    // Each question carries the moment while the chip is there.
    const asked = page.waitForRequest((request) => request.url().endsWith(`/api/courses/${courseId}/chat/stream`));
    await chat.ask("What does this mean?");
    expect((await asked).postDataJSON()).toMatchObject({ content: "What does this mean?", atSeconds: moment });
    await expect(chat.timestampLinks()).toHaveCount(1);
    // The tutor was given the passage being watched first, and cites where it starts: at or just before the moment.
    const link = chat.timestampLinks().first();
    const cited = Number(await link.getAttribute("data-seconds"));
    expect(cited).toBeLessThanOrEqual(moment);
    expect(cited).toBeGreaterThan(moment - 60);

    // Removed, the chip is gone from the page and the address, and questions are about the whole video again.
    await chat.removeMomentButton().click();
    await expect(chat.momentChip()).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/chat$`));
    await expect(chat.input()).toBeFocused();
    const plain = page.waitForRequest((request) => request.url().endsWith(`/api/courses/${courseId}/chat/stream`));
    await chat.ask("And the whole video?");
    expect((await plain).postDataJSON()).not.toHaveProperty("atSeconds");
    await expect(chat.messages("assistant")).toHaveCount(2);

    // A citation plays its moment in place, beside the chat (on a phone, in a sheet at the bottom): the conversation stays.
    const citation = chat
      .messages("assistant")
      .first()
      .getByRole("link", { name: /^Watch at / });
    await citation.click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/chat$`));
    await expect(chat.videoPanel()).toBeInViewport();
    await player.expectPlayerAt(cited);
    await expect(chat.messages()).toHaveCount(4);
    if (name === "phone") await expect(chat.videoPanel().getByRole("heading")).toBeFocused();
    await expectAccessible(page);

    // Another citation seeks the same player rather than loading a new one.
    const instance = await player.player().getAttribute("data-instance");
    await player.pausePlayer();
    await player.seekPlayer(cited + 200);
    await citation.click();
    await expect.poll(() => player.playerSeconds()).toBe(cited);
    expect(await player.player().getAttribute("data-instance")).toBe(instance);

    // Closed (Escape in the sheet, or its Close button), focus goes back to the citation.
    if (name === "phone") {
      await chat.videoPanel().getByRole("heading").focus();
      await page.keyboard.press("Escape");
    } else {
      await chat.videoPanel().getByRole("button", { name: "Close the video" }).click();
    }
    await expect(chat.videoPanel()).toHaveCount(0);
    await expect(citation).toBeFocused();

    // "Open in the course" goes to the course at that moment; Back returns to the same place in the
    // conversation (on a laptop's shorter screen the conversation scrolls within itself).
    if (name === "desktop") await page.setViewportSize({ width: viewport.width, height: 600 });
    await citation.click();
    await chat.log().evaluate((log) => (log.scrollTop = log.scrollHeight / 3));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
    const reading = await chat.scrollPosition();
    expect(name === "desktop" ? reading.log : reading.page).toBeGreaterThan(0);
    // The position is kept once the learner stops scrolling.
    await page.waitForTimeout(400);
    await chat
      .videoPanel()
      .getByRole("link", { name: /^Open in the course at / })
      .click();
    // At the moment the video beside the chat had reached (it plays on from the citation).
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}\\?t=\\d+$`));
    const opened = Number(new URL(page.url()).searchParams.get("t"));
    expect(opened).toBeGreaterThanOrEqual(cited);
    expect(opened).toBeLessThanOrEqual(cited + 5);
    await player.expectPlayerAt(opened);
    const playing = [...sections].reverse().find((section) => section.timeStart <= opened) ?? sections[0]!;
    await expect(player.currentSection()).toContainText(playing.title);
    await page.goBack();
    await expect(chat.messages()).toHaveCount(4);
    await expect.poll(() => chat.scrollPosition()).toEqual(reading);
  });

  test(`${name}: the course page downloads the course as Markdown and its cards as an Anki deck and TSV`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail, sections } = await generateCourse(page.request);
    const player = new CoursePage(page);
    await player.goto(detail.course.id);
    await expect(player.heading()).toHaveText(detail.course.title);

    const download = async (name: RegExp) => {
      const link = await player.exportLink(name);
      const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
      return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
    };

    const markdown = await download(/Markdown/);
    expect(markdown.name).toMatch(/^[a-z0-9-]+\.md$/);
    const text = markdown.bytes.toString("utf8");
    expect(text.startsWith(`# ${detail.course.title}\n`)).toBe(true);
    expect(text).toContain("## Outline");
    expect(text).toContain(`) ${sections[1]!.title}`);
    expect(text).toMatch(/\]\(https:\/\/www\.youtube\.com\/watch\?v=[\w-]+&t=\d+s\)/);
    expect(text).toContain("## My notes");

    const deck = await download(/Anki deck/);
    expect(deck.name).toMatch(/-cards\.apkg$/);
    expect(Object.keys(unzipSync(new Uint8Array(deck.bytes))).sort()).toEqual(["collection.anki2", "media"]);

    const tsv = await download(/TSV/);
    expect(tsv.name).toMatch(/-cards\.tsv$/);
    expect(tsv.bytes.toString("utf8")).toBe("#separator:tab\n#html:false\n#columns:Front\tBack\tLink\n");
    await expectAccessible(page);
  });

  test(`${name}: the downloads keep a learner's formula and markup inert, and the Export menu says so`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await registerViaApi(page.request);
    const { detail } = await generateCourse(page.request);
    const courseId = detail.course.id;
    const formula = '=HYPERLINK("http://x.example","y")';
    const card = await page.request.post(`/api/courses/${courseId}/cards`, {
      data: { source: "transcript", front: formula, back: "@SUM(A1:A2)", timeSeconds: 12 },
    });
    expect(card.status(), await card.text()).toBe(200);
    const note = await page.request.post(`/api/courses/${courseId}/notes`, {
      data: { timeSeconds: 20, text: "**Key idea** <script>alert(1)</script> [x](javascript:alert(1)) ![t](https://tracker.example/p.png)" },
    });
    expect(note.status(), await note.text()).toBe(200);

    const player = new CoursePage(page);
    await player.goto(courseId);
    const download = async (link: RegExp) => {
      const [file] = await Promise.all([page.waitForEvent("download"), (await player.exportLink(link)).click()]);
      return (await readFile(await file.path())).toString("utf8");
    };
    await expect(await player.exportLink(/TSV/)).toBeVisible();
    await expect(page.getByTestId("course-exports").getByText("cells that start like a spreadsheet formula get a leading '")).toBeVisible();

    const [front, back] = (await download(/TSV/)).split("\n")[3]!.split("\t");
    expect(front).toBe(`"'${formula.replaceAll('"', '""')}"`);
    expect(back).toBe("'@SUM(A1:A2)");

    const markdown = await download(/Markdown/);
    expect(markdown).toContain("**Key idea**");
    expect(markdown).not.toContain("<script>");
    expect(markdown).not.toContain("javascript:");
    expect(markdown).not.toContain("![");
  });
}
