"use client";

import "@xyflow/react/dist/style.css";

import { Controls, Handle, MarkerType, Position, ReactFlow, ReactFlowProvider, useReactFlow, type Edge, type Node, type NodeProps } from "@xyflow/react";
import { createContext, use, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";

import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

import { BAND_LABELS, conceptsForMap, evidenceText, masteryBand, masteryPercent, MASTERY_BANDS, type ConceptEdge, type MasteryConcept } from "./concepts";
import { layoutConceptMap, nearestInDirection, type Direction, type Point } from "./map-layout";
import { BAND_FILL } from "./mastery-meter";

/** More concepts than this: the map starts with those that have the most evidence, and offers the rest. */
const MAP_DEFAULT_LIMIT = 300;
/** From this many nodes the map draws only those in view. */
const VIRTUALISE_FROM = 500;
const NODE_WIDTH = 144;
/** The map opens showing everything, but no smaller than half size, so labels stay legible; the controls zoom further out. */
const FIT_VIEW = { minZoom: 0.5, maxZoom: 1, padding: 0.1 };

const ARROWS: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

type MapState = {
  activeId: number | null;
  selectedId: number | null;
  onKeyDown: (event: KeyboardEvent, id: number) => void;
  onFocusNode: (id: number) => void;
  onOpen: (id: number) => void;
};
const MapContext = createContext<MapState | null>(null);

type ConceptNodeType = Node<{ concept: MasteryConcept }, "concept">;

/** How long focus waits for a node the view is moving to before it is drawn. */
const FOCUS_WAIT_MS = 2_000;

/** Bigger with more evidence, up to 40 px. */
const diameter = (evidence: number) => Math.round(16 + 4 * Math.sqrt(Math.min(evidence, 36)));

function ConceptNode({ data: { concept } }: NodeProps<ConceptNodeType>) {
  const map = use(MapContext)!;
  const band = masteryBand(concept);
  const size = diameter(concept.evidenceCount);
  const selected = map.selectedId === concept.id;
  return (
    <button
      type="button"
      tabIndex={map.activeId === concept.id ? 0 : -1}
      aria-current={selected ? "true" : undefined}
      data-concept-node={concept.id}
      data-band={band}
      onClick={() => map.onOpen(concept.id)}
      onFocus={() => map.onFocusNode(concept.id)}
      onKeyDown={(event) => map.onKeyDown(event, concept.id)}
      className="nodrag nopan group flex flex-col items-center gap-1 rounded-md p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      style={{ width: NODE_WIDTH }}
    >
      <span className="relative flex h-10 items-center justify-center">
        <Handle type="target" id="left" position={Position.Left} isConnectable={false} className="invisible" />
        <Handle type="source" id="right" position={Position.Right} isConnectable={false} className="invisible" />
        <span
          aria-hidden="true"
          className={cn("block rounded-full", BAND_FILL[band], selected && "ring-4 ring-primary ring-offset-2 ring-offset-background")}
          style={{ width: size, height: size }}
        />
      </span>
      <span
        className="line-clamp-2 rounded bg-background/85 px-1 text-center text-xs leading-tight font-medium text-foreground"
        lang={concept.language}
        dir="auto"
      >
        {concept.label}
      </span>
      <span className="text-[0.7rem] leading-none text-muted-foreground tabular-nums">
        <span className="sr-only">: </span>
        {band === "unassessed" ? "not assessed" : `${masteryPercent(concept.mastery)}%`}
        <span className="sr-only">
          {band === "unassessed" ? "" : `, ${BAND_LABELS[band].toLowerCase()}`}, {evidenceText(concept.evidenceCount)}
        </span>
      </span>
    </button>
  );
}

const NODE_TYPES = { concept: ConceptNode };

function edgesFor(links: readonly ConceptEdge[], shown: ReadonlySet<number>): Edge[] {
  return links
    .filter((link) => shown.has(link.from) && shown.has(link.to) && link.from !== link.to)
    .map((link) =>
      link.kind === "before"
        ? {
            id: `b${link.from}-${link.to}`,
            source: String(link.from),
            target: String(link.to),
            sourceHandle: "right",
            targetHandle: "left",
            markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
          }
        : {
            id: `w${link.from}-${link.to}`,
            source: String(link.from),
            target: String(link.to),
            sourceHandle: "right",
            targetHandle: "left",
            type: "straight",
            style: { strokeDasharray: "4 4" },
          },
    );
}

type ConceptMapProps = { concepts: readonly MasteryConcept[]; edges: readonly ConceptEdge[]; selectedId: number | null; onOpen: (id: number) => void };

function ConceptMapCanvas({ concepts, edges, selectedId, onOpen }: ConceptMapProps) {
  const [showAll, setShowAll] = useState(false);
  const shownConcepts = useMemo(() => (showAll ? [...concepts] : conceptsForMap(concepts, MAP_DEFAULT_LIMIT)), [concepts, showAll]);
  const positions = useMemo(
    () =>
      layoutConceptMap(
        shownConcepts.map((concept) => concept.id),
        edges,
      ),
    [shownConcepts, edges],
  );
  const nodes = useMemo<ConceptNodeType[]>(
    () =>
      shownConcepts.map((concept) => ({
        id: String(concept.id),
        type: "concept",
        position: positions.get(concept.id)!,
        data: { concept },
      })),
    [shownConcepts, positions],
  );
  const flowEdges = useMemo(() => edgesFor(edges, new Set(positions.keys())), [edges, positions]);

  const ordered = useMemo(() => [...positions.entries()].sort(([, a], [, b]) => a.y - b.y || a.x - b.x).map(([id]) => id), [positions]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const tabbable =
    activeId !== null && positions.has(activeId) ? activeId : selectedId !== null && positions.has(selectedId) ? selectedId : (ordered[0] ?? null);

  const flow = useReactFlow();
  const container = useRef<HTMLDivElement>(null);
  const centreOn = useCallback(
    (point: Point) => {
      const box = container.current?.getBoundingClientRect();
      const { x, y, zoom } = flow.getViewport();
      const screen = { x: (point.x + NODE_WIDTH / 2) * zoom + x, y: (point.y + 20) * zoom + y };
      if (box && screen.x > 40 && screen.x < box.width - 40 && screen.y > 40 && screen.y < box.height - 40) return;
      void flow.setCenter(point.x + NODE_WIDTH / 2, point.y + 20, { zoom: Math.max(zoom, 0.8) });
    },
    [flow],
  );

  // Focus follows the arrow keys; a node far away is drawn only once the view has moved to it.
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    // Waits by time, not frames: a busy device draws fewer frames while the view moves.
    const giveUpAt = performance.now() + FOCUS_WAIT_MS;
    let handle = 0;
    const tryFocus = () => {
      const button = container.current?.querySelector<HTMLButtonElement>(`[data-concept-node="${id}"]`);
      if (button) {
        pendingFocus.current = null;
        button.focus({ preventScroll: true });
      } else if (performance.now() < giveUpAt) handle = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(handle);
  }, [activeId]);

  const state = useMemo<MapState>(
    () => ({
      activeId: tabbable,
      selectedId,
      onOpen,
      onFocusNode(id) {
        setActiveId(id);
        const point = positions.get(id);
        if (point) centreOn(point);
      },
      onKeyDown(event, id) {
        const direction = ARROWS[event.key];
        const target =
          direction !== undefined
            ? nearestInDirection(positions, id, direction)
            : event.key === "Home"
              ? (ordered[0] ?? null)
              : event.key === "End"
                ? (ordered[ordered.length - 1] ?? null)
                : undefined;
        if (target === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        if (target === null) return;
        pendingFocus.current = target;
        setActiveId(target);
        centreOn(positions.get(target)!);
      },
    }),
    [tabbable, selectedId, onOpen, positions, ordered, centreOn],
  );

  return (
    <div className="grid gap-2">
      {concepts.length > shownConcepts.length || showAll ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            Showing {shownConcepts.length} of {concepts.length} concepts{showAll ? "" : ", those with the most evidence"}.
          </span>
          <Button variant="outline" size="sm" onClick={() => setShowAll((all) => !all)}>
            {showAll ? `Show the top ${MAP_DEFAULT_LIMIT}` : `Show all ${concepts.length}`}
          </Button>
        </div>
      ) : null}
      <div ref={container} className="h-[28rem] overflow-hidden rounded-lg border bg-muted/30 sm:h-[36rem]" data-testid="concept-map">
        <MapContext value={state}>
          <ReactFlow
            nodes={nodes}
            edges={flowEdges}
            nodeTypes={NODE_TYPES}
            fitView
            fitViewOptions={FIT_VIEW}
            minZoom={0.05}
            maxZoom={2}
            onlyRenderVisibleElements={nodes.length >= VIRTUALISE_FROM}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            disableKeyboardA11y
            deleteKeyCode={null}
            selectionKeyCode={null}
            multiSelectionKeyCode={null}
            panActivationKeyCode={null}
            zoomActivationKeyCode={null}
            proOptions={{ hideAttribution: true }}
            className="[--xy-background-color:transparent] [--xy-controls-button-background-color-hover:hsl(var(--accent))] [--xy-controls-button-background-color:hsl(var(--background))] [--xy-controls-button-border-color:hsl(var(--border))] [--xy-controls-button-color-hover:hsl(var(--accent-foreground))] [--xy-controls-button-color:hsl(var(--foreground))] [--xy-edge-stroke:hsl(var(--muted-foreground))]"
          >
            <Controls showInteractive={false} />
          </ReactFlow>
        </MapContext>
      </div>
    </div>
  );
}

function MapLegend() {
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm" data-testid="map-legend">
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Colours: mastery">
        {MASTERY_BANDS.map((band) => (
          <li key={band} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("inline-block size-3 rounded-full", BAND_FILL[band])} />
            {BAND_LABELS[band]}
          </li>
        ))}
      </ul>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground" aria-label="Size and lines">
        <li>Bigger: more evidence</li>
        <li>Arrow: explained before</li>
        <li>Dashed: explained together</li>
      </ul>
    </div>
  );
}

/**
 * The concept map (@xyflow/react, loaded with the Map tab): concepts coloured by mastery and
 * sized by evidence, "comes before" links as arrows and "goes with" links dashed. The map is one
 * stop for Tab; arrow keys move to the nearest concept that way, Home and End to the first and
 * last, Enter opens one. The list beside it holds the same concepts as text.
 */
export default function ConceptMap(props: ConceptMapProps) {
  const helpId = useId();
  return (
    <section aria-label="Concept map" aria-describedby={helpId} className="grid gap-3">
      <p id={helpId} className="text-sm text-muted-foreground">
        Arrow keys move between concepts, Enter opens one. The list shows the same concepts as text.
      </p>
      <MapLegend />
      <ReactFlowProvider>
        <ConceptMapCanvas {...props} />
      </ReactFlowProvider>
    </section>
  );
}
