"use client";

import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/**
 * Where the conversation is scrolled to:
 * - opened (or reloaded), at the newest message: the log's end, and on a phone, where the log
 *   grows with the page rather than scrolling inside it, the page scrolled to the conversation's
 *   end; held there while the replies' Markdown and the side panel load and the page grows,
 *   until the learner scrolls, taps or types;
 * - back on the page after "Open in the course", where the learner was reading (kept in the
 *   history entry with the video that was open);
 * - as it grows, following the newest message unless the learner has scrolled up to read.
 */
export function useConversationScroll(
  logRef: RefObject<HTMLDivElement | null>,
  growth: { messages: readonly { role: string }[]; lastText: string; status: string },
) {
  const restoredRef = useRestoredScroll(logRef);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || restoredRef.current) return;
    return holdAtNewest(log);
  }, [logRef, restoredRef]);

  const { messages, lastText, status } = growth;
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    // Back on the page where the learner was reading: stay there.
    if (restoredRef.current) {
      restoredRef.current = false;
      return;
    }
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 160;
    if (nearBottom || messages.at(-1)?.role === "user") log.scrollTop = log.scrollHeight;
  }, [logRef, messages, lastText, status, restoredRef]);
}

/** A value rememberInHistory kept in this history entry. */
export function fromHistory(key: string): unknown {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null ? (state as Record<string, unknown>)[key] : undefined;
}

/** Keeps `state` in this page's history entry (beside the router's own), for when the learner comes Back. */
export function rememberInHistory(state: Record<string, unknown>) {
  window.history.replaceState({ ...window.history.state, ...state }, "");
}

/** How long a position is held while the replies' Markdown and the side panel load and the page grows. */
const HOLD_FOR_MS = 3000;
const LEARNER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** Applies `position` on each frame until it holds and HOLD_FOR_MS have passed, or the learner moves first. */
function hold(position: () => boolean): () => void {
  const until = performance.now() + HOLD_FOR_MS;
  let frame = 0;
  const apply = () => {
    const reached = position();
    const now = performance.now();
    frame = now > until && (reached || now > until + HOLD_FOR_MS) ? 0 : requestAnimationFrame(apply);
    if (!frame) stop();
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of LEARNER_INPUT) window.removeEventListener(type, stop, true);
  };
  for (const type of LEARNER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  apply();
  return stop;
}

/** The newest message in view: the log scrolled to its end, and the page too when the log does not scroll by itself. */
function holdAtNewest(log: HTMLElement): () => void {
  return hold(() => {
    log.scrollTop = log.scrollHeight;
    const conversation = log.parentElement ?? log;
    if (log.scrollHeight > log.clientHeight + 1) return log.scrollHeight - log.scrollTop - log.clientHeight < 1;
    const end = conversation.getBoundingClientRect().bottom + window.scrollY;
    const target = Math.max(0, Math.min(end - window.innerHeight, document.documentElement.scrollHeight - window.innerHeight));
    window.scrollTo(0, target);
    return Math.abs(window.scrollY - target) < 1;
  });
}

/**
 * Where the learner was reading (the conversation's own scroll and the page's), kept in the
 * history entry: Back from the course, after "Open in the course", returns to the same place. A
 * position saved by another load of the page (a reload) is not restored: that opens at the newest.
 */
function useRestoredScroll(logRef: RefObject<HTMLDivElement | null>): RefObject<boolean> {
  const restored = useRef(false);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const saved = fromHistory("chatScroll");
    const ours = isScrollPosition(saved) && saved.load === performance.timeOrigin;
    restored.current = ours;
    const stopRestoring = ours ? hold(() => restoreScroll(log, saved)) : () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const remember = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        rememberInHistory({ chatScroll: { log: log.scrollTop, page: window.scrollY, load: performance.timeOrigin } });
      }, 150);
    };
    log.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      stopRestoring();
      clearTimeout(timer);
      log.removeEventListener("scroll", remember);
      window.removeEventListener("scroll", remember);
    };
  }, [logRef]);
  return restored;
}

function restoreScroll(log: HTMLElement, target: ScrollPosition): boolean {
  log.scrollTop = target.log;
  window.scrollTo(0, target.page);
  return Math.abs(log.scrollTop - target.log) < 1 && Math.abs(window.scrollY - target.page) < 1;
}

type ScrollPosition = { log: number; page: number; load: number };

function isScrollPosition(value: unknown): value is ScrollPosition {
  if (typeof value !== "object" || value === null) return false;
  const { log, page, load } = value as Partial<Record<keyof ScrollPosition, unknown>>;
  return typeof log === "number" && typeof page === "number" && typeof load === "number";
}
