import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";

export const metadata: Metadata = { title: "Subscription Successful" };

export default function SubscriptionSuccessPage() {
  return (
    <PageContainer title="Subscription Successful" description={<p>You can review your plan at any time on the subscription page.</p>}>
      <div className="flex flex-wrap gap-3">
        <Link href="/" className={buttonVariants()}>
          Go Home
        </Link>
        <Link href="/subscription" className={buttonVariants({ variant: "outline" })}>
          Manage Subscription
        </Link>
      </div>
    </PageContainer>
  );
}
