"use client";

import Link from "next/link";
import { useMemo } from "react";
import Markdown, { type Components } from "react-markdown";

import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import { formatTimestamp } from "~/lib/timestamps";

import { COMPACT_MARKDOWN_COMPONENTS, SafeExternalLink } from "./markdown-components";
import { CITATION_PROPERTY, remarkTimestampCitations } from "./markdown-rules";

const REMARK_PLUGINS = [remarkTimestampCitations];

type ChatMarkdownProps = {
  text: string;
  courseId: number;
  videos?: readonly TimelineVideo[];
  /** A plain click on a citation: the page plays the moment in place (a new tab still opens the course there). */
  onCite?: (seconds: number, link: HTMLElement) => void;
};

/** A tutor reply as Markdown: no raw HTML, only http(s)/mailto links, and [m:ss] citations as links into the course video. */
export function ChatMarkdown({ text, courseId, videos = [], onCite }: ChatMarkdownProps) {
  const components = useMemo<Components>(
    () => ({
      ...COMPACT_MARKDOWN_COMPONENTS,
      a: ({ node, href, children }) => {
        const seconds = node?.properties[CITATION_PROPERTY];
        if (typeof seconds === "number") {
          const label = momentLabel(videos, seconds, formatTimestamp);
          return (
            <Link
              href={`/course/${courseId}?t=${seconds}`}
              prefetch={false}
              aria-label={`Watch at ${label}`}
              data-seconds={seconds}
              onClick={(event) => {
                if (!onCite || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onCite(seconds, event.currentTarget);
              }}
              className="rounded bg-primary/10 px-1.5 font-mono text-xs text-primary hover:underline"
            >
              {label}
            </Link>
          );
        }
        return <SafeExternalLink href={href}>{children}</SafeExternalLink>;
      },
    }),
    [courseId, videos, onCite],
  );

  return (
    <div className="text-sm leading-relaxed break-words">
      <Markdown skipHtml remarkPlugins={REMARK_PLUGINS} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
