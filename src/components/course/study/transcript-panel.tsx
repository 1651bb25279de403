"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { failureText } from "~/lib/failure-text";
import type { TranscriptSegment } from "~/lib/schemas/transcript";
import { activeLineIndex, highlightParts, matchingLines, stepMatch } from "~/lib/transcript";
import { api } from "~/trpc/react";

import { useCourseText, useMomentLabel } from "../course-text";
import type { PlayerChapter } from "../section-navigation";
import { type PlayerClock, usePlayerTime } from "./player-clock";
import { transcriptRows } from "./transcript-rows";

export type TranscriptPanelProps = {
  courseId: number;
  chapters: readonly PlayerChapter[];
  clock: PlayerClock;
  onSeek: (seconds: number) => void;
  /** Extra actions shown on each line (e.g. making a card from it); none by default. */
  lineActions?: (segment: TranscriptSegment) => ReactNode;
  className?: string;
};

/** Keys that scroll the panel: pressing one means the learner is reading on their own. */
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown", " "]);

/**
 * The course video's transcript beside the player: the line being spoken is highlighted and kept
 * in view while the learner lets it follow; a line seeks the video; a search steps through the
 * matches. Only the rows in view are rendered, so a 2-hour transcript costs what a short one does.
 */
export default function TranscriptPanel({ courseId, chapters, clock, onSeek, lineActions, className }: TranscriptPanelProps) {
  const text = useCourseText();
  const transcript = api.transcript.byCourse.useQuery({ id: courseId }, { staleTime: Infinity });
  const segments = useMemo(() => transcript.data?.segments ?? [], [transcript.data]);
  const sectionTitles = useMemo(
    () => new Map(chapters.flatMap((chapter) => chapter.sections.map((section) => [section.id, section.title] as const))),
    [chapters],
  );
  const seconds = usePlayerTime(clock);
  const active = activeLineIndex(segments, seconds);

  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => matchingLines(segments, deferredQuery), [segments, deferredQuery]);
  const [onlyMatches, setOnlyMatches] = useState(false);
  const filtering = onlyMatches && deferredQuery.trim() !== "";
  const { rows, rowOfLine } = useMemo(
    () => transcriptRows(segments, sectionTitles, filtering ? new Set(matches) : null),
    [segments, sectionTitles, filtering, matches],
  );
  const [matchIndex, setMatchIndex] = useState(-1);
  const currentMatch = matchIndex >= 0 ? matches[matchIndex] : undefined;

  const [following, setFollowing] = useState(true);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The compiler leaves this component unmemoised (the virtualizer changes under the same
  // identity as the learner scrolls); it re-renders on every tick of the clock anyway.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === "heading" ? 40 : 56),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
  });

  // Filtered to the matches, the spoken line may have no row: nothing to follow then.
  const activeRow = active >= 0 && (rowOfLine[active] ?? -1) >= 0 ? rowOfLine[active] : undefined;
  useEffect(() => {
    if (following && activeRow !== undefined) virtualizer.scrollToIndex(activeRow, { align: "center" });
  }, [following, activeRow, virtualizer]);

  function stopFollowing() {
    if (following) setFollowing(false);
  }

  function goToMatch(step: 1 | -1) {
    const next = stepMatch(matches.length, matchIndex, step);
    setMatchIndex(next);
    const line = matches[next];
    if (line === undefined) return;
    setFollowing(false);
    virtualizer.scrollToIndex(rowOfLine[line]!, { align: "center" });
  }

  function seek(segment: TranscriptSegment) {
    onSeek(segment.start);
    setFollowing(true);
  }

  const searchId = useId();
  const countText =
    deferredQuery.trim() === ""
      ? ""
      : matches.length === 0
        ? "No matches"
        : matchIndex >= 0
          ? `${matchIndex + 1} of ${matches.length}`
          : `${matches.length} ${matches.length === 1 ? "match" : "matches"}`;

  if (transcript.isPending) return <Spinner label="Loading transcript" />;
  if (transcript.isError) return <p className="p-2 text-sm text-destructive">The transcript could not be loaded: {failureText(transcript.error)}</p>;
  if (segments.length === 0) return <p className="p-2 text-sm text-muted-foreground">This video has no transcript.</p>;

  return (
    <div className={cn("flex min-h-0 flex-col gap-2", className)} data-testid="transcript-panel">
      <div className="flex items-center gap-1">
        <label htmlFor={searchId} className="sr-only">
          Search the transcript
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search the transcript"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setMatchIndex(-1);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            goToMatch(event.shiftKey ? -1 : 1);
          }}
          className="h-9"
        />
        <Button variant="outline" size="sm" aria-label="Previous match" disabled={matches.length === 0} onClick={() => goToMatch(-1)}>
          ↑
        </Button>
        <Button variant="outline" size="sm" aria-label="Next match" disabled={matches.length === 0} onClick={() => goToMatch(1)}>
          ↓
        </Button>
      </div>
      <div className="flex min-h-5 items-center justify-between gap-2 text-xs text-muted-foreground">
        <p aria-live="polite" data-testid="transcript-match-count">
          {countText}
        </p>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={onlyMatches} onChange={(event) => setOnlyMatches(event.target.checked)} />
          Only matching lines
        </label>
      </div>

      <div className="min-h-0 flex-1">
        <div
          ref={scrollRef}
          className="@container h-full overflow-y-auto overscroll-contain rounded-md border"
          onWheel={stopFollowing}
          onTouchMove={stopFollowing}
          onKeyDown={(event) => {
            if (SCROLL_KEYS.has(event.key) && event.target === event.currentTarget) stopFollowing();
          }}
          // A press on the scrollbar lands on the container itself, not on a line.
          onPointerDown={(event) => {
            if (event.target === event.currentTarget) stopFollowing();
          }}
          tabIndex={0}
          role="region"
          aria-label="Transcript lines"
          data-testid="transcript-scroller"
        >
          <div role="list" aria-label="Transcript" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {row.kind === "heading" ? (
                    <h3 className="bg-muted/60 px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase" {...text}>
                      {row.title}
                    </h3>
                  ) : (
                    <TranscriptLine
                      segment={segments[row.line]!}
                      active={row.line === active}
                      current={row.line === currentMatch}
                      query={deferredQuery}
                      onSeek={seek}
                      actions={lineActions}
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {/* Below the lines, never over them. */}
      {!following ? (
        <Button
          size="sm"
          variant="secondary"
          className="self-center"
          onClick={() => {
            setFollowing(true);
            if (activeRow !== undefined) virtualizer.scrollToIndex(activeRow, { align: "center" });
          }}
        >
          Follow video
        </Button>
      ) : null}
    </div>
  );
}

type TranscriptLineProps = {
  segment: TranscriptSegment;
  active: boolean;
  current: boolean;
  query: string;
  onSeek: (segment: TranscriptSegment) => void;
  actions?: (segment: TranscriptSegment) => ReactNode;
};

function TranscriptLine({ segment, active, current, query, onSeek, actions }: TranscriptLineProps) {
  const momentAt = useMomentLabel();
  const time = momentAt(segment.start);
  const text = useCourseText();
  return (
    <div
      className={cn("flex items-start gap-1 border-l-2 border-transparent", active && "border-primary bg-primary/10", current && "ring-2 ring-ring ring-inset")}
    >
      <button
        type="button"
        // In a narrow panel the time sits above the line, so the words get the whole width.
        className="flex min-w-0 flex-1 flex-col gap-0.5 px-3 py-2 text-start text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset @sm:flex-row @sm:gap-3"
        aria-current={active ? "time" : undefined}
        data-testid="transcript-line"
        data-start={segment.start}
        onClick={() => onSeek(segment)}
      >
        <span className="shrink-0 font-mono text-xs leading-5 text-muted-foreground tabular-nums">
          <span className="sr-only">Play from </span>
          {time}
        </span>
        <span className="min-w-0 flex-1 break-words" {...text}>
          {highlightParts(segment.text, query).map((part, index) =>
            part.match ? (
              <mark key={index} className="rounded-sm bg-yellow-200 text-foreground dark:bg-yellow-700">
                {part.text}
              </mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </span>
      </button>
      {actions ? <div className="flex shrink-0 items-center py-1 pr-1">{actions(segment)}</div> : null}
    </div>
  );
}
