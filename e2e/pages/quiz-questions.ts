import { type Locator } from "@playwright/test";

/**
 * What a learner who does not know writes to an open question: a sentence that says none of what
 * the video says (an empty answer is refused), so it is graded a miss and makes a review card.
 */
export const MISSED_OPEN_ANSWER = "I do not remember this part.";

/** One question of the section quiz (a `quiz-question` fieldset): an open one's answer field and its graded result. */
export class QuizQuestion {
  constructor(readonly root: Locator) {}

  kind() {
    return this.root.getAttribute("data-kind");
  }

  /** The question's text, without its number. */
  async text() {
    return (await this.root.locator("legend").innerText()).replace(/^\d+\.\s*/, "");
  }

  /** A choice question's option, by its text. */
  option(text: string) {
    return this.root.getByTestId("quiz-option").filter({ has: this.root.page().getByText(text, { exact: true }) });
  }

  /** Answers as a learner does: a choice by checking the option `text`, an open question by writing `text` in its text area. */
  async answer(text: string) {
    if ((await this.kind()) === "open") await this.answerField().fill(text);
    else await this.option(text).getByRole("radio").check();
  }

  /** Answers without knowing: a choice's first option, an open question MISSED_OPEN_ANSWER. */
  async answerAnyhow() {
    if ((await this.kind()) === "open") await this.answerField().fill(MISSED_OPEN_ANSWER);
    else await this.root.getByRole("radio").first().check();
  }

  /** An open question's text area, by its visible label. */
  answerField() {
    return this.root.getByRole("textbox", { name: "Your answer, in your own words" });
  }

  /** The character count under the text area. */
  characterCount() {
    return this.root.getByText(/^[\d,]+ of 1,000 characters$/);
  }

  /** "Partly right — 50%" and the like, once graded. */
  credit() {
    return this.root.getByTestId("quiz-credit");
  }

  async creditPercent(): Promise<number> {
    return Number(await this.credit().getAttribute("data-percent"));
  }

  feedback() {
    return this.root.getByTestId("quiz-feedback");
  }

  /** "What the video says" and the reference answer under it. */
  reference() {
    return this.root.getByTestId("quiz-reference");
  }

  referenceText() {
    return this.reference().locator("blockquote");
  }

  rewatch() {
    return this.root.getByRole("button", { name: /^Rewatch this part \(from / });
  }
}
