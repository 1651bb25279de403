import { buttonVariants } from "~/components/ui/button";
import { Download } from "~/components/ui/icons/download";

/** The course as a Markdown file (outline, content, the learner's notes and cards, moments as video links), downloaded. */
export function ExportCourseButton({ courseId }: { courseId: number }) {
  return (
    <a
      href={`/api/courses/${courseId}/export?format=markdown`}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
      data-testid="export-course"
      title="Outline, content, your notes and cards, with links to the video moments"
    >
      <Download aria-hidden="true" />
      Export (Markdown)
    </a>
  );
}
