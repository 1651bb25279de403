import { expect, type Page } from "@playwright/test";

/** The header and sidebar every page shares. */
export class Shell {
  constructor(private readonly page: Page) {}

  userMenu() {
    return this.page.getByRole("button", { name: "User menu" });
  }

  signInLink() {
    return this.page.getByTestId("app-header").getByRole("link", { name: "Sign In" });
  }

  async expectSignedInAs(label: string) {
    await this.userMenu().click();
    await expect(this.page.getByTestId("user-menu-label")).toHaveText(label);
    await this.page.keyboard.press("Escape");
  }

  async signOut() {
    await this.userMenu().click();
    await this.page.getByRole("menuitem", { name: "Sign out" }).click();
  }

  async chooseTheme(theme: "Light" | "Dark" | "System") {
    await this.page.getByRole("button", { name: "Toggle theme" }).click();
    await this.page.getByRole("menuitemradio", { name: theme }).click();
  }

  toast(text: string | RegExp) {
    return this.page.getByTestId("toast").getByText(text, { exact: typeof text === "string" });
  }
}
