/**
 * Plans in Chromium: upgrading through the fake Stripe Checkout (its webhooks reach the app
 * before it sends the browser back), cancelling in the fake customer portal, redeeming a coupon,
 * and a server without Stripe keys (the offline instance).
 */
import { E2E_COUPON } from "./constants";
import { SubscriptionPage } from "./pages/subscription-page";
import { expect, expectAccessible, OFFLINE_BASE_URL, registerViaApi, test } from "./fixtures";

test("a free learner upgrades through Stripe Checkout, lands on the success page as Premium, and cancels at the period's end", async ({ page, shell }) => {
  await registerViaApi(page.request);
  const plans = new SubscriptionPage(page);
  await plans.goto();
  await expect(plans.badge()).toHaveText("FREE TIER");
  await expect(plans.usage()).toContainText("0 / 1");
  await expect(page.getByRole("progressbar", { name: "Courses created this month" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
  await expectAccessible(page);

  await plans.upgradeButton().click();
  await expect(page).toHaveTitle(/Fake Stripe Checkout/);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_/);
  await expect(shell.toast("Subscription Successful")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Subscription Successful", level: 1 })).toBeVisible();
  for (const text of ["Premium", "Monthly", "$15.00 / month"]) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Your Premium plan is active.");

  await page.getByRole("link", { name: "Manage Subscription" }).click();
  await expect(plans.badge()).toHaveText("ACTIVE");
  await expect(plans.renewal()).toContainText("Renews on");
  await expect(plans.usage()).toContainText("∞");
  await expect(plans.upgradeButton()).toBeHidden();

  // The customer portal: cancelling keeps Premium until the end of the paid period.
  await plans.manageBillingButton().click();
  await expect(page).toHaveTitle(/Fake Stripe Customer Portal/);
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(plans.badge()).toHaveText("ACTIVE");
  await expect(plans.renewal()).toContainText("Ends on");
});

test("the success page grants nothing by itself", async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto("/subscription/success?session_id=cs_made_up");
  await expect(page.getByTestId("payment-status")).toContainText("Confirming your payment with Stripe");
  const plan = await page.request.get("/api/subscription");
  expect(await plan.json()).toMatchObject({ subscriptionTier: "free" });
});

test("a coupon unlocks Premium; the form refuses an empty or wrong code", async ({ page, shell }) => {
  await registerViaApi(page.request);
  const plans = new SubscriptionPage(page);
  await plans.goto();
  await expect(plans.redeemButton()).toBeDisabled();
  await plans.couponInput().fill("   ");
  await expect(plans.redeemButton()).toBeDisabled();
  await expect(plans.couponForm()).toContainText("Please enter a coupon code");

  await plans.couponInput().fill("NOT-A-REAL-CODE");
  await plans.redeemButton().click();
  await expect(shell.toast("Failed to redeem coupon")).toBeVisible();
  await expect(plans.couponForm()).toContainText("Failed to redeem coupon code");
  await expect(plans.badge()).toHaveText("FREE TIER");

  await plans.couponInput().fill(` ${E2E_COUPON.toLowerCase()} `);
  await plans.redeemButton().click();
  await expect(shell.toast("Coupon redeemed successfully")).toBeVisible();
  await expect(plans.couponSuccess()).toBeVisible();
  await expect(plans.badge()).toHaveText("ACTIVE");
  await expect(plans.renewal()).toContainText("coupon");
  await expect(plans.couponInput()).toHaveValue("");
  // The success state is shown for 5 seconds, then hidden.
  await expect(plans.couponSuccess()).toBeHidden({ timeout: 8_000 });

  // Redeeming the same code again is refused.
  await plans.couponInput().fill(E2E_COUPON);
  await plans.redeemButton().click();
  await expect(plans.couponForm()).toContainText("You have already redeemed this coupon.");
});

test("without Stripe keys, 'Upgrade to Premium' says payments are not configured", async ({ page, shell }) => {
  await registerViaApi(page.request, undefined, OFFLINE_BASE_URL);
  const plans = new SubscriptionPage(page, OFFLINE_BASE_URL);
  await plans.goto();
  await expect(page.getByText("Payments are not configured on this server.")).toBeVisible();
  await plans.upgradeButton().click();
  await expect(shell.toast("Failed to create checkout session")).toBeVisible();
  await expect(page.getByText(/Payments are not configured on this server, so Premium cannot be bought here yet/)).toBeVisible();
});

test("signed out, the subscription page asks to sign in; the cancel page states the free plan", async ({ page }) => {
  await page.goto("/subscription");
  await expect(page.getByText("Please sign in to manage your subscription.")).toBeVisible();
  await page.goto("/subscription/cancel");
  await expect(page.getByRole("heading", { name: "Subscription Cancelled" })).toBeVisible();
  await expect(page.getByText("1 per month")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/subscription");
});
