"use client";

import Link from "next/link";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";

import { buttonVariants } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { CenteredSpinner, Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { ConceptDetails } from "./concept-details";
import { ConceptList } from "./concept-list";
import { CourseTimelinesProvider } from "./concept-moments";
import { MIN_EVIDENCE_FOR_WEAKEST, timelinesByCourse, weakestFirst } from "./concepts";
import { WeakestConcepts } from "./weakest-concepts";

// The map's library loads with the Map tab; Practice with its dialog.
const ConceptMap = lazy(() => import("./concept-map"));
const PracticeDialog = lazy(() => import("./practice-dialog"));

type Selection = { id: number; focus: boolean };

/** Keeps `?concept=` in step with the concept shown, without a navigation, so the address can be shared. */
function showInAddress(id: number | null) {
  const url = new URL(window.location.href);
  if (id === null) url.searchParams.delete("concept");
  else url.searchParams.set("concept", String(id));
  window.history.replaceState(window.history.state, "", url);
}

/** /mastery: weakest first, every concept as a list or a map, one concept's details, and Practice. */
export function MasteryView({ initialConceptId }: { initialConceptId: number | null }) {
  const map = api.mastery.map.useQuery();
  const [selection, setSelection] = useState<Selection | null>(initialConceptId === null ? null : { id: initialConceptId, focus: false });
  const [practising, setPractising] = useState<number[] | null>(null);

  const concepts = useMemo(() => map.data?.concepts ?? [], [map.data]);
  const byId = useMemo(() => new Map(concepts.map((concept) => [concept.id, concept])), [concepts]);
  const weakest = useMemo(() => weakestFirst(concepts), [concepts]);
  const measured = useMemo(() => concepts.some((concept) => concept.evidenceCount >= MIN_EVIDENCE_FOR_WEAKEST), [concepts]);
  const timelines = useMemo(() => timelinesByCourse(map.data?.timelines ?? []), [map.data]);

  const select = useCallback((id: number, focus = true) => {
    setSelection({ id, focus });
    showInAddress(id);
  }, []);
  const openFromMap = useCallback((id: number) => select(id, false), [select]);
  const close = () => {
    setSelection(null);
    showInAddress(null);
  };

  if (map.isPending) return <CenteredSpinner label="Loading your concepts" />;
  if (map.isError) return <p role="alert">Could not load your concepts: {failureText(map.error)}</p>;

  if (concepts.length === 0) {
    return (
      <Card data-testid="mastery-empty">
        <CardHeader className="items-start gap-3">
          <h2 className="text-xl font-semibold">No concepts yet</h2>
          <p className="text-muted-foreground">Concepts come from your courses: create one, and what its video explains shows here.</p>
          <Link href="/create-course" className={buttonVariants()}>
            Create a Course
          </Link>
        </CardHeader>
      </Card>
    );
  }

  const selected = selection ? byId.get(selection.id) : undefined;
  const assessed = concepts.filter((concept) => concept.evidenceCount > 0).length;

  return (
    <CourseTimelinesProvider timelines={timelines}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-8">
          <p className="text-sm text-muted-foreground" data-testid="mastery-summary">
            {concepts.length} concept{concepts.length === 1 ? "" : "s"} across your courses, {assessed} assessed so far.
          </p>
          <WeakestConcepts concepts={weakest} allStrong={measured && weakest.length === 0} onSelect={select} onPractice={setPractising} />
          <section aria-labelledby="all-concepts-title" className="grid gap-3">
            <h2 id="all-concepts-title" className="text-xl font-semibold">
              All your concepts
            </h2>
            <Tabs defaultValue="list" className="grid gap-4">
              <TabsList aria-labelledby="all-concepts-title" className="justify-self-start">
                <TabsTrigger value="list">List</TabsTrigger>
                <TabsTrigger value="map">Map</TabsTrigger>
              </TabsList>
              <TabsContent value="list">
                <ConceptList concepts={concepts} selectedId={selection?.id ?? null} onSelect={select} />
              </TabsContent>
              <TabsContent value="map">
                <Suspense fallback={<Spinner label="Loading the map" />}>
                  <ConceptMap concepts={concepts} edges={map.data.edges} selectedId={selection?.id ?? null} onOpen={openFromMap} />
                </Suspense>
              </TabsContent>
            </Tabs>
          </section>
        </div>
        <aside aria-label="Concept details" className="lg:sticky lg:top-20">
          {selected ? (
            <ConceptDetails concept={selected} focus={selection?.focus ?? false} onPractice={setPractising} onClose={close} />
          ) : selection ? (
            <p className="text-sm text-muted-foreground" data-testid="concept-unknown">
              That concept is not among yours yet: it shows here once you study a course that explains it.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Choose a concept to see where it is explained and to practice it.</p>
          )}
          <p className="sr-only" aria-live="polite">
            {selected ? `Showing ${selected.label}` : ""}
          </p>
        </aside>
        {practising ? (
          <Suspense fallback={null}>
            <PracticeDialog
              concepts={practising.flatMap((id) => byId.get(id) ?? [])}
              onClose={() => {
                setPractising(null);
                void map.refetch();
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </CourseTimelinesProvider>
  );
}
