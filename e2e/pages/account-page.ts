import type { Page } from "@playwright/test";

/** /account: the password form and the API tokens card. */
export class AccountPage {
  constructor(readonly page: Page) {}

  goto() {
    return this.page.goto("/account");
  }

  tokenForm() {
    return this.page.getByRole("form", { name: "Create an API token" });
  }

  async createToken(name: string, expires: string) {
    const form = this.tokenForm();
    await form.getByLabel("Token name").fill(name);
    await form.getByLabel("Expires").selectOption({ label: expires });
    await form.getByRole("button", { name: "Create token" }).click();
  }

  newToken() {
    return this.page.getByTestId("new-api-token");
  }

  newTokenValue() {
    return this.newToken().getByRole("textbox", { name: "New API token" });
  }

  tokens() {
    return this.page.getByRole("list", { name: "Your API tokens" }).getByTestId("api-token");
  }

  token(name: string) {
    return this.tokens().filter({ hasText: name });
  }
}
