import { cn } from "./cn";

const HEIGHTS = { sm: "h-1.5", md: "h-2" };

type ProgressProps = {
  value: number;
  max?: number;
  /** The bar is drawn at least this wide (percent) so that 0% still shows a sliver. */
  minVisiblePercent?: number;
  label: string;
  size?: keyof typeof HEIGHTS;
  className?: string;
};

export function Progress({ value, max = 100, minVisiblePercent = 0, label, size = "md", className }: ProgressProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn(HEIGHTS[size], "w-full overflow-hidden rounded-full bg-secondary", className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.max(minVisiblePercent, percent)}%` }} />
    </div>
  );
}
