"use client";

import { useMemo } from "react";
import Markdown, { type Components } from "react-markdown";

import { COMPACT_MARKDOWN_COMPONENTS, SafeExternalLink } from "~/components/chat/markdown-components";
import { CITATION_PROPERTY, remarkTimestampCitations } from "~/components/chat/markdown-rules";

import { useCourseText, useMomentLabel } from "./course-text";

const REMARK_PLUGINS = [remarkTimestampCitations];

/**
 * A section's content that its owner wrote in Markdown: rendered without raw HTML (react-markdown
 * without rehype-raw), links out only to http(s) or mailto, images as their alt text, and every
 * [m:ss] a button that plays the video from there. Loaded only for such content.
 */
export default function SectionMarkdown({ content, onSeek }: { content: string; onSeek: (seconds: number) => void }) {
  const momentAt = useMomentLabel();
  const text = useCourseText();
  const components = useMemo<Components>(
    () => ({
      ...COMPACT_MARKDOWN_COMPONENTS,
      a: ({ node, href, children }) => {
        const seconds = node?.properties[CITATION_PROPERTY];
        if (typeof seconds !== "number") return <SafeExternalLink href={href}>{children}</SafeExternalLink>;
        const label = momentAt(seconds);
        return (
          <button
            type="button"
            aria-label={`Watch at ${label}`}
            data-seconds={seconds}
            onClick={() => onSeek(seconds)}
            className="rounded bg-primary/10 px-1.5 font-mono text-xs text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {label}
          </button>
        );
      },
    }),
    [momentAt, onSeek],
  );
  return (
    <div className="leading-relaxed break-words" data-testid="section-content" {...text}>
      <Markdown skipHtml remarkPlugins={REMARK_PLUGINS} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
