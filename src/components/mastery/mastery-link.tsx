"use client";

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { Target } from "~/components/ui/icons/target";
import { useSessionUser } from "~/hooks/use-session";

/** "Mastery" in the header, for signed-in learners, from the small breakpoint up: a phone's header has no room left (the drawer links it there). */
export function MasteryLink() {
  const { user } = useSessionUser();
  if (!user) return null;
  // The wrapper hides it: `hidden` on the link itself would conflict with the button's `inline-flex` (cn does not merge).
  return (
    <span className="hidden sm:contents">
      <Link
        href="/mastery"
        aria-label="Mastery"
        data-testid="header-mastery-link"
        className={buttonVariants({ variant: "ghost", size: "sm", className: "px-2" })}
      >
        <Target aria-hidden="true" />
        <span>Mastery</span>
      </Link>
    </span>
  );
}
