import Link from "next/link";

import { Thumbnail } from "~/components/ui/thumbnail";
import { DEFAULT_COURSE_LANGUAGE, languageLabel } from "~/lib/languages";
import type { CourseSummary } from "~/lib/schemas/course";

export function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function CourseCard({ course }: { course: Pick<CourseSummary, "id" | "title" | "thumbnailUrl" | "complexity" | "language"> }) {
  return (
    <Link
      href={`/course/${course.id}`}
      data-testid="course-card"
      className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
    >
      <Thumbnail src={course.thumbnailUrl} width={480} height={270} className="aspect-video w-full" iconSize="lg" />
      <span className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold group-hover:underline" lang={course.language} dir="auto">
          {course.title}
        </h3>
        <span className="text-sm text-muted-foreground">
          Complexity: {capitalise(course.complexity)}
          {course.language === DEFAULT_COURSE_LANGUAGE ? null : (
            <>
              {" "}
              · <span lang={course.language}>{languageLabel(course.language)}</span>
            </>
          )}
        </span>
      </span>
    </Link>
  );
}
