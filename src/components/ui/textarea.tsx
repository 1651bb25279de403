import type { ComponentProps } from "react";

import { cn } from "./cn";
import { FIELD_CLASS } from "./field";

/** A multi-line field that looks like Input; its height comes from `rows` or the caller's class. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(FIELD_CLASS, "w-full px-3", className)} {...props} />;
}
