import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";

export const metadata: Metadata = { title: "Subscription Cancelled" };

export default function SubscriptionCancelPage() {
  return (
    <PageContainer title="Subscription Cancelled" description={<p>No changes were made to your plan.</p>}>
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
