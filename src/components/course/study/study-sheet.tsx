"use client";

import { type ReactNode, type RefObject, useId } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
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
 * A bottom sheet for phones: a modal dialog, so focus stays inside, Escape closes it and the
 * page behind is inert, while the video keeps playing, visible, above it.
 */
export function StudySheet({ open, onClose, title, keepInView, children }: StudySheetProps) {
  const titleId = useId();

  function fitBelowKeptView(dialog: HTMLDialogElement) {
    const above = keepInView?.current;
    if (!above) return;
    above.scrollIntoView({ block: "start" });
    const room = window.innerHeight - above.getBoundingClientRect().bottom;
    dialog.style.height = `${Math.round(Math.max(room, window.innerHeight * MIN_SHEET_SHARE))}px`;
  }

  return (
    <Dialog
      open={open}
      titleId={titleId}
      onClose={onClose}
      onBeforeOpen={fitBelowKeptView}
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[70dvh] max-h-none w-full max-w-none rounded-t-xl border-t bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/25"
    >
      {open ? (
        <div className="flex h-full flex-col gap-2 p-3">
          <div className="flex items-center justify-between">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          </div>
          {children}
        </div>
      ) : null}
    </Dialog>
  );
}
