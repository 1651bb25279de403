"use client";

import { cva } from "class-variance-authority";
import { useEffect, useEffectEvent, useRef, useState, type ComponentProps, type PointerEvent, type ReactNode, type RefObject } from "react";

import type { ActiveToast, ToastVariant } from "~/hooks/use-toast";

import { cn } from "./cn";
import { X } from "./icons/x";

/**
 * The toasts themselves, hand-written to keep the page's JavaScript small. The Toaster (always on
 * the page) owns the "Notifications (F8)" region and loads this module with the first toast. Each
 * toast closes itself after `duration` ms (paused while `paused`: the pointer or focus is in the
 * region, or the window is in the background), on its close button, on Escape, or when swiped
 * right past `swipeThreshold` px.
 */

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-10 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--toast-swipe-move-x)] data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default: "border bg-background text-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      } satisfies Record<ToastVariant, string>,
    },
    defaultVariants: { variant: "default" },
  },
);

/** A swipe starts once the pointer has moved this far, so a click on the toast stays a click. */
const SWIPE_START_PX = 10;

type ToastProps = Omit<ComponentProps<"li">, "children"> & {
  variant?: ToastVariant | null;
  /** Closes itself after this many ms on screen, not counting the time `paused`. */
  duration: number;
  paused: boolean;
  /** A swipe to the right further than this closes the toast. */
  swipeThreshold: number;
  onClose: () => void;
  /** Where focus goes when the toast closes with focus inside it. */
  onFocusRegion: () => void;
  children: ReactNode;
};

function Toast({ className, variant, duration, paused, swipeThreshold, onClose, onFocusRegion, children, ...props }: ToastProps) {
  const toastRef = useRef<HTMLLIElement>(null);
  const remaining = useRef(duration);
  const swipeStart = useRef<{ x: number; y: number; swiping: boolean } | null>(null);
  const [swipe, setSwipe] = useState<"move" | "cancel" | "end" | undefined>();
  // The text joins the live region a frame after the region itself, so screen readers announce it.
  const [announce, setAnnounce] = useState(false);
  const destructive = variant === "destructive";

  function close() {
    if (toastRef.current?.contains(document.activeElement)) onFocusRegion();
    onClose();
  }
  const closeLater = useEffectEvent(close);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setAnnounce(true));
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented) closeLater();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => closeLater(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused]);

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if (event.button !== 0) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, swiping: false };
  }

  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    const start = swipeStart.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.swiping) {
      if (Math.abs(dx) < SWIPE_START_PX && Math.abs(dy) < SWIPE_START_PX) return;
      if (dx <= 0 || Math.abs(dy) > Math.abs(dx)) {
        swipeStart.current = null;
        return;
      }
      start.swiping = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      setSwipe("move");
    }
    event.currentTarget.style.setProperty("--toast-swipe-move-x", `${Math.max(0, dx)}px`);
  }

  function onPointerUp(event: PointerEvent<HTMLLIElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start?.swiping) return;
    const toast = event.currentTarget;
    if (toast.hasPointerCapture(event.pointerId)) toast.releasePointerCapture(event.pointerId);
    // The pointerup ends a swipe, not a click.
    toast.addEventListener("click", (click) => click.preventDefault(), { once: true });
    const dx = Math.max(0, event.clientX - start.x);
    toast.style.removeProperty("--toast-swipe-move-x");
    if (dx >= swipeThreshold) {
      toast.style.setProperty("--toast-swipe-end-x", `${dx}px`);
      setSwipe("end");
      close();
    } else {
      setSwipe("cancel");
    }
  }

  function onPointerCancel(event: PointerEvent<HTMLLIElement>) {
    if (!swipeStart.current?.swiping) return;
    swipeStart.current = null;
    event.currentTarget.style.removeProperty("--toast-swipe-move-x");
    setSwipe("cancel");
  }

  return (
    <li
      ref={toastRef}
      tabIndex={0}
      data-state="open"
      data-swipe={swipe}
      data-swipe-direction="right"
      className={cn(toastVariants({ variant }), className)}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        close();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      {...props}
    >
      <div role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"} aria-atomic="true" className="min-w-0 flex-1">
        <div className="grid gap-1" aria-hidden={announce ? undefined : true}>
          {children}
        </div>
      </div>
      <button
        type="button"
        aria-label="Close notification"
        className="absolute top-2 right-2 rounded-md p-1 opacity-80 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onClick={close}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

function ToastTitle({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("text-sm font-semibold", className)} {...props} />;
}

function ToastDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("text-sm opacity-95", className)} {...props} />;
}

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** True while the pointer or focus is in the region, or the window is in the background. */
function usePaused(region: RefObject<HTMLElement | null>) {
  const [hovered, setHovered] = useState(false);
  // Read once at mount: this list only ever renders in the browser, after a toast() call.
  const [focused, setFocused] = useState(() => region.current?.contains(document.activeElement) ?? false);
  const [windowBlurred, setWindowBlurred] = useState(false);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const onPointerMove = () => setHovered(true);
    const onPointerLeave = () => setHovered(false);
    const onFocusIn = () => setFocused(true);
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !element.contains(next)) setFocused(false);
    };
    const onWindowBlur = () => setWindowBlurred(true);
    const onWindowFocus = () => setWindowBlurred(false);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerleave", onPointerLeave);
    element.addEventListener("focusin", onFocusIn);
    element.addEventListener("focusout", onFocusOut);
    window.addEventListener("blur", onWindowBlur);
    window.addEventListener("focus", onWindowFocus);
    return () => {
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerleave", onPointerLeave);
      element.removeEventListener("focusin", onFocusIn);
      element.removeEventListener("focusout", onFocusOut);
      window.removeEventListener("blur", onWindowBlur);
      window.removeEventListener("focus", onWindowFocus);
    };
  }, [region]);

  return hovered || focused || windowBlurred;
}

type ToastListProps = { toasts: ActiveToast[]; onDismiss: (id: string) => void; region: RefObject<HTMLElement | null> };

/** The open toasts: the list items of the Toaster's region, loaded with the first toast. */
export default function ToastList({ toasts, onDismiss, region }: ToastListProps) {
  const paused = usePaused(region);
  const onFocusRegion = () => region.current?.focus();
  return toasts.map(({ id, title, description, variant }) => (
    <Toast
      key={id}
      variant={variant}
      duration={TOAST_DURATION_MS}
      paused={paused}
      swipeThreshold={SWIPE_THRESHOLD_PX}
      onClose={() => onDismiss(id)}
      onFocusRegion={onFocusRegion}
      data-testid="toast"
      data-variant={variant ?? "default"}
    >
      <ToastTitle>{title}</ToastTitle>
      {description ? <ToastDescription>{description}</ToastDescription> : null}
    </Toast>
  ));
}
