import { Button } from "~/components/ui/button";

import { ConceptMoments } from "./concept-moments";
import { evidenceText, MIN_EVIDENCE_FOR_WEAKEST, type MasteryConcept } from "./concepts";
import { MasteryMeter } from "./mastery-meter";

type WeakestConceptsProps = {
  concepts: readonly MasteryConcept[];
  /** Every concept with enough evidence is strong: nothing to list, and not for want of evidence. */
  allStrong: boolean;
  onSelect: (id: number) => void;
  onPractice: (ids: number[]) => void;
};

/** "Weakest first": the concepts the learner knows least, among those with enough evidence to say so and not yet strong. */
export function WeakestConcepts({ concepts, allStrong, onSelect, onPractice }: WeakestConceptsProps) {
  return (
    <section aria-labelledby="weakest-title" className="grid gap-3" data-testid="weakest-concepts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="weakest-title" className="text-xl font-semibold">
          Weakest first
        </h2>
        {concepts.length > 1 ? (
          <Button variant="outline" size="sm" onClick={() => onPractice(concepts.map((concept) => concept.id))}>
            Practice all {concepts.length}
          </Button>
        ) : null}
      </div>
      {concepts.length === 0 && allStrong ? (
        <p className="text-sm text-muted-foreground" data-testid="weakest-all-strong">
          Every concept you have been tested on is strong. Take another section&apos;s quiz to find what to work on next.
        </p>
      ) : concepts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Concepts show here once you have answered at least {MIN_EVIDENCE_FOR_WEAKEST} questions or reviewed cards on them. Take a section&apos;s quiz to
          start.
        </p>
      ) : (
        <ol className="grid gap-2">
          {concepts.map((concept) => (
            <li key={concept.id} data-testid="weakest-concept" data-concept-id={concept.id} className="grid gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button
                  type="button"
                  onClick={() => onSelect(concept.id)}
                  className="text-left font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  lang={concept.language}
                  dir="auto"
                >
                  {concept.label}
                </button>
                <Button size="sm" onClick={() => onPractice([concept.id])} aria-label={`Practice ${concept.label}`}>
                  Practice
                </Button>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <MasteryMeter concept={concept} className="min-w-48 flex-1" />
                <span className="text-xs text-muted-foreground">{evidenceText(concept.evidenceCount)}</span>
              </div>
              <ConceptMoments courses={concept.courses} limit={3} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
