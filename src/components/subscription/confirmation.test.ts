import { describe, expect, it } from "vitest";

import { CONFIRMATION_POLL_MS, CONFIRMATION_TEXT, CONFIRMATION_TIMEOUT_MS, confirmationPollInterval, confirmationState } from "./confirmation";

describe("confirmationPollInterval", () => {
  it("polls every 2 seconds while the plan is still free", () => {
    expect(confirmationPollInterval(undefined, false)).toBe(2000);
    expect(confirmationPollInterval("free", false)).toBe(CONFIRMATION_POLL_MS);
  });

  it("stops once premium arrives or the wait of about 30 seconds is over", () => {
    expect(confirmationPollInterval("premium", false)).toBe(false);
    expect(confirmationPollInterval("free", true)).toBe(false);
    expect(CONFIRMATION_TIMEOUT_MS).toBe(30_000);
  });
});

describe("confirmationState", () => {
  it("is active on premium, confirming while waiting, unconfirmed after", () => {
    expect(confirmationState("premium", false)).toBe("active");
    expect(confirmationState("premium", true)).toBe("active");
    expect(confirmationState(undefined, false)).toBe("confirming");
    expect(confirmationState("free", false)).toBe("confirming");
    expect(confirmationState("free", true)).toBe("unconfirmed");
  });

  it("says so in the spec's words", () => {
    expect(CONFIRMATION_TEXT.active).toBe("Your Premium plan is active.");
    expect(CONFIRMATION_TEXT.confirming).toBe("Confirming your payment with Stripe…");
  });
});
