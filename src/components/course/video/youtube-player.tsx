"use client";

import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";

import { Button, buttonVariants } from "~/components/ui/button";

import { formatTime } from "../section-navigation";

import { TIME_POLL_MS, type VideoPlayerProps } from "./video-player";
import { loadYouTubeIframeApi, type YouTubePlayer } from "./youtube-iframe-api";

/**
 * One YouTube IFrame player for the whole course page: created once (autoplaying at the first
 * section's start); choosing another section seeks it instead of loading a new iframe.
 */
export default function YouTubeVideoPlayer({ ref, videoId, title, startSeconds, onTime }: VideoPlayerProps) {
  const host = useRef<HTMLDivElement>(null);
  const player = useRef<YouTubePlayer | null>(null);
  const ready = useRef(false);
  // A seek asked for before the player is ready is applied once it is.
  const pendingSeek = useRef<number | null>(null);
  const [failed, setFailed] = useState(false);
  // Each retry after a failure loads the player again.
  const [attempt, setAttempt] = useState(0);
  // Where the video is meant to be while there is no player: what "Watch on YouTube at m:ss" opens.
  const [intendedSeconds, setIntendedSeconds] = useState(startSeconds);
  // The latest callback, callable from handlers and timers alike.
  const onTimeRef = useRef(onTime);
  useLayoutEffect(() => {
    onTimeRef.current = onTime;
  });
  const reportTime = (seconds: number) => onTimeRef.current(seconds);
  // Read when the player is created; later changes go through seekTo.
  const initialStart = useRef(startSeconds);

  useImperativeHandle(
    ref,
    () => ({
      seekTo(seconds: number) {
        if (player.current && ready.current) {
          player.current.seekTo(seconds, true);
          player.current.playVideo();
          reportTime(seconds);
        } else {
          pendingSeek.current = seconds;
          setIntendedSeconds(seconds);
        }
      },
      getCurrentTime() {
        return player.current && ready.current ? player.current.getCurrentTime() : (pendingSeek.current ?? initialStart.current);
      },
    }),
    [],
  );

  useEffect(() => {
    if (!videoId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const mount = host.current;
    if (!mount) return;
    // The API replaces the element it is given with the iframe: give it a child React does not own.
    const target = document.createElement("div");
    mount.appendChild(target);

    loadYouTubeIframeApi().then(
      (YT) => {
        if (cancelled) return;
        player.current = new YT.Player(target, {
          videoId,
          width: "100%",
          height: "100%",
          playerVars: { autoplay: 1, start: Math.floor(initialStart.current), rel: 0, playsinline: 1, origin: window.location.origin },
          events: {
            onReady: ({ target: ready_ }) => {
              if (cancelled) return;
              ready.current = true;
              if (pendingSeek.current !== null) {
                ready_.seekTo(pendingSeek.current, true);
                pendingSeek.current = null;
              }
              timer = setInterval(() => {
                const seconds = ready_.getCurrentTime();
                if (Number.isFinite(seconds)) reportTime(seconds);
              }, TIME_POLL_MS);
            },
          },
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );

    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
      ready.current = false;
      player.current?.destroy();
      player.current = null;
      mount.replaceChildren();
    };
  }, [videoId, attempt]);

  if (!videoId) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-muted p-6 text-center text-sm text-muted-foreground">
        This course has no video.
      </div>
    );
  }
  if (failed) {
    const seconds = Math.floor(intendedSeconds);
    const watchUrl = `https://www.youtube.com/watch?${new URLSearchParams({ v: videoId, t: `${seconds}s` }).toString()}`;
    return (
      <div
        data-testid="video-unavailable"
        className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-lg bg-muted p-6 text-center text-sm text-muted-foreground"
      >
        <div>
          <p className="font-medium text-foreground">The video player could not be loaded.</p>
          <p>YouTube may be blocked on this network, or the connection is down.</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setFailed(false);
              setAttempt((count) => count + 1);
            }}
          >
            Retry
          </Button>
          <a href={watchUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: "sm" })}>
            Watch on YouTube at {formatTime(seconds)}
          </a>
        </div>
      </div>
    );
  }
  return <div ref={host} title={title} data-testid="youtube-player" className="aspect-video w-full overflow-hidden rounded-lg bg-black [&_iframe]:size-full" />;
}
