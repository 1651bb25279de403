import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FREE_MONTHLY_COURSES } from "~/components/subscription/plan";
import { PlanRows } from "~/components/subscription/plan-rows";

export const metadata: Metadata = { title: "Subscription Cancelled" };

const ROWS = [
  { term: "Current plan", value: "Free" },
  { term: "Course limit", value: `${FREE_MONTHLY_COURSES} per month` },
] as const;

/** Where Stripe's Checkout sends a learner who backs out before paying. */
export default function SubscriptionCancelPage() {
  return (
    <PageContainer
      title="Subscription Cancelled"
      description={<p>You left checkout before paying, so no payment was taken and your plan has not changed. You can upgrade whenever you like.</p>}
    >
      <Card className="max-w-xl">
        <CardContent className="grid gap-6 pt-6">
          <PlanRows rows={ROWS} testId="cancel-plan" />
          <div className="flex flex-wrap gap-3">
            <Link href="/" className={buttonVariants()}>
              Go Home
            </Link>
            <Link href="/subscription" className={buttonVariants({ variant: "outline" })}>
              View Plans
            </Link>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
