"use client";

import { useId } from "react";

import { TSV_FORMULA_NOTE } from "~/components/review/export-cards";
import { buttonVariants } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { DropdownMenuContent, DropdownMenuItem } from "~/components/ui/dropdown-menu-content";
import { Download } from "~/components/ui/icons/download";

/**
 * 'Export' beside the course title: a menu of the downloads of this course — the course as
 * Markdown (outline, content, the learner's notes and cards, moments as video links) and the
 * learner's cards of it as an Anki deck or TSV.
 */
export function ExportCourseButton({ courseId }: { courseId: number }) {
  const noteId = useId();
  return (
    <div data-testid="course-exports">
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" />
          Export
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuItem href={`/api/courses/${courseId}/export?format=markdown`} download>
            Course and notes (Markdown)
          </DropdownMenuItem>
          <DropdownMenuItem href={`/api/cards/export?format=anki&courseId=${courseId}`} download>
            Cards as an Anki deck (.apkg)
          </DropdownMenuItem>
          <DropdownMenuItem href={`/api/cards/export?format=tsv&courseId=${courseId}`} download aria-describedby={noteId}>
            Cards as TSV (front, back, link)
          </DropdownMenuItem>
          <p id={noteId} className="px-2 pt-1 pb-1.5 text-xs text-muted-foreground">
            {TSV_FORMULA_NOTE}
          </p>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
