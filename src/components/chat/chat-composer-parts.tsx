"use client";

import { cn } from "~/components/ui/cn";
import { X } from "~/components/ui/icons/x";
import { TUTOR_MODES, type TutorMode } from "~/lib/rules/chat";

const MODE_LABELS: Record<TutorMode, { label: string; hint: string }> = {
  explain: { label: "Explain", hint: "A clear, complete answer" },
  simpler: { label: "Simpler", hint: "Short sentences, everyday words, one example" },
  hint: { label: "Hint only", hint: "A nudge toward the answer, never the answer itself" },
  quiz: { label: "Quiz me", hint: "A question from the course; it checks your answer" },
};

/** 'Asking about 12:34': the moment every question is about until the learner removes it. */
export function MomentChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <p className="flex items-center" data-testid="moment-chip">
      <span className="inline-flex items-center gap-1 rounded-full border border-primary/40 bg-primary/10 py-0.5 pr-1 pl-3 text-xs font-medium text-primary">
        Asking about {label}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Stop asking about ${label}`}
          title="Ask about the whole video"
          className="inline-flex size-6 items-center justify-center rounded-full hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-3.5" />
        </button>
      </span>
    </p>
  );
}

/** Explain, Simpler, Hint only, Quiz me: how the tutor answers the next message. */
export function ModePicker({ mode, onChange, disabled }: { mode: TutorMode; onChange: (mode: TutorMode) => void; disabled: boolean }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5" disabled={disabled}>
      <legend className="sr-only">How the tutor answers</legend>
      {TUTOR_MODES.map((value) => (
        <label
          key={value}
          title={MODE_LABELS[value].hint}
          className={cn(
            "cursor-pointer rounded-full border px-3 py-1 text-xs font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
            mode === value ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent hover:text-accent-foreground",
          )}
        >
          <input type="radio" name="tutor-mode" value={value} checked={mode === value} onChange={() => onChange(value)} className="sr-only" />
          {MODE_LABELS[value].label}
        </label>
      ))}
    </fieldset>
  );
}
