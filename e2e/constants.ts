/**
 * The browser tests ask for reduced motion: with software compositing, spinners, skeletons and
 * transitions kept Chromium drawing and took half the suite's CPU. The specs about motion
 * (mobile-shell.spec.ts, theme-system.spec.ts) walk the animated default instead.
 */
export const E2E_REDUCED_MOTION = "reduce";

/** A coupon the main instance's database starts with (playwright.config.ts creates it with scripts/coupon-create.ts). */
export const E2E_COUPON = "E2E-WELCOME";

/**
 * Every page, as a signed-out visitor and as a signed-in learner sees it: the accessibility
 * checks and the screenshots walk these. `{course}` is the learner's course id and
 * `/achievements/{card}` their shared achievements card; a new page goes here. (The LTI
 * deep-linking picker, /lti/deep-link/{launchId}, needs an LMS's launch: e2e/lti.spec.ts checks it.)
 */
export const SIGNED_OUT_PAGES = ["/", "/auth", "/how-it-works", "/subscription", "/achievements/{card}", "/no/such/page"];
export const SIGNED_IN_PAGES = [
  "/",
  "/create-course",
  "/course/{course}",
  "/course/{course}/chat",
  "/gamification",
  "/subscription",
  "/subscription/success",
  "/subscription/cancel",
  "/account",
  "/review",
  "/mastery",
  "/classes",
  "/how-it-works",
  "/achievements/{card}",
  "/course/999999999",
  "/no/such/page",
];

/** A page of SIGNED_*_PAGES with the learner's course id and achievements card path filled in. */
export const pageFor = (path: string, learner: { course: number; card: string }) =>
  path.replace("{course}", String(learner.course)).replace("/achievements/{card}", learner.card);

/** The Playwright project whose spec files run one at a time, after the others (playwright.config.ts). */
export const FAKE_LLM_MODE_PROJECT = "chromium-llm-modes";

/** The school sign-in button's text on the main instance (OIDC_NAME; playwright.config.ts points it at a fake identity provider). */
export const SCHOOL_SIGN_IN_NAME = "Sign in with Springfield SSO";
