import { buttonVariants } from "~/components/ui/button";
import { Download } from "~/components/ui/icons/download";

const exportHref = (format: "anki" | "tsv", courseId?: number) => `/api/cards/export?format=${format}${courseId !== undefined ? `&courseId=${courseId}` : ""}`;

/**
 * Downloads the learner's flashcards (all of them, or one course's): an Anki deck (.apkg) and a
 * tab-separated file (front, back, link), each card's moment linked to the video.
 */
export function ExportCardsButton({ courseId }: { courseId?: number }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2" data-testid="export-cards">
        <a href={exportHref("anki", courseId)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" />
          Anki deck (.apkg)
        </a>
        <a href={exportHref("tsv", courseId)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" />
          Cards as TSV
        </a>
      </div>
      <p className="text-xs text-muted-foreground">{TSV_FORMULA_NOTE}</p>
    </div>
  );
}

/** What the TSV does to a cell a spreadsheet would run (OWASP's CSV injection rule, src/server/services/export/export-cards.ts). */
export const TSV_FORMULA_NOTE = "In the TSV, cells that start like a spreadsheet formula get a leading ' so they open as text.";
