import type { Page } from "@playwright/test";

/** /review: one due card at a time, its answer, the four ratings, the rewatch link and the empty state. */
export class ReviewPage {
  /** `origin` selects the app instance (the offline ones run on their own ports). */
  constructor(
    readonly page: Page,
    private readonly origin = "",
  ) {}

  goto() {
    return this.page.goto(`${this.origin}/review`);
  }

  card() {
    return this.page.getByTestId("review-card");
  }

  front() {
    return this.page.getByTestId("review-front");
  }

  back() {
    return this.page.getByTestId("review-back");
  }

  remaining() {
    return this.page.getByTestId("review-remaining");
  }

  showAnswer() {
    return this.page.getByRole("button", { name: "Show answer" });
  }

  rating(name: "Again" | "Hard" | "Good" | "Easy") {
    return this.card().getByRole("button", { name: new RegExp(`^${name}`) });
  }

  rewatch() {
    return this.page.getByRole("link", { name: /^Rewatch this moment/ });
  }

  empty() {
    return this.page.getByTestId("review-empty");
  }

  /** The header's "Review" link and its count of due cards. */
  headerLink() {
    return this.page.getByTestId("header-review-link");
  }

  headerCount() {
    return this.page.getByTestId("header-due-count");
  }

  /** The learner switches to another tab and back: the page is hidden, then visible again. */
  async leaveAndComeBack() {
    for (const state of ["hidden", "visible"]) {
      await this.page.evaluate((visibility) => {
        Object.defineProperty(document, "visibilityState", { value: visibility, configurable: true });
        Object.defineProperty(document, "hidden", { value: visibility === "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
      }, state);
    }
  }
}
