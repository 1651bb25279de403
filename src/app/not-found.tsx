import type { Metadata } from "next";
import Link from "next/link";

import { EnsureSiteShell } from "~/components/layout/site-shell";
import { buttonVariants } from "~/components/ui/button";

export const metadata: Metadata = { title: "404 Page Not Found" };

export default function NotFound() {
  return (
    <EnsureSiteShell>
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">This page doesn&apos;t exist. It may have moved, or it may be missing from the router.</p>
        <Link href="/" className={buttonVariants({ className: "mt-8" })}>
          Go back home
        </Link>
      </div>
    </EnsureSiteShell>
  );
}
