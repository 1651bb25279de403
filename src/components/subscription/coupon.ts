/** The coupon form's checks and words; the limits and words the server shares are in lib/rules/subscription.ts. */
import { COUPON_CODE_REQUIRED_MESSAGE } from "~/lib/rules/subscription";

export const COUPON_FAILED_TITLE = "Failed to redeem coupon";
/** The failure toast's description when the server gives no reason. */
export const COUPON_FAILED_FALLBACK = "Please check your coupon code and try again.";
export const COUPON_FAILED_INLINE = "Failed to redeem coupon code";
export const COUPON_REDEEMED_TITLE = "Coupon redeemed successfully";
export const COUPON_REDEEMED_DESCRIPTION = "Your subscription has been updated.";

/** How long the form's success banner stays. */
export const COUPON_SUCCESS_VISIBLE_MS = 5000;

/** The message to show at the code field, or null when the code can be sent. */
export function validateCouponCode(code: string): string | null {
  return code.trim() === "" ? COUPON_CODE_REQUIRED_MESSAGE : null;
}
