import type { ComponentProps } from "react";

import { cn } from "./cn";
import { FIELD_CLASS } from "./field";

type InputProps = ComponentProps<"input"> & {
  /** Leaves room on the left for an icon the caller positions over the input. */
  leadingIcon?: boolean;
};

export function Input({ className, type = "text", leadingIcon = false, ...props }: InputProps) {
  return <input type={type} className={cn(FIELD_CLASS, "h-10 w-full", leadingIcon ? "pr-3 pl-9" : "px-3", className)} {...props} />;
}
