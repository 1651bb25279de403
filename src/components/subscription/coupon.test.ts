import { describe, expect, it } from "vitest";

import { failureText } from "~/lib/failure-text";
import { couponRedeemInput } from "~/lib/schemas/subscription";

import { COUPON_FAILED_FALLBACK, validateCouponCode } from "./coupon";
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_MAX_LENGTH as API_MAX_LENGTH, COUPON_CODE_REQUIRED_MESSAGE } from "~/lib/rules/subscription";

describe("validateCouponCode", () => {
  it("asks for a code that is not blank after trimming", () => {
    expect(validateCouponCode("")).toBe("Please enter a coupon code");
    expect(validateCouponCode("   ")).toBe(COUPON_CODE_REQUIRED_MESSAGE);
    expect(validateCouponCode("WELCOME")).toBeNull();
    expect(validateCouponCode("  welcome  ")).toBeNull();
  });

  it("agrees with the API contract the server enforces", () => {
    expect(COUPON_CODE_MAX_LENGTH).toBe(API_MAX_LENGTH);
    for (const code of ["", "  ", "A", " welcome "]) {
      expect(validateCouponCode(code) === null, code).toBe(couponRedeemInput.safeParse({ code }).success);
    }
    const blank = couponRedeemInput.safeParse({ code: " " });
    expect(blank.error?.issues[0]?.message).toBe(COUPON_CODE_REQUIRED_MESSAGE);
  });
});

describe("a failed redemption's words", () => {
  it("passes the server's reason on, else asks to check the code", () => {
    expect(failureText(new Error("This coupon code is not valid."), COUPON_FAILED_FALLBACK)).toBe("This coupon code is not valid.");
    expect(failureText(new Error("  "), COUPON_FAILED_FALLBACK)).toBe("Please check your coupon code and try again.");
    expect(failureText(undefined, COUPON_FAILED_FALLBACK)).toBe("Please check your coupon code and try again.");
  });
});
