"use client";

import { useState } from "react";

import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

/** What a failed edit's error carries: a 409 from an edit made on an old version names the version now. */
type EditError = { message: string; data?: { code?: string; currentVersion?: number } | null };

/**
 * The owner's edits of one course: each goes out with the version on screen; on success the
 * course (and what hangs on its sections) is read again, and on a 409 the page says the course
 * changed elsewhere until it is reloaded.
 */
export function useCourseEdits(courseId: number) {
  const utils = api.useUtils();
  const [stale, setStale] = useState(false);

  /** Reads the course again, with everything that hangs on its sections. */
  async function refresh() {
    await Promise.all([
      utils.course.byId.invalidate({ id: courseId }),
      utils.progress.find.invalidate({ id: courseId }),
      utils.quiz.find.invalidate(),
      utils.quiz.bySection.invalidate(),
      utils.editing.versions.invalidate({ id: courseId }),
      utils.transcript.invalidate(),
    ]);
  }

  const onError = (error: EditError) => {
    if (error.data?.code === "CONFLICT" && error.data.currentVersion !== undefined) {
      setStale(true);
      return;
    }
    toast({ variant: "destructive", title: "The change was not saved", description: failureText(error) });
  };
  const handlers = { onSuccess: () => refresh(), onError };

  const mutations = {
    course: api.editing.course.useMutation(handlers),
    chapter: api.editing.chapter.useMutation(handlers),
    section: api.editing.section.useMutation(handlers),
    split: api.editing.split.useMutation(handlers),
    mergeNext: api.editing.mergeNext.useMutation(handlers),
    deleteQuestion: api.editing.deleteQuestion.useMutation(handlers),
    restore: api.editing.restore.useMutation(handlers),
  };
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);

  async function reload() {
    await refresh();
    setStale(false);
  }

  const regenerate = api.editing.regenerate.useMutation({ onError });

  return { ...mutations, regenerate, busy: busy || regenerate.isPending, stale, reload, refresh };
}

export type CourseEdits = ReturnType<typeof useCourseEdits>;
