"use client";

import { ExportMenu } from "~/components/export/export-menu";
import { OfflineToggle } from "~/components/offline/offline-toggle";
import { CourseReviewLink } from "~/components/review/review-link";
import { Button } from "~/components/ui/button";
import type { RouterOutputs } from "~/trpc/react";

import { CourseSharing } from "./course-sharing";
import { EngineBadge } from "./engine-badge";
import { LanguageBadge } from "./language-badge";

type CourseHeaderProps = {
  course: RouterOutputs["course"]["byId"]["course"];
  editing: boolean;
  onToggleEditing: () => void;
};

/** The course page's header: its badges and actions, title and description. */
export function CourseHeader({ course, editing, onToggleEditing }: CourseHeaderProps) {
  const text = { lang: course.language, dir: "auto" } as const;
  return (
    <header className="grid gap-2 md:col-span-2">
      <div className="flex flex-wrap items-center gap-2">
        <EngineBadge engine={course.engine} />
        <LanguageBadge language={course.language} />
        <span className="text-xs font-medium text-muted-foreground capitalize">{course.complexity}</span>
        <ExportMenu courseId={course.id} label="Export" />
        <OfflineToggle courseId={course.id} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {course.isOwner ? (
            <Button variant="outline" size="sm" aria-pressed={editing} onClick={onToggleEditing}>
              {editing ? "Stop editing" : "Edit course"}
            </Button>
          ) : null}
          <CourseReviewLink courseId={course.id} />
          <CourseSharing courseId={course.id} isPublic={course.isPublic} isOwner={course.isOwner} />
        </div>
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" {...text}>
        {course.title}
      </h1>
      {course.description ? (
        <p className="text-muted-foreground" {...text}>
          {course.description}
        </p>
      ) : null}
    </header>
  );
}
