"use client";

import Link from "next/link";

import { rememberPostLoginPath } from "~/components/auth/post-login-redirect";
import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";

/** The subscription pages for a signed-out visitor, who comes back to `returnTo` after signing in. */
export function SignInPrompt({ title, returnTo }: { title: string; returnTo: string }) {
  return (
    <PageContainer title={title} description={<p>Please sign in to manage your subscription.</p>}>
      <Link href="/auth" onClick={() => rememberPostLoginPath(returnTo)} className={buttonVariants()}>
        Sign In
      </Link>
    </PageContainer>
  );
}
