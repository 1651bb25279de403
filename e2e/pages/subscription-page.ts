import type { Page } from "@playwright/test";

/** /subscription: the current plan, the plans, the coupon form and the FAQ. */
export class SubscriptionPage {
  constructor(
    private readonly page: Page,
    private readonly origin = "",
  ) {}

  async goto() {
    await this.page.goto(`${this.origin}/subscription`);
  }

  currentPlan() {
    return this.page.getByTestId("current-plan");
  }

  badge() {
    return this.page.getByTestId("plan-badge");
  }

  usage() {
    return this.page.getByTestId("course-usage");
  }

  renewal() {
    return this.page.getByTestId("renewal");
  }

  upgradeButton() {
    return this.page.getByRole("button", { name: "Upgrade to Premium" });
  }

  manageBillingButton() {
    return this.page.getByRole("button", { name: "Manage billing" });
  }

  couponInput() {
    return this.page.getByRole("textbox", { name: "Coupon code" });
  }

  redeemButton() {
    return this.page.getByRole("button", { name: "Redeem" });
  }

  couponForm() {
    return this.page.getByTestId("coupon-form");
  }

  couponSuccess() {
    return this.page.getByTestId("coupon-success");
  }
}
