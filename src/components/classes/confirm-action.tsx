"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

type ConfirmActionProps = {
  /** The first button's text. */
  label: ReactNode;
  /** Its accessible name, when the text alone is ambiguous in a list ("Remove alice"). */
  ariaLabel?: string;
  /** What confirming does, said beside the confirm button. */
  question: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  size?: "sm" | "default";
  disabled?: boolean;
  testId?: string;
};

/**
 * A destructive action asked twice, in place (as revoking an API token is): the button, then the
 * consequence with "confirm" and "cancel". Focus moves to the confirm button and back on cancel.
 */
export function ConfirmAction({ label, ariaLabel, question, confirmLabel, pending, onConfirm, size = "sm", disabled, testId }: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      openRef.current?.focus();
    }
  }, [confirming]);

  if (!confirming) {
    return (
      <Button ref={openRef} variant="outline" size={size} aria-label={ariaLabel} disabled={disabled} onClick={() => setConfirming(true)} data-testid={testId}>
        {label}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={ariaLabel ?? (typeof label === "string" ? label : confirmLabel)}>
      <span className="text-sm">{question}</span>
      <Button ref={confirmRef} variant="destructive" size={size} disabled={pending} onClick={onConfirm}>
        {pending ? <Spinner tone="current" /> : null}
        {confirmLabel}
      </Button>
      <Button
        variant="ghost"
        size={size}
        onClick={() => {
          returnFocus.current = true;
          setConfirming(false);
        }}
      >
        Cancel
      </Button>
    </div>
  );
}
