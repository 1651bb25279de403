import type { ComponentProps } from "react";

import { cn } from "./cn";

export function Label({ className, htmlFor, ...props }: ComponentProps<"label"> & { htmlFor: string }) {
  return <label htmlFor={htmlFor} className={cn("text-sm leading-none font-medium", className)} {...props} />;
}
