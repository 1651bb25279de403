import { expect, type Page } from "@playwright/test";

export type Complexity = "Beginner" | "Intermediate" | "Advanced";

/** /create-course: the course-limit banner, the form and the generation loader. */
export class CreateCoursePage {
  /** `origin` selects the app instance (the offline one runs on its own port). */
  constructor(
    private readonly page: Page,
    private readonly origin = "",
  ) {}

  async goto(query = "") {
    await this.page.goto(`${this.origin}/create-course${query}`);
    await expect(this.topic()).toBeVisible();
  }

  form() {
    return this.page.getByRole("form", { name: "Create course" });
  }

  topic() {
    return this.form().getByLabel("Topic");
  }

  complexity(level: Complexity) {
    return this.form().getByRole("radio", { name: level });
  }

  instructions() {
    return this.form().getByLabel("Additional Instructions (optional)");
  }

  generateButton() {
    return this.form().getByRole("button", { name: "Generate" });
  }

  banner() {
    return this.page.getByRole("region", { name: "Course limit" });
  }

  loader() {
    return this.page.getByTestId("generation-loader");
  }

  stage() {
    return this.page.getByTestId("generation-stage");
  }

  progressBar() {
    return this.page.getByRole("progressbar", { name: "Course generation progress" });
  }

  async fill({ topic, complexity, instructions }: { topic: string; complexity?: Complexity; instructions?: string }) {
    await this.topic().fill(topic);
    if (complexity) await this.complexity(complexity).check();
    if (instructions !== undefined) await this.instructions().fill(instructions);
  }

  async generate(options: Parameters<CreateCoursePage["fill"]>[0]) {
    await this.fill(options);
    await this.generateButton().click();
  }

  /** The topic field's error, announced with it (aria-describedby). */
  async expectTopicError(message: string) {
    await expect(this.topic()).toHaveAttribute("aria-invalid", "true");
    await expect(this.topic()).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    await expect(this.form().getByText(message, { exact: true })).toBeVisible();
  }

  /** Waits for the browser to land on the new course's page and answers its id. */
  async expectCoursePage(timeout = 60_000): Promise<number> {
    await this.page.waitForURL(/\/course\/\d+$/, { timeout });
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
