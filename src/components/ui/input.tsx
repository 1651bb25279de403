import type { ComponentProps } from "react";

import { cn } from "./cn";

type InputProps = ComponentProps<"input"> & {
  /** Leaves room on the left for an icon the caller positions over the input. */
  leadingIcon?: boolean;
};

export function Input({ className, type = "text", leadingIcon = false, ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background py-2 text-sm placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive",
        leadingIcon ? "pr-3 pl-9" : "px-3",
        className,
      )}
      {...props}
    />
  );
}
