"use client";

import Link from "next/link";
import { useMemo } from "react";
import Markdown, { type Components } from "react-markdown";

import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import { formatTimestamp } from "~/lib/timestamps";

import { COMPACT_MARKDOWN_COMPONENTS, SafeExternalLink } from "./markdown-components";
import { CITATION_PROPERTY, remarkTimestampCitations } from "./markdown-rules";

const REMARK_PLUGINS = [remarkTimestampCitations];

/** A tutor reply as Markdown: no raw HTML, only http(s)/mailto links, and [m:ss] citations as links into the course video. */
export function ChatMarkdown({ text, courseId, videos = [] }: { text: string; courseId: number; videos?: readonly TimelineVideo[] }) {
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
              className="rounded bg-primary/10 px-1.5 font-mono text-xs text-primary hover:underline"
            >
              {label}
            </Link>
          );
        }
        return <SafeExternalLink href={href}>{children}</SafeExternalLink>;
      },
    }),
    [courseId, videos],
  );

  return (
    <div className="text-sm leading-relaxed break-words">
      <Markdown skipHtml remarkPlugins={REMARK_PLUGINS} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
