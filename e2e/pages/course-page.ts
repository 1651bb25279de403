import { expect, type Locator, type Page } from "@playwright/test";

import { QuizQuestion } from "./quiz-questions";

/** /course/{id}: the outline, the video (stub or YouTube), the section, its quiz and the section buttons. */
export class CoursePage {
  /** `origin` selects the app instance (the offline one runs on its own port). */
  constructor(
    private readonly page: Page,
    private readonly origin = "",
  ) {}

  async goto(id: number) {
    await this.page.goto(`${this.origin}/course/${id}`);
  }

  /** Under the video: opens the chat about the moment being watched. */
  askAboutMoment() {
    return this.page.getByRole("link", { name: "Ask about this moment" });
  }

  /** The Export menu's button beside the course title. */
  exportButton() {
    return this.page.getByTestId("course-exports").getByRole("button", { name: "Export" });
  }

  /** The Export menu (when open). */
  exportMenu() {
    return this.page.getByTestId("course-exports").getByRole("menu");
  }

  /** The Export menu, opened, and one of its downloads. */
  async exportLink(name: RegExp) {
    if ((await this.exportButton().getAttribute("aria-expanded")) !== "true") await this.exportButton().click();
    return this.exportMenu().getByRole("menuitem", { name });
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  engineBadge() {
    return this.page.getByTestId("engine-badge");
  }

  outline() {
    return this.page.getByRole("complementary", { name: "Course outline" });
  }

  chapterButton(title: string) {
    return this.outline().getByRole("button", { name: new RegExp(`^Chapter \\d+: ${escapeRegExp(title)}$`) });
  }

  /** A section's button in the outline, by its exact title. */
  section(title: string) {
    return this.outline()
      .getByTestId("course-section")
      .filter({ has: this.page.getByText(title, { exact: true }) });
  }

  currentSection() {
    return this.outline().locator('[aria-current="step"]');
  }

  /** Opens the section's chapter if needed and selects it. */
  async selectSection(chapterTitle: string, sectionTitle: string) {
    const chapter = this.chapterButton(chapterTitle);
    if ((await chapter.getAttribute("aria-expanded")) !== "true") await chapter.click();
    await this.section(sectionTitle).click();
  }

  async expectCurrent(title: string) {
    await expect(this.section(title)).toHaveAttribute("aria-current", "step");
    await expect(this.sectionTitle()).toHaveText(title);
  }

  sectionTitle() {
    return this.page.getByTestId("section-title");
  }

  progressPercent() {
    return this.outline().getByTestId("course-progress-percent");
  }

  progressBar() {
    return this.outline().getByRole("progressbar", { name: "Course progress" });
  }

  /** Where the video is on the page: the stub's or YouTube's player, or what shows when it cannot load. */
  video() {
    return this.page.locator('[data-testid="stub-player"], [data-testid="youtube-player"], [data-testid="video-unavailable"]');
  }

  /** The whole video is on screen and not under the sticky header (scrolling there may be smooth: retried). */
  async expectVideoInView() {
    await expect(this.video()).toBeInViewport({ ratio: 1 });
    await expect
      .poll(async () => {
        const header = await this.page.getByTestId("app-header").boundingBox();
        const video = await this.video().boundingBox();
        return video!.y - (header!.y + header!.height);
      })
      .toBeGreaterThanOrEqual(0);
  }

  // The stub video player (VIDEO_PLAYER=stub).
  player() {
    return this.page.getByTestId("stub-player");
  }

  async playerSeconds(): Promise<number> {
    return Number(await this.player().getAttribute("data-time"));
  }

  /** Waits until the stub's clock is at `seconds` (it advances 1 s a second, so within `slack`). */
  async expectPlayerAt(seconds: number, slack = 3) {
    await expect.poll(() => this.playerSeconds()).toBeGreaterThanOrEqual(seconds);
    await expect.poll(() => this.playerSeconds()).toBeLessThanOrEqual(seconds + slack);
  }

  async pausePlayer() {
    await this.player().getByRole("button", { name: "Pause" }).click();
  }

  /** Moves the stub's clock as if the video had played to `seconds`. */
  async seekPlayer(seconds: number) {
    await this.player().getByRole("slider", { name: "Seek" }).fill(String(seconds));
  }

  // The real YouTube player (VIDEO_PLAYER=youtube, the offline instance), on the fake IFrame API.
  youtubePlayer() {
    return this.page.getByTestId("youtube-player");
  }

  /** What the player area says when the YouTube IFrame API could not be loaded. */
  videoUnavailable() {
    return this.page.getByText("The video player could not be loaded.", { exact: true });
  }

  /** The failed player's way on: load it again. */
  retryVideo() {
    return this.page.getByTestId("video-unavailable").getByRole("button", { name: "Retry" });
  }

  /** The failed player's way on: the video on youtube.com at the moment the page is at. */
  watchOnYouTube() {
    return this.page.getByTestId("video-unavailable").getByRole("link", { name: /^Watch on YouTube at \d+:\d\d$/ });
  }

  // The quiz.
  quiz() {
    return this.page.getByTestId("section-quiz");
  }

  questions() {
    return this.quiz().getByTestId("quiz-question");
  }

  option(question: Locator, text: string) {
    return question.getByTestId("quiz-option").filter({ has: this.page.getByText(text, { exact: true }) });
  }

  async choose(question: Locator, text: string) {
    await this.option(question, text).getByRole("radio").check();
  }

  /** The quiz's question at `index` (from 0), choice or open. */
  question(index: number) {
    return new QuizQuestion(this.questions().nth(index));
  }

  /**
   * Answers every question shown with `answerTo(its text)`: a choice's option, or what to write
   * for an open question. Answers how many questions there are.
   */
  async answerEach(answerTo: (text: string) => string) {
    const count = await this.questions().count();
    for (let index = 0; index < count; index += 1) {
      const question = this.question(index);
      await question.answer(answerTo(await question.text()));
    }
    return count;
  }

  /** Answers every question without knowing (QuizQuestion.answerAnyhow); answers how many there are. */
  async answerAnyhow() {
    const count = await this.questions().count();
    for (let index = 0; index < count; index += 1) await this.question(index).answerAnyhow();
    return count;
  }

  submitButton() {
    return this.quiz().getByRole("button", { name: "Submit Answers" });
  }

  nextButton() {
    return this.page.getByRole("navigation", { name: "Section navigation" }).getByRole("button").last();
  }

  previousButton() {
    return this.page.getByRole("navigation", { name: "Section navigation" }).getByRole("button", { name: /^Previous/ });
  }
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
