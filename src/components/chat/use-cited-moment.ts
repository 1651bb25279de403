"use client";

import { useCallback, useRef, useState } from "react";

import type { CitedMoment } from "./cited-moment-player";
import { fromHistory, rememberInHistory } from "./use-conversation-scroll";

/** The moment of the course video a citation in the conversation opened, and how to open and close it. */
export function useCitedMoment() {
  // Back to this page, the video is open again at the moment it was opened for. (The chat renders
  // only in the browser, once the course and the conversation have loaded.)
  const [moment, setMoment] = useState<CitedMoment | null>(() => {
    const seconds = typeof window === "undefined" ? null : fromHistory("chatVideo");
    return typeof seconds === "number" ? { seconds, request: 0 } : null;
  });
  // The citation that opened the video: focus returns to it when the video closes.
  const citation = useRef<HTMLElement | null>(null);
  const cite = useCallback((seconds: number, link: HTMLElement) => {
    citation.current = link;
    setMoment((previous) => ({ seconds, request: (previous?.request ?? 0) + 1 }));
    rememberInHistory({ chatVideo: seconds });
  }, []);
  function closeVideo() {
    setMoment(null);
    rememberInHistory({ chatVideo: null });
    citation.current?.focus();
  }
  return { moment, cite, closeVideo };
}
