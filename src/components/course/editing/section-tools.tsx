"use client";

import { useEffect, useId, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/hooks/use-toast";
import { api } from "~/trpc/react";

import { Field, submitting } from "./editor-fields";
import type { CourseEdits } from "./use-course-edits";
import { REGENERATE_INSTRUCTIONS_MAX_LENGTH } from "~/lib/rules/editing";

/** The section's quiz questions, each with Delete. */
export function QuizQuestions({ sectionId, version, edits }: { sectionId: number; version: number; edits: CourseEdits }) {
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
export function Regenerate({ sectionId, version, edits }: { sectionId: number; version: number; edits: CourseEdits }) {
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
