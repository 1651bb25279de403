"use client";

import { useMemo, useState } from "react";

import { Button } from "~/components/ui/button";
import { toast } from "~/hooks/use-toast";
import { canSplitAt, moveStartProblem, type OutlineView, sectionSpans } from "~/lib/course-editing";
import type { RouterOutputs } from "~/trpc/react";

import { useMomentLabel } from "../course-text";

import { CourseFields, SectionFields, StartForm, TitleForm } from "./editor-fields";
import { QuizQuestions, Regenerate } from "./section-tools";
import { useCourseEdits } from "./use-course-edits";
import { VersionHistory } from "./version-history";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

type CourseDetail = RouterOutputs["course"]["byId"];

export type CourseEditorProps = {
  detail: CourseDetail;
  /** The section on screen, the one the section tools act on. */
  sectionId: number | null;
  /** The player's time now (seconds on the course's timeline). */
  currentSeconds: () => number;
  /** Puts a section on screen (after a merge, the merged one). */
  onShowSection: (sectionId: number) => void;
  onClose: () => void;
};

/**
 * Edit mode, for the course's owner: the course's and the chapter's names, the section on screen
 * (its title, its content with a preview, where it starts, a split at the player's moment, a merge
 * with the next one, its quiz's questions), and the version history. Loaded only in edit mode.
 */
export default function CourseEditor({ detail, sectionId, currentSeconds, onShowSection, onClose }: CourseEditorProps) {
  const { course, chapters } = detail;
  const edits = useCourseEdits(course.id);
  const moment = useMomentLabel();
  const [historyOpen, setHistoryOpen] = useState(false);

  const ordered = useMemo(() => chapters.flatMap((chapter) => chapter.sections.map((section) => ({ ...section, chapterId: chapter.id }))), [chapters]);
  const spans = useMemo(() => sectionSpans(ordered, course.videos), [ordered, course.videos]);
  const index = ordered.findIndex((section) => section.id === sectionId);
  const section = ordered[index];
  const span = spans[index];
  const chapter = chapters.find((candidate) => candidate.id === section?.chapterId);
  const next = ordered[index + 1];
  const version = course.version;
  const current: OutlineView = useMemo(
    () => ({ title: course.title, description: course.description, chapters: chapters.map(({ id, title, sections }) => ({ id, title, sections })) }),
    [course.title, course.description, chapters],
  );

  function refuse(message: string) {
    toast({ variant: "destructive", title: "The change was not saved", description: message });
  }

  function moveStart(to: number) {
    if (!section) return;
    const problem = moveStartProblem(spans, index, Math.round(to), course.videos);
    if (problem) return refuse(problem);
    edits.section.mutate({ id: section.id, timeStart: Math.round(to), version });
  }

  function splitHere() {
    if (!section || !span) return;
    const at = Math.round(currentSeconds());
    if (!canSplitAt(span, at)) return refuse(`${EDIT_MESSAGES.splitPlace} (the video is at ${moment(at)})`);
    edits.split.mutate({ id: section.id, atSeconds: at, version });
  }

  return (
    <section aria-labelledby="course-editor-title" className="grid gap-5 rounded-lg border border-primary/40 bg-primary/5 p-4" data-testid="course-editor">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="course-editor-title" className="text-lg font-semibold">
          Edit course
        </h2>
        <span className="text-xs text-muted-foreground" data-testid="course-version">
          Version {version}
        </span>
        <div className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
            History
          </Button>
          <Button size="sm" onClick={onClose}>
            Done editing
          </Button>
        </div>
      </div>

      {edits.stale ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <span>This course was changed elsewhere. Reload to see the changes, then edit again.</span>
          <Button variant="outline" size="sm" onClick={() => void edits.reload()}>
            Reload
          </Button>
        </div>
      ) : null}

      <CourseFields
        key={`course-${version}`}
        detail={detail}
        busy={edits.busy}
        onSave={(fields) => edits.course.mutate({ id: course.id, ...fields, version })}
      />

      {chapter ? (
        <TitleForm
          key={`chapter-${chapter.id}-${version}`}
          label="Chapter title"
          initial={chapter.title}
          busy={edits.busy}
          onSave={(title) => edits.chapter.mutate({ id: chapter.id, title, version })}
        />
      ) : null}

      {section && span ? (
        <>
          <SectionFields
            key={`section-${section.id}-${version}`}
            section={section}
            busy={edits.busy}
            onSave={(fields) => edits.section.mutate({ id: section.id, ...fields, version })}
          />
          <fieldset className="grid gap-3" disabled={edits.busy}>
            <legend className="mb-2 text-sm font-semibold">Where it plays</legend>
            <p className="text-sm text-muted-foreground" data-testid="section-span">
              This section runs from {moment(span.start)} to {moment(span.end)}.
            </p>
            <StartForm
              key={`start-${section.id}-${version}`}
              start={span.start}
              videoOffset={course.videos[span.video]?.offsetSeconds ?? 0}
              onMove={moveStart}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => moveStart(currentSeconds())}>
                Start here
              </Button>
              <Button variant="outline" size="sm" onClick={splitHere}>
                Split here
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!next || next.chapterId !== section.chapterId}
                title={!next || next.chapterId !== section.chapterId ? EDIT_MESSAGES.lastOfChapter : undefined}
                onClick={() => edits.mergeNext.mutate({ id: section.id, version }, { onSuccess: (merged) => onShowSection(merged.sectionId) })}
              >
                Merge with next section
              </Button>
            </div>
          </fieldset>
          <Regenerate key={`regenerate-${section.id}`} sectionId={section.id} version={version} edits={edits} />
          <QuizQuestions sectionId={section.id} version={version} edits={edits} />
        </>
      ) : null}

      {historyOpen ? <VersionHistory courseId={course.id} current={current} version={version} edits={edits} onClose={() => setHistoryOpen(false)} /> : null}
    </section>
  );
}
