"use client";

import Markdown, { type Components } from "react-markdown";

import { isSafeHref } from "~/components/chat/markdown-rules";

const Heading: Components["p"] = ({ node: _node, ...props }) => <p className="mb-1 font-semibold last:mb-0" {...props} />;

const COMPONENTS: Components = {
  p: ({ node: _node, ...props }) => <p className="mb-1 last:mb-0" {...props} />,
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  ul: ({ node: _node, ...props }) => <ul className="mb-1 list-disc pl-5 last:mb-0" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="mb-1 list-decimal pl-5 last:mb-0" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="mb-1 border-l-2 pl-2 text-muted-foreground last:mb-0" {...props} />,
  code: ({ node: _node, className: _className, ...props }) => <code className="rounded bg-muted px-1 font-mono text-[0.85em]" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="mb-1 overflow-x-auto rounded bg-muted p-2 text-xs last:mb-0" {...props} />,
  // A note never fetches anything: an image is its alt text.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  a: ({ href, children }) =>
    isSafeHref(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline underline-offset-2">
        {children}
      </a>
    ) : (
      <>{children}</>
    ),
};

/**
 * A note's Markdown. Raw HTML is never rendered: react-markdown without rehype-raw turns it into
 * text, so `<img src=x onerror=…>` reads as those characters. Links are http(s) or mailto only.
 */
export function NoteMarkdown({ text }: { text: string }) {
  return (
    <div className="text-sm leading-relaxed break-words" data-testid="note-text">
      <Markdown components={COMPONENTS}>{text}</Markdown>
    </div>
  );
}
