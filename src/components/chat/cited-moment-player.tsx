"use client";

import Link from "next/link";
import { type KeyboardEvent, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";

import { flattenSections, type PlayerChapter } from "~/components/course/section-navigation";
import { CourseVideoPlayer } from "~/components/course/video/course-video-player";
import { VIDEO_PLAYERS } from "~/components/course/video/players";
import { stubVideoLength } from "~/components/course/video/stub-player-constants";
import type { VideoPlayer, VideoPlayerKind } from "~/components/course/video/video-player";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { X } from "~/components/ui/icons/x";
import { Spinner } from "~/components/ui/spinner";
import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import { formatTimestamp } from "~/lib/timestamps";

/** A moment a citation asked for; `request` tells two clicks on the same moment apart. */
export type CitedMoment = { seconds: number; request: number };

type CitedMomentPlayerProps = {
  courseId: number;
  videos: readonly (TimelineVideo & { title: string })[];
  chapters: readonly PlayerChapter[];
  videoPlayer: VideoPlayerKind;
  moment: CitedMoment;
  /** Beside the chat (a desktop), or a sheet docked at the bottom of the screen (a phone). */
  docked: boolean;
  onClose: () => void;
};

/**
 * The course video next to the conversation, opened by a citation and sought to it, so the
 * learner watches the moment without leaving the chat. Further citations seek the same player.
 */
export function CitedMomentPlayer({ courseId, videos, chapters, videoPlayer, moment, docked, onClose }: CitedMomentPlayerProps) {
  const player = useRef<VideoPlayer>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [seconds, setSeconds] = useState(moment.seconds);
  const [opening] = useState(moment.seconds);
  const stubLength = useMemo(() => stubVideoLength(flattenSections(chapters)), [chapters]);

  // A later citation seeks the player that is already there (the first one opened it at its moment).
  const firstRequest = useRef(moment.request);
  useEffect(() => {
    if (moment.request === firstRequest.current) return;
    player.current?.seekTo(moment.seconds);
    setSeconds(moment.seconds);
  }, [moment]);

  // On a phone the sheet covers part of the page: focus goes to it, so a screen reader hears it opened.
  useEffect(() => {
    if (!docked) heading.current?.focus();
  }, [docked, moment]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onClose();
  }

  const label = momentLabel(videos, seconds, formatTimestamp);
  return (
    <section
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      data-testid="cited-moment-player"
      className={cn(
        "grid gap-2 bg-card p-3",
        docked
          ? "rounded-lg border"
          : "fixed inset-x-0 bottom-0 z-40 mx-auto max-w-md rounded-t-xl border-t pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-2xl",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
          Watching {label}
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close the video" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <Suspense
        fallback={
          <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-muted">
            <Spinner label="Loading video" />
          </div>
        }
      >
        <CourseVideoPlayer
          ref={player}
          videos={videos}
          Player={VIDEO_PLAYERS[videoPlayer]}
          singleVideoDuration={stubLength}
          startSeconds={opening}
          onTime={(time) => setSeconds(Math.floor(time))}
        />
      </Suspense>
      <Link href={`/course/${courseId}?t=${seconds}`} className="text-sm font-medium text-primary hover:underline">
        Open in the course at {label}
      </Link>
    </section>
  );
}
