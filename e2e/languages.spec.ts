/**
 * Courses in the learner's language and from a playlist, on the "languages" instance (the offline
 * engine, no API key, the stub player; its library is a video of the shared corpus with its
 * Spanish, Japanese and Arabic tracks, and a playlist of five of its videos). Every generated text
 * is in the course language; the interface stays English.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import type { Page } from "@playwright/test";

import { type CourseDetail, expect, generateCourse, LANGUAGES_BASE_URL, registerViaApi, test, VIEWPORTS } from "./fixtures";
import { ChatPage } from "./pages/chat-page";
import { CoursePage } from "./pages/course-page";
import { CreateCoursePage } from "./pages/create-course-page";
import { ReviewPage } from "./pages/review-page";
import { StudyPanels } from "./pages/study-panels";

const LIBRARY = join(import.meta.dirname, "../.data/e2e-languages/library");
const translated = existsSync(join(LIBRARY, "es")) ? readdirSync(join(LIBRARY, "es")).map((name) => name.replace(/\.json$/, "")) : [];
const VIDEO = translated[0];
const playlistFiles = existsSync(join(LIBRARY, "playlists")) ? readdirSync(join(LIBRARY, "playlists")) : [];
const PLAYLIST =
  playlistFiles[0] === undefined
    ? undefined
    : {
        id: playlistFiles[0].replace(/\.json$/, ""),
        ...(JSON.parse(readFileSync(join(LIBRARY, "playlists", playlistFiles[0]), "utf8")) as { title: string; videoIds: string[] }),
      };

test.skip(VIDEO === undefined || PLAYLIST === undefined, "the shared corpus (../shared/fixtures) is not beside the clone: no videos in other languages");

/** The track the languages instance holds of VIDEO in `language`. */
function track(language: string): { title: string; segments: { text: string }[] } {
  return JSON.parse(readFileSync(join(LIBRARY, language, `${VIDEO}.json`), "utf8")) as { title: string; segments: { text: string }[] };
}

/** Whether a generated title is made of the track's own words (Intl.Segmenter's words, as the engine reads them). */
function wordsOf(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "word" });
  return [...segmenter.segment(text.toLocaleLowerCase(language))].filter((part) => part.isWordLike && !/^\d+$/.test(part.segment)).map((part) => part.segment);
}

function expectTitlesFromTrack(detail: CourseDetail, language: string) {
  const spoken = new Set(
    wordsOf(
      track(language)
        .segments.map((segment) => segment.text)
        .join(" "),
      language,
    ),
  );
  const titles = detail.chapters.flatMap((chapter) => [chapter.title, ...chapter.sections.map((section) => section.title)]);
  expect(titles.length).toBeGreaterThan(3);
  for (const title of titles) {
    const words = wordsOf(title, language);
    expect(words.length, title).toBeGreaterThan(0);
    expect(
      words.filter((word) => !spoken.has(word)),
      `"${title}" is made of the ${language} transcript's words`,
    ).toEqual([]);
  }
}

/** The page has no horizontal scroll: nothing runs out of the viewport. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The course's quiz, the tutor and a citation in the course language: the first section's quiz
 * asks in its wording, the tutor answers a question in the language with its offline note and
 * the video's own words, and the answer's first moment plays in place beside the chat, then opens
 * the course there.
 */
async function expectQuizAndTutorIn(
  page: Page,
  detail: CourseDetail,
  { question, quizWording, tutorNote }: { question: string; quizWording: RegExp; tutorNote: RegExp },
) {
  const coursePage = new CoursePage(page, LANGUAGES_BASE_URL);
  await coursePage.goto(detail.course.id);
  await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
  await expect(coursePage.questions().first().locator("legend")).toContainText(quizWording);
  await expect(coursePage.questions().first().locator("legend span")).toHaveAttribute("lang", detail.course.language);

  const chat = new ChatPage(page, LANGUAGES_BASE_URL);
  await chat.goto(detail.course.id);
  await chat.ask(question);
  await expect(chat.lastReplyText()).toContainText(tutorNote);
  await expect(chat.lastReplyText()).toHaveAttribute("lang", detail.course.language);
  const link = chat.timestampLinks().first();
  await expect(link).toBeVisible();
  const seconds = Number(await link.getAttribute("data-seconds"));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/course/${detail.course.id}/chat$`));
  await expect(chat.videoPanel()).toBeVisible();
  await coursePage.expectPlayerAt(seconds);
  await chat
    .videoPanel()
    .getByRole("link", { name: /^Open in the course at / })
    .click();
  // At the moment the video beside the chat had reached: it plays on from the citation.
  await expect(page).toHaveURL(new RegExp(`/course/${detail.course.id}\\?t=\\d+$`));
  const opened = Number(new URL(page.url()).searchParams.get("t"));
  expect(opened).toBeGreaterThanOrEqual(seconds);
  expect(opened).toBeLessThanOrEqual(seconds + 5);
  await coursePage.expectPlayerAt(opened);
}

/** A moment as the course page shows it ("4:05"). */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/**
 * Opens the note composer at the player's moment: on a phone the note button sits under the
 * transcript sheet, so the sheet is closed first; on a desktop the Notes tab and the "n" key.
 */
async function openNoteComposer(page: Page, panels: StudyPanels, coursePage: CoursePage, phone: boolean) {
  if (phone) {
    await page.keyboard.press("Escape");
    await expect(panels.sheet()).toBeHidden();
    await page.getByRole("button", { name: "Add note" }).click();
  } else {
    await panels.open("Notes", phone);
    await coursePage.heading().click();
    await page.keyboard.press("n");
  }
}

test("desktop: a Spanish course from the create form, offline, from the video's Spanish track: titles, quiz, tutor and citations in Spanish", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await registerViaApi(page.request, undefined, LANGUAGES_BASE_URL);
  const create = new CreateCoursePage(page, LANGUAGES_BASE_URL);
  await create.goto();
  await page.getByLabel("Course language").selectOption("es");
  await create.generate({ topic: `https://youtu.be/${VIDEO}` });
  const id = await create.expectCoursePage();

  const detail = (await (await page.request.get(`${LANGUAGES_BASE_URL}/api/courses/${id}`)).json()) as CourseDetail;
  expect(detail.course.language).toBe("es");
  expect(detail.course.title).toBe(track("es").title);
  expectTitlesFromTrack(detail, "es");
  const coursePage = new CoursePage(page, LANGUAGES_BASE_URL);
  await expect(coursePage.heading()).toHaveText(detail.course.title);
  await expect(coursePage.heading()).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("language-badge").first()).toHaveText(/Español/);
  // The interface stays English.
  await expect(page.getByRole("heading", { name: "Test Your Knowledge" })).toBeVisible({ timeout: 60_000 });

  await expectQuizAndTutorIn(page, detail, {
    question: "¿Qué es un vector?",
    quizWording: /^1\.\s*Completa lo que dice el vídeo: «/,
    tutorNote: /Estoy en modo sin conexión/,
  });
});

test("phone: a Japanese course offline from the video's Japanese track: titles in its words, quiz, tutor and citations in Japanese", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await registerViaApi(page.request, undefined, LANGUAGES_BASE_URL);
  const { detail } = await generateCourse(page.request, LANGUAGES_BASE_URL, `https://www.youtube.com/watch?v=${VIDEO}`, "ja");
  expect(detail.course.language).toBe("ja");
  expect(detail.course.title).toBe(track("ja").title);
  expectTitlesFromTrack(detail, "ja");
  // Japanese is written without spaces: titles are not English words with spaces put in.
  for (const chapter of detail.chapters) expect(chapter.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

  const coursePage = new CoursePage(page, LANGUAGES_BASE_URL);
  await coursePage.goto(detail.course.id);
  await expect(coursePage.heading()).toHaveText(detail.course.title);
  await expect(page.getByTestId("language-badge").first()).toHaveText(/日本語/);
  await expectNoHorizontalOverflow(page);

  await expectQuizAndTutorIn(page, detail, {
    question: "ベクトルとは何ですか",
    quizWording: /^1\.\s*動画の言葉を補ってください：「/,
    tutorNote: /オフラインモードです/,
  });

  // The transcript search reads Japanese across a caption's line break: "ペアと対応" is broken
  // after と in the track, and found.
  const transcript = (await (await page.request.get(`${LANGUAGES_BASE_URL}/api/courses/${detail.course.id}/transcript`)).json()) as {
    segments: { text: string }[];
  };
  const unspaced = (text: string) => text.replace(/(?<=[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー])\s+(?=[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー])/gu, "");
  const expected = transcript.segments.filter((segment) => unspaced(segment.text).includes("ペアと対応")).length;
  expect(expected).toBeGreaterThan(0);
  await coursePage.goto(detail.course.id);
  const panels = new StudyPanels(page);
  await panels.open("Transcript", true);
  await panels.search().fill("ペアと対応");
  await expect(panels.matchCount()).toHaveText(new RegExp(`^${expected} match(es)?$`));
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: an Arabic course reads right to left without breaking the layout: content, transcript, notes and chat`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request, undefined, LANGUAGES_BASE_URL);
    const { detail, sections } = await generateCourse(page.request, LANGUAGES_BASE_URL, `https://youtu.be/${VIDEO}`, "ar");
    expect(detail.course.language).toBe("ar");
    expectTitlesFromTrack(detail, "ar");

    const coursePage = new CoursePage(page, LANGUAGES_BASE_URL);
    await coursePage.goto(detail.course.id);
    await expect(coursePage.heading()).toHaveText(detail.course.title);
    // Generated text runs right to left inside the English interface, which stays left to right.
    const direction = (locator: ReturnType<Page["locator"]>) => locator.evaluate((element) => getComputedStyle(element).direction);
    expect(await direction(coursePage.heading())).toBe("rtl");
    expect(await direction(coursePage.sectionTitle())).toBe("rtl");
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe("ltr");
    await expect(coursePage.sectionTitle()).toHaveText(sections[0]!.title);
    await expect(coursePage.questions().first()).toBeVisible({ timeout: 60_000 });
    expect(await direction(coursePage.questions().first().locator("legend span"))).toBe("rtl");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath(`arabic-course-${name}.png`), fullPage: true });

    const phone = name === "phone";
    const panels = new StudyPanels(page);
    await panels.open("Transcript", phone);
    await expect(panels.lines().first()).toBeVisible();
    expect(await direction(panels.lines().first().locator("[lang]").first())).toBe("rtl");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath(`arabic-transcript-${name}.png`) });

    await openNoteComposer(page, panels, coursePage, phone);
    const note = "ملاحظة: المتجه سهم له طول واتجاه";
    await panels.composer().getByRole("textbox").fill(note);
    await panels.composer().getByRole("button", { name: "Save note" }).click();
    const saved = panels.noteItems().first().getByTestId("note-text");
    await expect(saved).toHaveText(note);
    expect(await direction(saved)).toBe("rtl");
    await expectNoHorizontalOverflow(page);

    const chat = new ChatPage(page, LANGUAGES_BASE_URL);
    await chat.goto(detail.course.id);
    await chat.ask("ما هو المتجه؟");
    await expect(chat.lastReplyText()).toContainText("أنا في وضع عدم الاتصال");
    expect(await direction(chat.lastReplyText())).toBe("rtl");
    expect(await direction(chat.texts("user").last())).toBe("rtl");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: testInfo.outputPath(`arabic-chat-${name}.png`), fullPage: true });
  });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: a five-video playlist becomes one course: the outline by video, the player moving from video to video, a note and a card in video 4, the tutor naming the video`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await registerViaApi(page.request, undefined, LANGUAGES_BASE_URL);
    const create = new CreateCoursePage(page, LANGUAGES_BASE_URL);
    await create.goto();
    await create.generate({ topic: `https://www.youtube.com/playlist?list=${PLAYLIST!.id}` });
    const id = await create.expectCoursePage(90_000);
    const detail = (await (await page.request.get(`${LANGUAGES_BASE_URL}/api/courses/${id}`)).json()) as CourseDetail;
    expect(detail.course.title).toBe(PLAYLIST!.title);
    expect(detail.course.videos.map((video) => video.videoId)).toEqual(PLAYLIST!.videoIds);

    const coursePage = new CoursePage(page, LANGUAGES_BASE_URL);
    await expect(coursePage.heading()).toHaveText(PLAYLIST!.title);
    const phone = name === "phone";
    const contents = page.getByRole("button", { name: /^Course contents/ });
    if (phone) await contents.click();
    const headings = coursePage.outline().getByTestId("outline-video");
    await expect(headings).toHaveCount(5);
    await expect(headings.nth(2)).toHaveText(`Video 3: ${detail.course.videos[2]!.title}`);
    if (phone) await contents.click();
    await expect(coursePage.player()).toHaveAttribute("data-video-id", PLAYLIST!.videoIds[0]!);
    await expectNoHorizontalOverflow(page);

    // A section of the third video: the player loads that video at the section's own moment in it.
    const third = detail.course.videos[2]!;
    const chapter = detail.chapters.find((candidate) => candidate.sections[0]!.timeStart >= third.offsetSeconds)!;
    const section = chapter.sections[0]!;
    if (phone) await contents.click();
    await coursePage.selectSection(chapter.title, section.title);
    await expect(coursePage.player()).toHaveAttribute("data-video-id", third.videoId);
    await coursePage.expectPlayerAt(section.timeStart - third.offsetSeconds);

    // Played to its end, a video hands over to the next one, from its start.
    await coursePage.seekPlayer(third.durationSeconds);
    await expect(coursePage.player()).toHaveAttribute("data-video-id", detail.course.videos[3]!.videoId);
    await coursePage.expectPlayerAt(0);

    // The transcript runs on across the videos, each line at its video's own moment: the fourth
    // video's first line, once the player is past its start, is "Video 4 · m:ss".
    const fourth = detail.course.videos[3]!;
    const transcript = (await (await page.request.get(`${LANGUAGES_BASE_URL}/api/courses/${id}/transcript`)).json()) as { segments: { start: number }[] };
    const line = transcript.segments.find((segment) => segment.start >= fourth.offsetSeconds)!;
    const local = line.start - fourth.offsetSeconds;
    await coursePage.pausePlayer();
    await coursePage.seekPlayer(Math.ceil(local));
    const panels = new StudyPanels(page);
    await panels.open("Transcript", phone);
    const label = `Video 4 · ${clock(local)}`;
    await expect(panels.activeLine()).toHaveAccessibleName(new RegExp(`^Play from ${label}\\s`));

    // A note taken there is at the player's moment in video 4.
    await openNoteComposer(page, panels, coursePage, phone);
    const noteLabel = `Video 4 · ${clock(Math.ceil(local))}`;
    await expect(panels.composer()).toContainText(`Note at ${noteLabel}`);
    await panels.composer().getByRole("textbox").fill("The fourth video starts here");
    await panels.composer().getByRole("button", { name: "Save note" }).click();
    await expect(panels.noteItems().first().getByTestId("note-text")).toHaveText("The fourth video starts here");
    await expect(
      panels
        .noteItems()
        .first()
        .getByRole("button", { name: `Play from ${noteLabel}` }),
    ).toBeVisible();

    // A card made at that line is due on /review with the same label, and leads back into video 4.
    const made = await page.request.post(`${LANGUAGES_BASE_URL}/api/courses/${id}/cards`, {
      data: { source: "transcript", front: "What does the fourth video open with?", back: "Its first line", timeSeconds: line.start },
    });
    expect(made.status(), await made.text()).toBe(200);
    const review = new ReviewPage(page, LANGUAGES_BASE_URL);
    await review.goto();
    await review.showAnswer().click();
    await expect(review.rewatch()).toHaveText(`Rewatch this moment (${label})`);
    await review.rewatch().click();
    await expect(coursePage.player()).toHaveAttribute("data-video-id", fourth.videoId);
    await coursePage.expectPlayerAt(Math.floor(line.start) - fourth.offsetSeconds);

    // The tutor answers across the videos and its citations name the video.
    const chat = new ChatPage(page, LANGUAGES_BASE_URL);
    await chat.goto(id);
    await chat.ask("What is an eigenvalue?");
    const link = chat.timestampLinks().first();
    await expect(link).toHaveText(/^Video [1-5] · \d+:\d\d$/);
    const seconds = Number(await link.getAttribute("data-seconds"));
    const videoNumber = Number((await link.innerText()).match(/^Video (\d)/)![1]);
    const cited = detail.course.videos[videoNumber - 1]!;
    await link.click();
    await expect(coursePage.player()).toHaveAttribute("data-video-id", cited.videoId);
    await coursePage.expectPlayerAt(seconds - cited.offsetSeconds);
  });
}
