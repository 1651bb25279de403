"use client";

import { lazy, Suspense } from "react";

import { type ContentPiece, looksLikeMarkdown, parseSectionContent } from "~/lib/section-content";

import { useCourseText, useMomentLabel } from "./course-text";

// Markdown an owner wrote loads its renderer on demand; generated content never needs it.
const SectionMarkdown = lazy(() => import("./section-markdown"));

type SectionContentProps = { content: string; onSeek: (seconds: number) => void };

/** A section's text: its owner's Markdown when it has some, else the layout below (shown meanwhile). */
export function SectionContent({ content, onSeek }: SectionContentProps) {
  if (!looksLikeMarkdown(content)) return <SectionLayout content={content} onSeek={onSeek} />;
  return (
    <Suspense fallback={<SectionLayout content={content} onSeek={onSeek} />}>
      <SectionMarkdown content={content} onSeek={onSeek} />
    </Suspense>
  );
}

/**
 * A section's text: its key points (each time a button that plays the video from there), the
 * transcript's heading and its paragraphs with their line breaks. Text only: the content is
 * never rendered as HTML.
 */
function SectionLayout({ content, onSeek }: SectionContentProps) {
  const text = useCourseText();
  return (
    <div className="grid gap-3 leading-relaxed whitespace-pre-line" data-testid="section-content" {...text}>
      {parseSectionContent(content).map((block, k) => {
        if (block.kind === "heading")
          return (
            <h3
              key={k}
              className="mt-2 border-t pt-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase first:mt-0 first:border-t-0 first:pt-0"
            >
              {block.text}
            </h3>
          );
        if (block.kind === "list")
          return (
            <ul key={k} className="grid gap-2" data-testid="key-points">
              {block.items.map((pieces, i) => (
                <li key={i}>
                  <Pieces pieces={pieces} onSeek={onSeek} />
                </li>
              ))}
            </ul>
          );
        return (
          <p key={k}>
            <Pieces pieces={block.pieces} onSeek={onSeek} />
          </p>
        );
      })}
    </div>
  );
}

function Pieces({ pieces, onSeek }: { pieces: ContentPiece[]; onSeek: (seconds: number) => void }) {
  const momentAt = useMomentLabel();
  return pieces.map((piece, i) => {
    if (piece.kind === "text") return <span key={i}>{piece.text}</span>;
    const label = momentAt(piece.seconds);
    return (
      <button
        key={i}
        type="button"
        aria-label={`Watch at ${label}`}
        data-seconds={piece.seconds}
        onClick={() => onSeek(piece.seconds)}
        className="rounded bg-primary/10 px-1.5 font-mono text-xs text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {label}
      </button>
    );
  });
}
