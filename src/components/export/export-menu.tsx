"use client";

import { useId } from "react";

import { buttonVariants } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { DropdownMenuContent, DropdownMenuItem } from "~/components/ui/dropdown-menu-content";
import { Download } from "~/components/ui/icons/download";

/** What the TSV does to a cell a spreadsheet would run (OWASP's CSV injection rule, src/server/services/export/export-cards.ts). */
const TSV_FORMULA_NOTE = "In the TSV, cells that start like a spreadsheet formula get a leading ' so they open as text.";

const cardsHref = (format: "anki" | "tsv", courseId?: number) => `/api/cards/export?format=${format}${courseId !== undefined ? `&courseId=${courseId}` : ""}`;

type ExportMenuProps = {
  /** One course's downloads (the course as Markdown and its cards); without it, all the learner's cards. */
  courseId?: number;
  label: string;
};

/**
 * The downloads as the app's menu: the course as Markdown (outline, content, the learner's notes
 * and cards, moments as video links) when it is about one course, and the learner's cards as an
 * Anki deck or TSV, each card's moment linked to the video.
 */
export function ExportMenu({ courseId, label }: ExportMenuProps) {
  const noteId = useId();
  return (
    <div data-testid={courseId === undefined ? "card-exports" : "course-exports"}>
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" />
          {label}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          {courseId !== undefined ? (
            <DropdownMenuItem href={`/api/courses/${courseId}/export?format=markdown`} download>
              Course and notes (Markdown)
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem href={cardsHref("anki", courseId)} download>
            Cards as an Anki deck (.apkg)
          </DropdownMenuItem>
          <DropdownMenuItem href={cardsHref("tsv", courseId)} download aria-describedby={noteId}>
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
