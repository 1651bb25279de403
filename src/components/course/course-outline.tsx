"use client";

import Link from "next/link";
import { useState } from "react";

import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

import { type TimelineVideo, videoAt } from "~/lib/course-timeline";

import { useCourseText } from "./course-text";
import { MessagesSquare } from "~/components/ui/icons/messages-square";
import { Progress } from "~/components/ui/progress";

import { ChevronDown, Circle, CircleCheck, CirclePlay } from "./icons";
import { sectionStatus, type PlayerChapter } from "./section-navigation";

type CourseOutlineProps = {
  courseId: number;
  chapters: PlayerChapter[];
  currentId: number | null;
  completedIds: ReadonlySet<number>;
  percent: number;
  onSelect: (sectionId: number) => void;
  /** The course's videos; from a playlist, each video's chapters are headed by its title. */
  videos?: readonly (TimelineVideo & { title: string })[];
};

const STATUS_TEXT = { done: "(completed)", current: "(current section)", "not-started": "(not started)" } as const;

/**
 * The left panel: progress, then chapters that open and close, each listing its sections with a
 * marker (done, current, not started). The first chapter starts open, and so does the chapter of
 * the section the learner is on.
 */
export function CourseOutline({ courseId, chapters, currentId, completedIds, percent, onSelect, videos = [] }: CourseOutlineProps) {
  const text = useCourseText();
  const videoOf = (chapter: PlayerChapter) => (videos.length > 1 ? videoAt(videos, chapter.sections[0]?.timeStart ?? 0)?.index : undefined);
  const chapterOf = (sectionId: number | null) => chapters.find((chapter) => chapter.sections.some((section) => section.id === sectionId))?.id;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([chapters[0]?.id, chapterOf(currentId)].filter((id) => id !== undefined)));
  // The video may move the learner into a closed chapter: open it.
  const [shownFor, setShownFor] = useState(currentId);
  if (currentId !== shownFor) {
    setShownFor(currentId);
    const chapterId = chapterOf(currentId);
    if (chapterId !== undefined && !expanded.has(chapterId)) setExpanded(new Set([...expanded, chapterId]));
  }

  function toggle(chapterId: number) {
    const next = new Set(expanded);
    if (!next.delete(chapterId)) next.add(chapterId);
    setExpanded(next);
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2" data-testid="course-progress">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">Your progress</span>
          <span className="text-muted-foreground" data-testid="course-progress-percent">
            {percent}%
          </span>
        </div>
        <Progress value={percent} label="Course progress" />
      </div>

      <nav aria-labelledby="course-outline-heading">
        <h2 id="course-outline-heading" className="mb-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Course Content
        </h2>
        <ol className="grid gap-1">
          {chapters.map((chapter, chapterIndex) => {
            const open = expanded.has(chapter.id);
            const listId = `chapter-${chapter.id}-sections`;
            const videoIndex = videoOf(chapter);
            const startsVideo = videoIndex !== undefined && (chapterIndex === 0 || videoOf(chapters[chapterIndex - 1]!) !== videoIndex);
            return (
              <li key={chapter.id} data-testid="course-chapter">
                {startsVideo ? (
                  <p data-testid="outline-video" className="mt-2 mb-1 px-2 text-xs font-medium text-muted-foreground">
                    Video {videoIndex + 1}: <span {...text}>{videos[videoIndex]!.title}</span>
                  </p>
                ) : null}
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={listId}
                  onClick={() => toggle(chapter.id)}
                  className="flex w-full items-start gap-2 rounded-md px-2 py-2 text-start text-sm font-semibold hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <ChevronDown aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0 transition-transform", !open && "-rotate-90")} />
                  <span className="sr-only">Chapter {chapterIndex + 1}: </span>
                  <span className="flex-1" {...text}>
                    {chapter.title}
                  </span>
                </button>
                <ol id={listId} hidden={!open} className="ml-4 grid gap-0.5 border-l pl-2">
                  {chapter.sections.map((section) => {
                    const status = sectionStatus(section.id, currentId, completedIds);
                    const done = completedIds.has(section.id);
                    const Icon = status === "current" ? CirclePlay : done ? CircleCheck : Circle;
                    return (
                      <li key={section.id}>
                        <button
                          type="button"
                          data-testid="course-section"
                          data-section-id={section.id}
                          data-status={status}
                          data-done={done}
                          aria-current={status === "current" ? "step" : undefined}
                          onClick={() => onSelect(section.id)}
                          className={cn(
                            "flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-start text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                            status === "current" && "bg-accent font-medium text-accent-foreground",
                          )}
                        >
                          <Icon
                            aria-hidden="true"
                            className={cn(
                              "mt-0.5 size-4 shrink-0",
                              done ? "text-green-600 dark:text-green-500" : status === "current" ? "text-primary" : "text-muted-foreground",
                            )}
                          />
                          <span className="flex-1">
                            <span className="block" {...text}>
                              {section.title}
                            </span>
                            <span className="sr-only"> {status === "current" && done ? "(current section, completed)" : STATUS_TEXT[status]}</span>
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ol>
              </li>
            );
          })}
        </ol>
      </nav>

      <Link href={`/course/${courseId}/chat`} className={buttonVariants({ variant: "outline" })}>
        <MessagesSquare aria-hidden="true" />
        Ask Questions
      </Link>
    </div>
  );
}
