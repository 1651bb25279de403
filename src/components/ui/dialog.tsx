"use client";

import { type ComponentProps, type MouseEvent, useEffectEvent, useLayoutEffect, useRef } from "react";

/** Named by its heading (`titleId`), or by `aria-label` when it shows none. */
type DialogName = { titleId: string; "aria-label"?: never } | { titleId?: never; "aria-label": string };

type DialogProps = Omit<ComponentProps<"dialog">, "open" | "onClose" | "aria-labelledby" | "aria-label" | "ref"> &
  DialogName & {
    /** Whether the dialog is shown; a dialog mounted without it is open until it unmounts. */
    open?: boolean;
    /** Escape, a click on the backdrop, or `close()` on the element: the caller hides or unmounts it. */
    onClose: () => void;
    /** Runs just before the dialog opens, while the page behind can still scroll (a sheet sizes itself). */
    onBeforeOpen?: (dialog: HTMLDialogElement) => void;
  };

/**
 * The one modal: a <dialog> opened with showModal(), so the page behind is inert, focus moves in
 * and stays inside, and Escape closes it. A click on the backdrop closes it too, the page under
 * it does not scroll while it is open, and focus goes back to what opened it.
 */
export function Dialog({ open = true, onClose, titleId, onBeforeOpen, onClick, children, ...props }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const beforeOpen = useEffectEvent((dialog: HTMLDialogElement) => onBeforeOpen?.(dialog));

  // A layout effect: open before the content's own effects run, so a field that focuses itself on
  // mount keeps focus rather than losing it to showModal's.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    beforeOpen(dialog);
    if (!dialog.open) dialog.showModal();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    onClick?.(event);
    const dialog = event.currentTarget;
    // The backdrop's clicks land on the dialog itself, outside its box; a keyboard "click" has no position.
    if (event.target !== dialog || event.detail === 0) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  }

  return (
    <dialog ref={ref} aria-modal="true" aria-labelledby={titleId} onClose={onClose} onClick={closeOnBackdrop} {...props}>
      {children}
    </dialog>
  );
}
