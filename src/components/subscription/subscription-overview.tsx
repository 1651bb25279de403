"use client";

import { PageContainer } from "~/components/layout/page-container";
import { Button } from "~/components/ui/button";
import { CenteredSpinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { CouponForm } from "./coupon-form";
import { CurrentPlanCard } from "./current-plan-card";
import { PlanComparison } from "./plan-comparison";
import { SignInPrompt } from "./sign-in-prompt";
import { SubscriptionFaq } from "./subscription-faq";

const TITLE = "Subscription";

export function SubscriptionOverview() {
  const { user, isLoading } = useSessionUser();
  const plan = api.subscription.get.useQuery(undefined, { enabled: Boolean(user) });

  if (isLoading) return <CenteredSpinner label="Loading" />;
  if (!user) return <SignInPrompt title={TITLE} returnTo="/subscription" />;

  return (
    <PageContainer title={TITLE} description={<p>Your plan, this month&apos;s courses, and the ways to get Premium.</p>}>
      {plan.isPending ? (
        <CenteredSpinner label="Loading your plan" />
      ) : plan.isError ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed p-6">
          <p className="font-medium">Your plan could not be loaded.</p>
          <p className="text-sm text-muted-foreground">{failureText(plan.error)}</p>
          <Button variant="outline" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-10">
          <CurrentPlanCard plan={plan.data} />
          <PlanComparison currentTier={plan.data.subscriptionTier} />
          <CouponForm />
          <SubscriptionFaq />
        </div>
      )}
    </PageContainer>
  );
}
