"use client";

import { useSyncExternalStore } from "react";

/**
 * The video's current time, shared by the player (which writes it about once a second) and the
 * study panels (which read it), without re-rendering the whole player on every tick.
 */
export type PlayerClock = {
  get: () => number;
  set: (seconds: number) => void;
  subscribe: (onChange: () => void) => () => void;
};

export function createPlayerClock(initial: number): PlayerClock {
  let seconds = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => seconds,
    set(next) {
      if (next === seconds) return;
      seconds = next;
      for (const listener of listeners) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

export function usePlayerTime(clock: PlayerClock): number {
  return useSyncExternalStore(clock.subscribe, clock.get, clock.get);
}
