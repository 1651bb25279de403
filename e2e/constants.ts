/** A coupon the main instance's database starts with (playwright.config.ts creates it with scripts/coupon-create.ts). */
export const E2E_COUPON = "E2E-WELCOME";

/** The fake Stripe's control endpoint (test/fakes/stripe.mjs on port 3106). */
export const FAKE_STRIPE_CONTROL = "http://127.0.0.1:3106/__control";
