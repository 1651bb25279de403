"use client";

import { type ComponentType, type Ref, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";

import { courseTime, type TimelineVideo, videoAt } from "~/lib/course-timeline";

import type { VideoPlayer, VideoPlayerProps } from "./video-player";

type CourseVideo = TimelineVideo & { title: string };

type CourseVideoPlayerProps = {
  ref?: Ref<VideoPlayer>;
  /** The course's videos on its timeline; one for a course from a video. */
  videos: readonly CourseVideo[];
  /** The player of one video: YouTube's, or the stub in tests. */
  Player: ComponentType<VideoPlayerProps & { duration: number }>;
  /** The stub's length for a course from one video (its last section's start and a tail), else each video's own. */
  singleVideoDuration: number;
  /** A course time, like every time this component takes and reports. */
  startSeconds: number;
  onTime: (seconds: number) => void;
};

/** Closer than this to its end, a video hands over to the next one of the course. */
const END_SLACK_SECONDS = 1;

/**
 * The course's videos as one player on the course's timeline: a seek to a moment of another
 * video loads that video there; a video that plays to its end is followed by the next. A course
 * from one video is that video's player with its own times.
 */
export function CourseVideoPlayer({ ref, videos, Player, singleVideoDuration, startSeconds, onTime }: CourseVideoPlayerProps) {
  const [active, setActive] = useState(() => {
    const at = videoAt(videos, startSeconds);
    return { index: at?.index ?? 0, start: at?.seconds ?? startSeconds };
  });
  const inner = useRef<VideoPlayer>(null);
  const video = videos[active.index];
  const onTimeRef = useRef(onTime);
  useLayoutEffect(() => {
    onTimeRef.current = onTime;
  });
  const offset = video?.offsetSeconds ?? 0;

  useImperativeHandle(
    ref,
    () => ({
      seekTo(seconds: number) {
        const target = videoAt(videos, seconds);
        if (!target || target.index === active.index) {
          inner.current?.seekTo(target?.seconds ?? seconds);
          return;
        }
        setActive({ index: target.index, start: target.seconds });
        onTimeRef.current(seconds);
      },
      getCurrentTime() {
        const local = inner.current?.getCurrentTime() ?? active.start;
        return video ? courseTime(video, local) : local;
      },
    }),
    [videos, video, active],
  );

  function reportTime(local: number) {
    onTimeRef.current(offset + local);
    const following = videos[active.index + 1];
    if (video && following && local >= video.durationSeconds - END_SLACK_SECONDS) setActive({ index: active.index + 1, start: 0 });
  }

  return (
    <Player
      key={active.index}
      ref={inner}
      videoId={video?.videoId ?? null}
      title={video?.title ?? ""}
      startSeconds={active.start}
      onTime={reportTime}
      duration={videos.length > 1 && video ? video.durationSeconds : singleVideoDuration}
    />
  );
}
