"use client";

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { Target } from "~/components/ui/icons/target";
import { useSessionUser } from "~/hooks/use-session";

/** "Mastery" in the header, for signed-in learners, from the small breakpoint up: a phone's header has no room left (the drawer links it there). */
export function MasteryLink() {
  const { user } = useSessionUser();
  if (!user) return null;
  return (
    <Link
      href="/mastery"
      aria-label="Mastery"
      data-testid="header-mastery-link"
      className={buttonVariants({ variant: "ghost", size: "sm", className: "hidden px-2 sm:inline-flex" })}
    >
      <Target aria-hidden="true" />
      <span>Mastery</span>
    </Link>
  );
}
