import { cn } from "~/components/ui/cn";

const LABELS: Record<string, { text: string; title: string }> = {
  llm: { text: "Built by AI", title: "Chapters and sections were structured and written by the AI model." },
  offline: { text: "Built offline", title: "Chapters and sections were built by the offline engine, without an AI model." },
};

/** Which engine built the course; nothing for courses that predate the record. */
export function EngineBadge({ engine, className }: { engine: string | null; className?: string }) {
  const label = engine ? LABELS[engine] : undefined;
  if (!label) return null;
  return (
    <span
      data-testid="engine-badge"
      title={label.title}
      className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground", className)}
    >
      {label.text}
    </span>
  );
}
