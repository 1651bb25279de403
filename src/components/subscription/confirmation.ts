import type { SubscriptionView } from "~/lib/schemas/subscription";

/**
 * The success page waits for Stripe's webhook (visiting the page grants nothing): the plan is
 * re-read every CONFIRMATION_POLL_MS while it is still free, until CONFIRMATION_TIMEOUT_MS pass.
 */
export const CONFIRMATION_POLL_MS = 2000;
export const CONFIRMATION_TIMEOUT_MS = 30_000;

type Tier = SubscriptionView["subscriptionTier"];

/** The next poll's delay, or false to stop: premium has arrived, or the wait is over. */
export function confirmationPollInterval(tier: Tier | undefined, timedOut: boolean): number | false {
  return tier === "premium" || timedOut ? false : CONFIRMATION_POLL_MS;
}

export type ConfirmationState = "active" | "confirming" | "unconfirmed";

export function confirmationState(tier: Tier | undefined, timedOut: boolean): ConfirmationState {
  if (tier === "premium") return "active";
  return timedOut ? "unconfirmed" : "confirming";
}

export const CONFIRMATION_TEXT: Record<ConfirmationState, string> = {
  active: "Your Premium plan is active.",
  confirming: "Confirming your payment with Stripe…",
  unconfirmed: "Stripe has not confirmed your payment yet. Your plan updates as soon as it does.",
};
