import { type Locator } from "@playwright/test";

/** One question of the section quiz (a `quiz-question` fieldset): an open one's answer field and its graded result. */
export class QuizQuestion {
  constructor(readonly root: Locator) {}

  kind() {
    return this.root.getAttribute("data-kind");
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
