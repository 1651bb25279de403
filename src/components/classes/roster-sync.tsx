"use client";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { ClassRosterSync, ClassView } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { useRefreshClass } from "./use-refresh-class";

/** What a sync says, in one sentence. */
export function rosterSyncText({ learners, added, notAdded }: ClassRosterSync): string {
  const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
  if (learners === 0) return "The LMS course lists no learners yet.";
  if (added === 0 && notAdded > 0) return `No learners added: the class is full (${plural(notAdded, "learner", "learners")} left out).`;
  const addedText =
    added === 0 ? "No new learners: everyone in the LMS course is here already." : `Added ${plural(added, "learner", "learners")} from the LMS course.`;
  return notAdded > 0 ? `${addedText} ${plural(notAdded, "learner was", "learners were")} left out: the class is full.` : addedText;
}

/** "Sync roster": for a class made from an LMS course that shares its roster, its owner and teachers add the course's learners. */
export function RosterSync({ cls }: { cls: ClassView }) {
  const refresh = useRefreshClass(cls.id);
  const sync = api.classes.syncRoster.useMutation({
    onSuccess(result) {
      toast({ title: "Roster synced", description: rosterSyncText(result) });
      refresh();
    },
    onError: (failure) => toast({ variant: "destructive", title: "Could not sync the roster", description: failureText(failure, "Please try again.") }),
  });
  if (!cls.rosterSync || cls.archived) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="roster-sync">
      <Button variant="outline" size="sm" disabled={sync.isPending} onClick={() => sync.mutate({ id: cls.id })}>
        {sync.isPending ? <Spinner tone="current" /> : null}
        Sync roster
      </Button>
      <p className="text-sm text-muted-foreground" role="status">
        {sync.data ? rosterSyncText(sync.data) : "Adds the learners of the LMS course, before their first launch."}
      </p>
    </div>
  );
}
