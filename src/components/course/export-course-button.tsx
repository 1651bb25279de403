import { TSV_FORMULA_NOTE } from "~/components/review/export-cards";
import { buttonVariants } from "~/components/ui/button";
import { Download } from "~/components/ui/icons/download";

const itemClass =
  "flex items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground";

/**
 * 'Export' beside the course title: a disclosure (no JavaScript needed) with the downloads of this
 * course — the course as Markdown (outline, content, the learner's notes and cards, moments as
 * video links) and the learner's cards of it as an Anki deck or TSV.
 */
export function ExportCourseButton({ courseId }: { courseId: number }) {
  return (
    <details className="group relative" data-testid="course-exports">
      <summary className={buttonVariants({ variant: "outline", size: "sm", className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden" })}>
        <Download aria-hidden="true" />
        Export
      </summary>
      <div className="absolute top-full left-0 z-30 mt-1.5 grid w-60 gap-0.5 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
        <a href={`/api/courses/${courseId}/export?format=markdown`} download className={itemClass}>
          Course and notes (Markdown)
        </a>
        <a href={`/api/cards/export?format=anki&courseId=${courseId}`} download className={itemClass}>
          Cards as an Anki deck (.apkg)
        </a>
        <a href={`/api/cards/export?format=tsv&courseId=${courseId}`} download className={itemClass}>
          Cards as TSV (front, back, link)
        </a>
        <p className="px-2 pt-1 pb-1.5 text-xs text-muted-foreground">{TSV_FORMULA_NOTE}</p>
      </div>
    </details>
  );
}
