import { LoaderCircle } from "lucide-react";

import { cn } from "./cn";

type SpinnerProps = { className?: string; label?: string };

/** A spinning indicator; with a label it is announced as a status, without one it is decorative. */
export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn("size-5 animate-spin text-muted-foreground", className)} />;
  if (!label) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

export function CenteredSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
