"use client";

import { useEffect, useEffectEvent } from "react";

type ShortcutEvent = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "repeat" | "defaultPrevented"> & {
  target: EventTarget | null;
};

/** The key N takes a note, unless the learner is typing or N is part of another shortcut. */
export function isNoteShortcut(event: ShortcutEvent): boolean {
  if (event.key !== "n" && event.key !== "N") return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (!target) return true;
  return !(target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("dialog[open]"));
}

/** Calls `addNote` when the learner presses N anywhere on the page (see isNoteShortcut). */
export function useNoteShortcut(addNote: () => void) {
  const onShortcut = useEffectEvent(addNote);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isNoteShortcut(event)) return;
      event.preventDefault();
      onShortcut();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
