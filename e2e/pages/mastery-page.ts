import type { Page } from "@playwright/test";

/** /mastery: weakest first, the list and the map of the learner's concepts, one concept's details, and Practice. */
export class MasteryPage {
  constructor(readonly page: Page) {}

  goto(conceptId?: number) {
    return this.page.goto(conceptId === undefined ? "/mastery" : `/mastery?concept=${conceptId}`);
  }

  empty() {
    return this.page.getByTestId("mastery-empty");
  }

  weakest() {
    return this.page.getByTestId("weakest-concepts");
  }

  rows() {
    return this.page.getByTestId("concept-row");
  }

  row(conceptId: number) {
    return this.page.locator(`[data-testid="concept-row"][data-concept-id="${conceptId}"]`);
  }

  tab(name: "List" | "Map") {
    return this.page.getByRole("tab", { name });
  }

  map() {
    return this.page.getByRole("region", { name: "Concept map" });
  }

  mapNodes() {
    return this.page.locator("[data-concept-node]");
  }

  details() {
    return this.page.getByTestId("concept-details");
  }

  practiceDialog() {
    return this.page.getByRole("dialog", { name: /^Practice:/ });
  }

  /** The header's "Mastery" link. */
  headerLink() {
    return this.page.getByTestId("header-mastery-link");
  }
}
