"use client";

import { lazy, Suspense, useEffect, useRef } from "react";

import { useToast } from "~/hooks/use-toast";

/** The toasts' code is only fetched when there is a first toast to show. */
const ToastList = lazy(() => import("./toast"));

/**
 * The notifications region: a landmark ("Notifications (F8)": F8 focuses it) with an ordered list
 * of at most one toast (see use-toast).
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  const open = toasts.filter((item) => item.open);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "F8") regionRef.current?.focus();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section ref={regionRef} aria-label="Notifications (F8)" tabIndex={-1} className="outline-none">
      <ol className="pointer-events-none fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]">
        {open.length > 0 ? (
          <Suspense fallback={null}>
            <ToastList toasts={open} onDismiss={dismiss} region={regionRef} />
          </Suspense>
        ) : null}
      </ol>
    </section>
  );
}
