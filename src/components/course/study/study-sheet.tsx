"use client";

import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";

import { Button } from "~/components/ui/button";
import { X } from "~/components/ui/icons/x";

type StudySheetProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What stays visible above the sheet (the video): scrolled to the top, the sheet fills the screen below it. */
  keepInView?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/** The sheet never gets shorter than this share of the screen, however tall what it keeps in view. */
const MIN_SHEET_SHARE = 0.45;

/**
 * A bottom sheet for phones: a modal <dialog>, so focus stays inside, Escape closes it and the
 * page behind is inert, while the video keeps playing, visible, above it.
 */
export function StudySheet({ open, onClose, title, keepInView, children }: StudySheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: open before the content's own effects run, so a field that focuses itself
  // on mount (the note composer) keeps focus rather than losing it to showModal's.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const above = keepInView?.current;
      if (above) {
        above.scrollIntoView({ block: "start" });
        const room = window.innerHeight - above.getBoundingClientRect().bottom;
        dialog.style.height = `${Math.round(Math.max(room, window.innerHeight * MIN_SHEET_SHARE))}px`;
      }
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, keepInView]);

  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[70dvh] max-h-none w-full max-w-none rounded-t-xl border-t bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/25"
    >
      {open ? (
        <div className="flex h-full flex-col gap-2 p-3">
          <div className="flex items-center justify-between">
            <h2 className="text-base font-semibold">{title}</h2>
            <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
