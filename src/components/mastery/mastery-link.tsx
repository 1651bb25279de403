"use client";

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { Target } from "~/components/ui/icons/target";
import { useSessionUser } from "~/hooks/use-session";

/** "Mastery" in the header, for signed-in learners: an icon alone on a phone, where the header is narrow. */
export function MasteryLink() {
  const { user } = useSessionUser();
  if (!user) return null;
  return (
    <Link
      href="/mastery"
      aria-label="Mastery"
      data-testid="header-mastery-link"
      className={buttonVariants({ variant: "ghost", size: "sm", className: "px-2" })}
    >
      <Target aria-hidden="true" />
      <span className="hidden sm:inline">Mastery</span>
    </Link>
  );
}
