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

  /**
   * Opens a menu until `item` shows. The header is server-rendered: a click that lands before
   * hydration (a busy machine) does nothing, so it is repeated, but never while the menu is open.
   */
  private async openMenu(trigger: ReturnType<Page["getByRole"]>, item: ReturnType<Page["getByRole"]>) {
    await expect(async () => {
      if (!(await item.isVisible())) await trigger.click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  async expectSignedInAs(label: string) {
    await this.openMenu(this.userMenu(), this.page.getByRole("menuitem", { name: "Sign out" }));
    await expect(this.page.getByTestId("user-menu-label")).toHaveText(label);
    await this.page.keyboard.press("Escape");
  }

  async signOut() {
    const item = this.page.getByRole("menuitem", { name: "Sign out" });
    await this.openMenu(this.userMenu(), item);
    await item.click();
  }

  /** Opens the theme menu; answers the item of `theme`. */
  async openThemeMenu(theme: "Light" | "Dark" | "System") {
    const item = this.page.getByRole("menuitemradio", { name: theme });
    await this.openMenu(this.page.getByRole("button", { name: "Toggle theme" }), item);
    return item;
  }

  async chooseTheme(theme: "Light" | "Dark" | "System") {
    await (await this.openThemeMenu(theme)).click();
  }

  toast(text: string | RegExp) {
    return this.page.getByTestId("toast").getByText(text, { exact: typeof text === "string" });
  }
}
