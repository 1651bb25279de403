"use client";

import { useId, useMemo, useState } from "react";

import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Select } from "~/components/ui/select";

import { ConceptMoments } from "./concept-moments";
import { CONCEPT_SORTS, evidenceText, sortConcepts, type ConceptSort, type MasteryConcept } from "./concepts";
import { MasteryMeter } from "./mastery-meter";

const PAGE = 50;

type ConceptListProps = {
  concepts: readonly MasteryConcept[];
  selectedId: number | null;
  onSelect: (id: number) => void;
};

/** Every concept of the learner, sorted as they choose, 50 at a time: the page's text view of the map. */
export function ConceptList({ concepts, selectedId, onSelect }: ConceptListProps) {
  const [sort, setSort] = useState<ConceptSort>("weakest");
  const [shown, setShown] = useState(PAGE);
  const sorted = useMemo(() => sortConcepts(concepts, sort), [concepts, sort]);
  const sortId = useId();

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium">
          Sort
        </label>
        <Select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as ConceptSort)} compact>
          {Object.entries(CONCEPT_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <span className="text-sm text-muted-foreground">
          {concepts.length} concept{concepts.length === 1 ? "" : "s"}
        </span>
      </div>
      <ul className="grid gap-2" data-testid="concept-list">
        {sorted.slice(0, shown).map((concept) => (
          <li
            key={concept.id}
            data-testid="concept-row"
            data-concept-id={concept.id}
            className={cn("grid gap-2 rounded-lg border p-3", concept.id === selectedId && "border-primary ring-1 ring-primary/40")}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <button
                type="button"
                onClick={() => onSelect(concept.id)}
                aria-current={concept.id === selectedId ? "true" : undefined}
                className="text-left font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                lang={concept.language}
                dir="auto"
              >
                {concept.label}
              </button>
              <span className="text-xs text-muted-foreground" data-testid="concept-evidence">
                {evidenceText(concept.evidenceCount)}
              </span>
            </div>
            <MasteryMeter concept={concept} />
            <ConceptMoments courses={concept.courses} limit={3} />
          </li>
        ))}
      </ul>
      {sorted.length > shown ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setShown((count) => count + PAGE)}>
          Show {Math.min(PAGE, sorted.length - shown)} more of {sorted.length - shown}
        </Button>
      ) : null}
    </div>
  );
}
