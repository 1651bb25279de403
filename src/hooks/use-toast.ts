"use client";

import { useSyncExternalStore } from "react";

/** The spec's notification rules: one toast at a time, kept for a long while after dismissal. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** How a toast looks: "destructive" for errors. The toast component styles each of these. */
export type ToastVariant = "default" | "destructive";

export type ToastOptions = { title: string; description?: string; variant?: ToastVariant };
export type ActiveToast = ToastOptions & { id: string; open: boolean };

let toasts: ActiveToast[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const NO_TOASTS: ActiveToast[] = [];

function publish(next: ActiveToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(toasts.filter((item) => item.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

function dismissToast(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(options: ToastOptions) {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  publish([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}
