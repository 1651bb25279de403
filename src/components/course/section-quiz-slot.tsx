"use client";

import { lazy, Suspense } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

// Loaded on demand: the quiz after the video.
const SectionQuiz = lazy(() => import("./section-quiz"));

type SectionQuizSlotProps = {
  sectionId: number;
  completed: boolean;
  /** The learner is taking a completed section's quiz again. */
  retaking: boolean;
  onRetake: () => void;
  onContinue: () => void;
  continueLabel: string;
  onRewatch: (seconds: number) => void;
};

/** Under a section: its quiz, or once it is completed a note saying so and 'Retake quiz'. */
export function SectionQuizSlot({ sectionId, completed, retaking, onRetake, onContinue, continueLabel, onRewatch }: SectionQuizSlotProps) {
  if (!completed || retaking) {
    return (
      <Suspense fallback={<Spinner label="Loading quiz" />}>
        <SectionQuiz
          key={`${sectionId}-${retaking ? "retake" : "quiz"}`}
          sectionId={sectionId}
          retake={retaking}
          onContinue={onContinue}
          continueLabel={continueLabel}
          onRewatch={onRewatch}
        />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-muted-foreground" data-testid="section-completed">
        You have completed this section.
      </p>
      <Button variant="outline" size="sm" onClick={onRetake} data-testid="section-retake">
        Retake quiz
      </Button>
    </div>
  );
}
