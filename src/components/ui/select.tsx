import type { ComponentProps } from "react";

import { cn } from "./cn";
import { FIELD_CLASS } from "./field";

type SelectProps = ComponentProps<"select"> & {
  /** A shorter select as wide as its options, for a toolbar (a sort order) rather than a form. */
  compact?: boolean;
};

/** The browser's own <select>, styled like Input. */
export function Select({ className, compact = false, ...props }: SelectProps) {
  return <select className={cn(FIELD_CLASS, compact ? "h-9 px-2" : "h-10 w-full px-3", className)} {...props} />;
}
