/** Plans and coupons: the limits and the words the server answers with and the pages show. Zod-free: pages import it. */

export const MONTHLY_LIMIT_TITLE = "Monthly course limit reached";
export const MONTHLY_LIMIT_MESSAGE = "You've reached your monthly limit of 1 course. Upgrade to Premium for unlimited courses.";

export const COUPON_CODE_MAX_LENGTH = 64;

export const COUPON_CODE_REQUIRED_MESSAGE = "Please enter a coupon code";
