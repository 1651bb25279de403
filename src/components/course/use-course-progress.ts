"use client";

import { useMemo, useRef } from "react";

import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api, type RouterOutputs } from "~/trpc/react";

import { applyProgressChange, completionOf, type ProgressUpdate } from "./progress-change";
import { progressPercent, type PlayerSection } from "./section-navigation";

type ProgressRecord = RouterOutputs["progress"]["byCourse"];

/**
 * The learner's progress through a course while the player is open: what is completed (the
 * record in the cache, optimistic while a save is on its way) and `save` for a change.
 */
export function useCourseProgress(courseId: number, saved: ProgressRecord | null, sections: readonly PlayerSection[]) {
  const utils = api.useUtils();
  const progressQuery = api.progress.find.useQuery({ id: courseId });
  const completedList = useMemo(() => progressQuery.data?.completedSections ?? saved?.completedSections ?? [], [progressQuery.data, saved]);
  const completedIds = useMemo(() => new Set(completedList), [completedList]);
  const percent = progressPercent(sections, completedList);

  // Saves that overlap may answer out of order, each with the record as it was when it wrote: then
  // none is taken as the truth, and the record is read again once the last has settled.
  const saving = useRef({ pending: 0, overlapped: false });
  const update = api.progress.update.useMutation({
    async onMutate(input) {
      if (saving.current.pending > 0) saving.current.overlapped = true;
      saving.current.pending += 1;
      const change = { currentSectionId: input.currentSectionId, completedSectionId: input.completedSectionId };
      await utils.progress.find.cancel({ id: courseId });
      const before = utils.progress.find.getData({ id: courseId });
      const empty: ProgressRecord = { courseId, userId: saved?.userId ?? 0, currentSectionId: null, completedSections: [], totalSections: sections.length };
      utils.progress.find.setData({ id: courseId }, (record) => applyProgressChange(record, change, empty));
      return { before };
    },
    onSuccess(record) {
      if (saving.current.pending === 1 && !saving.current.overlapped) utils.progress.find.setData({ id: courseId }, record);
      // The sidebar's course list shows this course's percent.
      void utils.progress.mine.invalidate();
      void utils.gamification.badges.invalidate();
      void utils.gamification.recentActivity.invalidate();
      // The counts on the dashboard and the home page's Achievements tab.
      void utils.gamification.streak.invalidate();
    },
    onError(error, _change, context) {
      if (context?.before) utils.progress.find.setData({ id: courseId }, context.before);
      else void utils.progress.find.invalidate({ id: courseId });
      toast({ variant: "destructive", title: "Error updating progress", description: failureText(error) });
    },
    onSettled() {
      saving.current.pending -= 1;
      if (saving.current.pending > 0 || !saving.current.overlapped) return;
      saving.current.overlapped = false;
      void utils.progress.find.invalidate({ id: courseId });
    },
  });

  const save = (change: ProgressUpdate) => update.mutate({ id: courseId, ...change });
  const completion = (sectionId: number) => completionOf(completedIds, sectionId);
  /** Saves the section as completed (and current) unless it already is. */
  const completeSection = (sectionId: number) => {
    const completing = completion(sectionId);
    if (completing.completedSectionId !== undefined) save({ currentSectionId: sectionId, ...completing });
  };
  return { completedIds, percent, save, completion, completeSection };
}
