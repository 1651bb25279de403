import type { Page } from "@playwright/test";

/** A learner's sign-up details (e2e/fixtures.ts uniqueUser makes fresh ones). */
export type Credentials = { username: string; email: string; password: string };

/** /auth: the Login and Register tabs. */
export class AuthPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/auth");
    await this.page.getByRole("tab", { name: "Login" }).waitFor();
  }

  private get loginForm() {
    return this.page.getByRole("form", { name: "Login" });
  }

  private get registerForm() {
    return this.page.getByRole("form", { name: "Register" });
  }

  async login(username: string, password: string) {
    await this.page.getByRole("tab", { name: "Login" }).click();
    await this.loginForm.getByLabel("Username").fill(username);
    await this.loginForm.getByLabel("Password", { exact: true }).fill(password);
    await this.loginForm.getByRole("button", { name: "Login", exact: true }).click();
  }

  async register(user: Partial<Credentials> & { confirmPassword?: string }) {
    await this.page.getByRole("tab", { name: "Register" }).click();
    await this.registerForm.getByLabel("Username").fill(user.username ?? "");
    await this.registerForm.getByLabel("Email").fill(user.email ?? "");
    await this.registerForm.getByLabel("Password", { exact: true }).fill(user.password ?? "");
    await this.registerForm.getByLabel("Confirm Password").fill(user.confirmPassword ?? user.password ?? "");
    await this.registerForm.getByRole("button", { name: "Register", exact: true }).click();
  }

  googleButton() {
    return this.page.getByRole("button", { name: "Continue with Google" });
  }

  /** The school's sign-in (OIDC_NAME). */
  schoolButton(name: string) {
    return this.page.getByRole("button", { name });
  }
}
