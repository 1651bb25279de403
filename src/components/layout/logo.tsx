import Link from "next/link";

import { cn } from "~/components/ui/cn";
import { GraduationCap } from "~/components/ui/icons/graduation-cap";

export const PRODUCT_NAME = "CourseCraft";

type LogoProps = { className?: string; textClassName?: string };

export function Logo({ className, textClassName }: LogoProps) {
  return (
    <Link
      href="/"
      aria-label={`${PRODUCT_NAME} home`}
      className={cn(
        "flex shrink-0 items-center gap-2 rounded-md font-semibold text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <GraduationCap aria-hidden="true" className="size-5" />
      </span>
      <span className={cn("text-lg tracking-tight", textClassName)}>{PRODUCT_NAME}</span>
    </Link>
  );
}
