"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";

import { PageContainer } from "~/components/layout/page-container";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Check } from "~/components/ui/icons/check";
import { CenteredSpinner, Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { api } from "~/trpc/react";

import { CONFIRMATION_TEXT, CONFIRMATION_TIMEOUT_MS, confirmationPollInterval, confirmationState } from "./confirmation";
import { PREMIUM_PRICE_LABEL } from "./plan";
import { PlanRows } from "./plan-rows";
import { SignInPrompt } from "./sign-in-prompt";

const TITLE = "Subscription Successful";

const PLAN_CHECK_FAILED = "We could not check your plan just now. It updates as soon as Stripe confirms your payment.";

const PLAN_ROWS = [
  { term: "Plan", value: "Premium" },
  { term: "Billing", value: "Monthly" },
  { term: "Price", value: PREMIUM_PRICE_LABEL },
] as const;

/**
 * Where Stripe's Checkout returns after payment. The page itself grants nothing: premium arrives
 * with Stripe's webhook, so the plan is re-read until it shows (or about 30 seconds pass).
 */
export function SubscriptionSuccess() {
  const { user, isLoading } = useSessionUser();
  const signedIn = Boolean(user);
  const utils = api.useUtils();

  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [signedIn]);

  const plan = api.subscription.get.useQuery(undefined, {
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === "error" ? false : confirmationPollInterval(query.state.data?.subscriptionTier, timedOut)),
  });
  const state = confirmationState(plan.data?.subscriptionTier, timedOut);

  const toasted = useRef(false);
  useEffect(() => {
    if (!signedIn || toasted.current) return;
    toasted.current = true;
    toast({ title: TITLE, description: "Thank you for subscribing to Premium." });
  }, [signedIn]);

  const refreshedLimit = useRef(false);
  useEffect(() => {
    if (state !== "active" || refreshedLimit.current) return;
    refreshedLimit.current = true;
    void utils.generation.courseLimit.invalidate();
  }, [state, utils]);

  if (isLoading) return <CenteredSpinner label="Loading" />;
  if (!user) return <SignInPrompt title={TITLE} returnTo="/subscription/success" />;

  return (
    <PageContainer title={TITLE} description={<p>Thank you for subscribing. Here is what you signed up for.</p>}>
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle as="h2">Your Plan</CardTitle>
          <p role="status" data-testid="payment-status" className="flex items-center gap-2 text-sm">
            {state === "active" ? <Check aria-hidden="true" className="size-4 shrink-0 text-green-700 dark:text-green-500" /> : null}
            {state === "confirming" && !plan.isError ? <Spinner /> : null}
            {plan.isError ? PLAN_CHECK_FAILED : CONFIRMATION_TEXT[state]}
          </p>
          {state === "unconfirmed" || plan.isError ? (
            <Button variant="outline" size="sm" className="self-start" onClick={() => void plan.refetch()} disabled={plan.isFetching}>
              Check again
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-6">
          <PlanRows rows={PLAN_ROWS} />
          <div className="flex flex-wrap gap-3">
            <Link href="/create-course" className={buttonVariants()}>
              Create a Course
            </Link>
            <Link href="/subscription" className={buttonVariants({ variant: "outline" })}>
              Manage Subscription
            </Link>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
