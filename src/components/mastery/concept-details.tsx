"use client";

import { useEffect, useRef } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

import { ConceptMoments } from "./concept-moments";
import { evidenceText, type MasteryConcept } from "./concepts";
import { MasteryMeter } from "./mastery-meter";

type ConceptDetailsProps = {
  concept: MasteryConcept;
  /** Move focus to the heading when shown (chosen from the list, not while moving through the map). */
  focus: boolean;
  onPractice: (ids: number[]) => void;
  onClose: () => void;
};

const lastEvidence = (iso: string | null) =>
  iso ? `Last evidence ${new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })}` : "No evidence yet";

/** One concept: its mastery, its evidence, the courses and moments that explain it, and Practice. */
export function ConceptDetails({ concept, focus, onPractice, onClose }: ConceptDetailsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, concept.id]);

  return (
    <Card data-testid="concept-details" data-concept-id={concept.id}>
      <CardHeader className="gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold break-words outline-none" lang={concept.language} dir="auto">
          {concept.label}
        </h2>
        <MasteryMeter concept={concept} />
        <p className="text-sm text-muted-foreground">
          <span data-testid="concept-details-evidence">{evidenceText(concept.evidenceCount)}</span> · {lastEvidence(concept.lastEvidenceAt)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Where it is explained</h3>
          <ConceptMoments courses={concept.courses} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onPractice([concept.id])}>Practice</Button>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
