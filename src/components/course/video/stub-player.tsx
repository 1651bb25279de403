"use client";

import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";

import { formatTime } from "../section-navigation";

import { TIME_POLL_MS, type VideoPlayerProps } from "./video-player";

let instances = 0;

/**
 * A stand-in for the YouTube player in browser tests (VIDEO_PLAYER=stub): no network, a clock
 * that advances one second per second while playing, and a seek slider. `data-instance` counts
 * mounts, so a test can tell that a seek did not reload the player.
 */
export default function StubVideoPlayer({ ref, videoId, title, startSeconds, onTime, duration }: VideoPlayerProps & { duration: number }) {
  const [instance] = useState(() => ++instances);
  const [time, setTime] = useState(startSeconds);
  const [playing, setPlaying] = useState(true); // autoplay
  const timeRef = useRef(startSeconds);
  // The latest callback, callable from handlers and timers alike.
  const onTimeRef = useRef(onTime);
  useLayoutEffect(() => {
    onTimeRef.current = onTime;
  });
  const reportTime = (seconds: number) => onTimeRef.current(seconds);

  function moveTo(seconds: number) {
    const clamped = Math.max(0, Math.min(duration, seconds));
    timeRef.current = clamped;
    setTime(clamped);
    reportTime(clamped);
  }

  useImperativeHandle(
    ref,
    () => ({
      seekTo: (seconds: number) => moveTo(seconds),
      getCurrentTime: () => timeRef.current,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- moveTo reads refs and the fixed duration
    [duration],
  );

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const next = Math.min(duration, timeRef.current + TIME_POLL_MS / 1000);
      timeRef.current = next;
      setTime(next);
      reportTime(next);
    }, TIME_POLL_MS);
    return () => clearInterval(timer);
  }, [playing, duration]);

  return (
    <div
      data-testid="stub-player"
      data-instance={instance}
      data-video-id={videoId ?? undefined}
      data-time={Math.floor(time)}
      data-playing={playing}
      className="flex aspect-video w-full flex-col justify-between rounded-lg bg-neutral-900 p-4 text-neutral-50"
    >
      <div>
        <p className="text-sm font-medium">Video stub: {title}</p>
        <p className="text-xs text-neutral-300">{videoId ?? "no video"}</p>
      </div>
      <p className="text-center text-4xl font-semibold tabular-nums" data-testid="stub-player-time" aria-live="off">
        {formatTime(time)}
      </p>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="rounded-md border border-neutral-500 px-3 py-1 text-sm hover:bg-neutral-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onClick={() => setPlaying((value) => !value)}
        >
          {playing ? "Pause" : "Play"}
        </button>
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={duration}
          step={1}
          value={Math.floor(time)}
          onChange={(event) => moveTo(Number(event.target.value))}
          className="flex-1 accent-primary"
        />
      </div>
    </div>
  );
}
