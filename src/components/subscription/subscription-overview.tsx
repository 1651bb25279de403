"use client";

import Link from "next/link";

import { rememberPostLoginPath } from "~/components/auth/post-login-redirect";
import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";
import { CenteredSpinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";

export function SubscriptionOverview() {
  const { user, isLoading } = useSessionUser();

  if (isLoading) return <CenteredSpinner label="Loading" />;

  if (!user) {
    return (
      <PageContainer title="Subscription" description={<p>Please sign in to manage your subscription.</p>}>
        <Link href="/auth" onClick={() => rememberPostLoginPath("/subscription")} className={buttonVariants()}>
          Sign In
        </Link>
      </PageContainer>
    );
  }

  return <PageContainer title="Subscription" description={<p>Subscription plans and billing are coming soon.</p>} />;
}
