import { cn } from "~/components/ui/cn";

import { BAND_LABELS, masteryBand, masteryPercent, type MasteryBand, type MasteryConcept } from "./concepts";

/** Each band's colour, shared by the bars, the map's nodes and the legend; the text always says the band too. */
export const BAND_FILL: Record<MasteryBand, string> = {
  weak: "bg-red-600 dark:bg-red-500",
  learning: "bg-amber-500 dark:bg-amber-400",
  strong: "bg-green-600 dark:bg-green-500",
  unassessed: "bg-transparent border-2 border-dashed border-muted-foreground",
};

type MasteryMeterProps = { concept: Pick<MasteryConcept, "mastery" | "evidenceCount">; className?: string };

/** The mastery as a bar and in words ("45% · Learning"); a concept not assessed yet shows no bar, since its number is only the prior. */
export function MasteryMeter({ concept, className }: MasteryMeterProps) {
  const band = masteryBand(concept);
  const percent = masteryPercent(concept.mastery);
  return (
    <div className={cn("flex items-center gap-2", className)} data-testid="mastery-meter" data-band={band}>
      <div aria-hidden="true" className="h-2 w-full max-w-40 overflow-hidden rounded-full bg-secondary">
        {band === "unassessed" ? null : <div className={cn("h-full rounded-full", BAND_FILL[band])} style={{ width: `${Math.max(3, percent)}%` }} />}
      </div>
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
        {band === "unassessed" ? BAND_LABELS.unassessed : `${percent}% · ${BAND_LABELS[band]}`}
      </span>
    </div>
  );
}
