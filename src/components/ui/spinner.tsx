import { cn } from "./cn";
import { LoaderCircle } from "./icons/loader-circle";

const SIZES = { md: "size-5", lg: "size-8" };
const TONES = { muted: "text-muted-foreground", current: undefined };

type SpinnerProps = {
  className?: string;
  label?: string;
  size?: keyof typeof SIZES;
  /** `current` takes the surrounding text colour (e.g. inside a button). */
  tone?: keyof typeof TONES;
};

/** A spinning indicator; with a label it is announced as a status, without one it is decorative. */
export function Spinner({ className, label, size = "md", tone = "muted" }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn(SIZES[size], "animate-spin", TONES[tone], className)} />;
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
      <Spinner label={label} size="lg" />
    </div>
  );
}
