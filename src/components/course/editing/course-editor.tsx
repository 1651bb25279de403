"use client";

import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/hooks/use-toast";
import {
  canSplitAt,
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  EDIT_MESSAGES,
  moveStartProblem,
  type OutlineView,
  REGENERATE_INSTRUCTIONS_MAX_LENGTH,
  SECTION_CONTENT_MAX_LENGTH,
  sectionSpans,
} from "~/lib/course-editing";
import type { RouterOutputs } from "~/trpc/react";
import { api } from "~/trpc/react";

import { useMomentLabel } from "../course-text";
import { SectionContent } from "../section-content";
import { formatTime } from "../section-navigation";

import { parseMoment } from "./edit-words";
import { type CourseEdits, useCourseEdits } from "./use-course-edits";
import { VersionHistory } from "./version-history";
import { Textarea } from "~/components/ui/textarea";

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

function submitting(handler: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    handler();
  };
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function CourseFields({ detail, busy, onSave }: { detail: CourseDetail; busy: boolean; onSave: (fields: { title?: string; description?: string }) => void }) {
  const [title, setTitle] = useState(detail.course.title);
  const [description, setDescription] = useState(detail.course.description ?? "");
  const titleId = useId();
  const descriptionId = useId();
  const changed = {
    ...(title !== detail.course.title ? { title } : {}),
    ...(description !== (detail.course.description ?? "") ? { description } : {}),
  };
  return (
    <form className="grid gap-3" onSubmit={submitting(() => onSave(changed))} aria-label="Course">
      <Field id={titleId} label="Course title">
        <Input id={titleId} value={title} maxLength={COURSE_TITLE_MAX_LENGTH} required onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field id={descriptionId} label="Course description">
        <Textarea
          id={descriptionId}
          rows={3}
          value={description}
          maxLength={COURSE_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={busy || Object.keys(changed).length === 0}>
          Save course
        </Button>
      </div>
    </form>
  );
}

function TitleForm({ label, initial, busy, onSave }: { label: string; initial: string; busy: boolean; onSave: (title: string) => void }) {
  const [title, setTitle] = useState(initial);
  const id = useId();
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submitting(() => onSave(title))} aria-label={label}>
      <div className="min-w-0 flex-1">
        <Field id={id} label={label}>
          <Input id={id} value={title} maxLength={COURSE_TITLE_MAX_LENGTH} required onChange={(event) => setTitle(event.target.value)} />
        </Field>
      </div>
      <Button type="submit" size="sm" disabled={busy || title.trim() === "" || title === initial}>
        Save {label.toLowerCase()}
      </Button>
    </form>
  );
}

type EditableSection = { id: number; title: string; content: string };

function SectionFields({ section, busy, onSave }: { section: EditableSection; busy: boolean; onSave: (fields: { title?: string; content?: string }) => void }) {
  const [title, setTitle] = useState(section.title);
  const [content, setContent] = useState(section.content);
  const titleId = useId();
  const contentId = useId();
  const changed = { ...(title !== section.title ? { title } : {}), ...(content !== section.content ? { content } : {}) };
  return (
    <form className="grid gap-3" onSubmit={submitting(() => onSave(changed))} aria-label="Section">
      <Field id={titleId} label="Section title">
        <Input id={titleId} value={title} maxLength={COURSE_TITLE_MAX_LENGTH} required onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Tabs defaultValue="write">
        <TabsList aria-label="Write or preview the content">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="mt-2">
          <Field
            id={contentId}
            label="Section content"
            hint={`Markdown; [m:ss] becomes a link to that moment. ${content.length.toLocaleString()} / ${SECTION_CONTENT_MAX_LENGTH.toLocaleString()} characters.`}
          >
            <Textarea
              id={contentId}
              className="font-mono"
              rows={12}
              value={content}
              maxLength={SECTION_CONTENT_MAX_LENGTH}
              onChange={(event) => setContent(event.target.value)}
            />
          </Field>
        </TabsContent>
        <TabsContent value="preview" className="mt-2 rounded-md border bg-background p-3" data-testid="content-preview">
          <SectionContent content={content} onSeek={() => undefined} />
        </TabsContent>
      </Tabs>
      <div>
        <Button type="submit" size="sm" disabled={busy || Object.keys(changed).length === 0 || title.trim() === "" || content.trim() === ""}>
          Save section
        </Button>
      </div>
    </form>
  );
}

/** A typed start: m:ss in the section's own video. */
function StartForm({ start, videoOffset, onMove }: { start: number; videoOffset: number; onMove: (seconds: number) => void }) {
  const moment = useMomentLabel();
  const [text, setText] = useState(() => formatTime(start - videoOffset));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Section start"
      onSubmit={submitting(() => {
        const seconds = parseMoment(text);
        if (seconds === null) return setError("Type a time as m:ss, for example 3:05");
        setError(null);
        onMove(videoOffset + seconds);
      })}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Starts at (m:ss)</Label>
        <Input
          id={id}
          className="w-28 font-mono"
          value={text}
          inputMode="numeric"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" size="sm">
        Move start
      </Button>
      {error ? (
        <p id={`${id}-error`} className="basis-full text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p className="basis-full text-xs text-muted-foreground">Now {moment(start)}.</p>
      )}
    </form>
  );
}

function QuizQuestions({ sectionId, version, edits }: { sectionId: number; version: number; edits: CourseEdits }) {
  const quiz = api.quiz.find.useQuery({ id: sectionId });
  const questions = quiz.data?.questions ?? [];
  return (
    <div className="grid gap-2" data-testid="quiz-questions-editor">
      <h3 className="text-sm font-semibold">Quiz questions</h3>
      {quiz.isPending ? null : questions.length === 0 ? (
        <p className="text-sm text-muted-foreground">This section has no quiz yet: one is made when a learner first opens it.</p>
      ) : (
        <ol className="grid list-decimal gap-2 pl-5">
          {questions.map((question) => (
            <li key={question.id} className="text-sm">
              <div className="flex items-start gap-2">
                <span className="min-w-0 flex-1">{question.questionText}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  // While the list is read again it may still show a question that an edit moved to another section.
                  disabled={edits.busy || quiz.isFetching}
                  aria-label={`Delete the question “${question.questionText}”`}
                  onClick={() => edits.deleteQuestion.mutate({ id: question.id, version })}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const REGENERATION_STAGES = { queued: "Waiting to start", writing: "Writing the content", quiz: "Writing the quiz", saving: "Saving", done: "Done" } as const;

/** Regenerates the section's content and quiz (a job): an optional instruction, then its progress until it is saved. */
function Regenerate({ sectionId, version, edits }: { sectionId: number; version: number; edits: CourseEdits }) {
  const [instructions, setInstructions] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const id = useId();
  const job = api.editing.regeneration.useQuery(
    { jobId: jobId ?? "" },
    { enabled: jobId !== null, refetchInterval: (query) => (query.state.data && ["succeeded", "failed"].includes(query.state.data.status) ? false : 1_000) },
  );
  const status = jobId ? job.data?.status : undefined;
  // Once per job: the course is read again when its regeneration is saved.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (status !== "succeeded" || !jobId || handled.current === jobId) return;
    handled.current = jobId;
    void edits.refresh();
    toast({ title: "Section regenerated", description: "Its content and quiz are new; the history can restore the old ones." });
  }, [status, jobId, edits]);
  const running = status === "queued" || status === "running" || edits.regenerate.isPending;
  return (
    <form
      className="grid gap-2"
      aria-label="Regenerate the section"
      onSubmit={submitting(() =>
        edits.regenerate.mutate(
          { id: sectionId, version, ...(instructions.trim() ? { instructions } : {}) },
          { onSuccess: (started) => setJobId(started.jobId) },
        ),
      )}
    >
      <Field
        id={id}
        label="Regenerate with an instruction (optional)"
        hint="For example “simpler” or “more on recursion”. It does not count toward your monthly courses."
      >
        <Input id={id} value={instructions} maxLength={REGENERATE_INSTRUCTIONS_MAX_LENGTH} onChange={(event) => setInstructions(event.target.value)} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" size="sm" disabled={running || edits.busy}>
          Regenerate section
        </Button>
        {job.data && running ? (
          <div className="min-w-40 flex-1" data-testid="regeneration-progress">
            <Progress value={job.data.progress} label={`${REGENERATION_STAGES[job.data.stage]} (${job.data.progress}%)`} size="sm" />
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {REGENERATION_STAGES[job.data.stage]}…
            </p>
          </div>
        ) : null}
        {status === "failed" ? (
          <p role="alert" className="text-sm text-destructive">
            {job.data?.error ?? "The section could not be regenerated."}
          </p>
        ) : null}
      </div>
    </form>
  );
}
