"use client";

import { useEffect, useId, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { compareOutlines, type OutlineDifference, type OutlineView } from "~/lib/course-editing";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { useMomentLabel } from "../course-text";

import { describeChange } from "./edit-words";
import type { CourseEdits } from "./use-course-edits";

type VersionHistoryProps = { courseId: number; current: OutlineView; version: number; edits: CourseEdits; onClose: () => void };

/**
 * The course's saved versions, newest first: who saved each and what it changed, what has changed
 * since (compared with the course now), and a restore of any of them (itself a new version).
 */
export function VersionHistory({ courseId, current, version, edits, onClose }: VersionHistoryProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const moment = useMomentLabel();
  const versions = api.editing.versions.useQuery({ id: courseId });
  const [comparing, setComparing] = useState<number | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[85dvh] w-[min(40rem,calc(100%-2rem))] rounded-lg border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/40"
      data-testid="version-history"
    >
      <div className="grid gap-3 p-4">
        <div className="flex items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            Version history
          </h2>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => ref.current?.close()}>
            Close
          </Button>
        </div>
        {versions.isPending ? <Spinner label="Loading versions" /> : null}
        {versions.isError ? <p className="text-sm text-destructive">{failureText(versions.error)}</p> : null}
        {versions.data && versions.data.total > versions.data.versions.length ? (
          <p className="text-sm text-muted-foreground">
            The newest {versions.data.versions.length} of {versions.data.total} versions.
          </p>
        ) : null}
        <ol className="grid gap-2">
          {versions.data?.versions.map((saved) => (
            <li key={saved.version} className="grid gap-2 rounded-md border p-3" data-testid="version-row">
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-medium">Version {saved.version}</span>
                {saved.version === version ? <span className="text-xs font-medium text-primary">current</span> : null}
                <span className="text-xs text-muted-foreground">
                  {new Date(saved.createdAt).toLocaleString()}
                  {saved.by ? ` · ${saved.by}` : ""}
                </span>
              </div>
              <p className="text-sm">{describeChange(saved.change, moment)}</p>
              {saved.version !== version ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={comparing === saved.version}
                    onClick={() => setComparing((shown) => (shown === saved.version ? null : saved.version))}
                  >
                    Compare with current
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={edits.busy}
                    onClick={() =>
                      edits.restore.mutate({ id: courseId, version: saved.version, baseVersion: version }, { onSuccess: () => ref.current?.close() })
                    }
                  >
                    Restore version {saved.version}
                  </Button>
                </div>
              ) : null}
              {comparing === saved.version ? <Comparison courseId={courseId} version={saved.version} current={current} /> : null}
            </li>
          ))}
        </ol>
      </div>
    </dialog>
  );
}

/** What changed from a version to the course now. */
function Comparison({ courseId, version, current }: { courseId: number; version: number; current: OutlineView }) {
  const saved = api.editing.version.useQuery({ id: courseId, version });
  const moment = useMomentLabel();
  if (saved.isPending) return <Spinner label="Loading the version" />;
  if (saved.isError) return <p className="text-sm text-destructive">{failureText(saved.error)}</p>;
  const differences = compareOutlines(saved.data.outline, current);
  if (differences.length === 0) return <p className="text-sm text-muted-foreground">The course is the same as this version.</p>;
  const span = (start: number, end: number | null) => (end === null ? moment(start) : `${moment(start)}–${moment(end)}`);
  return (
    <div className="grid gap-1 text-sm" data-testid="version-comparison">
      <p className="text-muted-foreground">Since this version:</p>
      <ul className="grid list-disc gap-1 pl-5">
        {differences.map((difference, k) => (
          <li key={k}>{wordDifference(difference, span)}</li>
        ))}
      </ul>
    </div>
  );
}

function wordDifference(difference: OutlineDifference, span: (start: number, end: number | null) => string): string {
  switch (difference.kind) {
    case "courseTitle":
      return `Course renamed from “${difference.before}” to “${difference.after}”`;
    case "courseDescription":
      return "Course description changed";
    case "chapterTitle":
      return `Chapter renamed from “${difference.before}” to “${difference.after}”`;
    case "sectionAdded":
      return `Section “${difference.section.title}” added (${span(difference.section.timeStart, difference.section.timeEnd)})`;
    case "sectionRemoved":
      return `Section “${difference.section.title}” removed (${span(difference.section.timeStart, difference.section.timeEnd)})`;
    case "sectionChanged": {
      const parts: string[] = [];
      if (difference.title) parts.push(`renamed from “${difference.title.before}” to “${difference.title.after}”`);
      if (difference.time) parts.push(`moved from ${span(...difference.time.before)} to ${span(...difference.time.after)}`);
      if (difference.contentChanged) parts.push("content rewritten");
      return `Section “${difference.sectionTitle}”: ${parts.join(", ")}`;
    }
  }
}
