"use client";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { CreditCard } from "~/components/ui/icons/credit-card";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { SubscriptionView } from "~/lib/schemas/subscription";
import { api } from "~/trpc/react";

import { canUpgrade, CHECKOUT_FAILED_TITLE, PAYMENTS_NOT_CONFIGURED_NOTE, planBadge, PORTAL_FAILED_TITLE, renewalLine, usageLabel, usedCourses } from "./plan";

/** Stripe's pages (checkout, customer portal) are full-page redirects. */
function goTo({ url }: { url: string }) {
  window.location.assign(url);
}

/** The learner's plan, until when it lasts, this month's courses, and the ways to change it. */
export function CurrentPlanCard({ plan }: { plan: SubscriptionView }) {
  const checkout = api.subscription.createCheckout.useMutation({
    onSuccess: goTo,
    onError: (error) => toast({ variant: "destructive", title: CHECKOUT_FAILED_TITLE, description: failureText(error) }),
  });
  const portal = api.subscription.portal.useMutation({
    onSuccess: goTo,
    onError: (error) => toast({ variant: "destructive", title: PORTAL_FAILED_TITLE, description: failureText(error) }),
  });
  // After success the browser is on its way to Stripe: stay busy rather than invite a second click.
  const checkoutBusy = checkout.isPending || checkout.isSuccess;
  const portalBusy = portal.isPending || portal.isSuccess;

  const premium = plan.subscriptionTier === "premium";
  const renewal = renewalLine(plan);
  const upgradable = canUpgrade(plan);

  return (
    <section aria-labelledby="current-plan-title" data-testid="current-plan">
      <Card className={cn(premium && "border-primary/40")}>
        <CardHeader>
          <CardTitle as="h2" id="current-plan-title">
            Current Plan
          </CardTitle>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-2xl font-bold">{premium ? "Premium" : "Free"}</p>
            <span
              data-testid="plan-badge"
              className={cn(
                "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide",
                premium ? "bg-green-700 text-white" : "border text-muted-foreground",
              )}
            >
              {planBadge(plan.subscriptionTier)}
            </span>
          </div>
          {renewal ? (
            <div data-testid="renewal" className="grid gap-1 text-sm">
              <p className="font-medium">{renewal.text}</p>
              {renewal.note ? <p className="text-muted-foreground">{renewal.note}</p> : null}
            </div>
          ) : null}
        </CardHeader>

        <CardContent className="grid gap-6">
          <div data-testid="course-usage" className="grid gap-2">
            <div className="flex items-center justify-between gap-4 text-sm">
              <span className="font-medium">Courses this month</span>
              {plan.monthlyLimit === null ? (
                <span className="text-lg font-semibold">
                  <span aria-hidden="true">{usageLabel(plan)}</span>
                  <span className="sr-only">Unlimited</span>
                </span>
              ) : (
                <span className="text-lg font-semibold">{usageLabel(plan)}</span>
              )}
            </div>
            {plan.monthlyLimit !== null ? (
              <>
                <Progress value={usedCourses(plan)} max={plan.monthlyLimit} label="Courses created this month" />
                <p className="text-sm text-muted-foreground">The count resets on the 1st of each month (UTC).</p>
              </>
            ) : null}
          </div>

          <div className="grid gap-2">
            <div className="flex flex-wrap gap-3">
              {upgradable ? (
                <Button onClick={() => checkout.mutate()} disabled={checkoutBusy}>
                  {checkoutBusy ? <Spinner tone="current" /> : <Sparkles aria-hidden="true" />}
                  Upgrade to Premium
                </Button>
              ) : null}
              {plan.canManageBilling ? (
                <Button variant="outline" onClick={() => portal.mutate()} disabled={portalBusy}>
                  {portalBusy ? <Spinner tone="current" /> : <CreditCard aria-hidden="true" />}
                  Manage billing
                </Button>
              ) : null}
            </div>
            {upgradable && premium && plan.premiumSource === "coupon" ? (
              <p className="text-sm text-muted-foreground">A subscription keeps Premium after your coupon ends; billing starts when you subscribe.</p>
            ) : null}
            {upgradable && !plan.paymentsConfigured ? <p className="text-sm text-muted-foreground">{PAYMENTS_NOT_CONFIGURED_NOTE}</p> : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
