"use client";

import Link from "next/link";
import type { ReactNode } from "react";

import { buttonVariants } from "~/components/ui/button";
import { useSessionUser } from "~/hooks/use-session";

/** Literal class names (Tailwind only sees whole strings): the width from which a link shows. */
const SHOWN_FROM = { sm: "hidden sm:contents", lg: "hidden lg:contents" } as const;

type HeaderPageLinkProps = {
  href: string;
  label: string;
  /** Rendered by the (server) header and passed in: a component cannot cross to the client. */
  icon: ReactNode;
  testId: string;
  /** Below this breakpoint the header has no room for it; the sidebar (a drawer on a phone) links it at every width. */
  shownFrom: keyof typeof SHOWN_FROM;
};

/** A page of a signed-in learner's own (Mastery, Classes) in the header; nothing for a visitor. */
export function HeaderPageLink({ href, label, icon, testId, shownFrom }: HeaderPageLinkProps) {
  const { user } = useSessionUser();
  if (!user) return null;
  // The wrapper hides it: `hidden` on the link itself would conflict with the button's `inline-flex` (cn does not merge).
  return (
    <span className={SHOWN_FROM[shownFrom]}>
      <Link href={href} aria-label={label} data-testid={testId} className={buttonVariants({ variant: "ghost", size: "sm", className: "px-2" })}>
        {icon}
        <span>{label}</span>
      </Link>
    </span>
  );
}
