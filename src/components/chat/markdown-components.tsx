import type { ReactNode } from "react";
import type { Components } from "react-markdown";

import { cn } from "~/components/ui/cn";

import { isSafeHref } from "./markdown-rules";

// The space is small: headings read as bold paragraphs, and stay out of the page outline.
const Heading: Components["p"] = ({ node: _node, ...props }) => <p className="mb-2 font-semibold last:mb-0" {...props} />;

/** Markdown in a small space (a tutor reply, a note): compact blocks, no remote images. */
export const COMPACT_MARKDOWN_COMPONENTS: Components = {
  p: ({ node: _node, ...props }) => <p className="mb-2 last:mb-0" {...props} />,
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  ul: ({ node: _node, ...props }) => <ul className="mb-2 list-disc space-y-1 pl-5 last:mb-0" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="mb-2 list-decimal space-y-1 pl-5 last:mb-0" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="mb-2 border-l-2 pl-3 text-muted-foreground last:mb-0" {...props} />,
  // A fenced block's language arrives as className ("language-ts").
  code: ({ node: _node, className, ...props }) => <code className={cn("rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]", className)} {...props} />,
  pre: ({ node: _node, ...props }) => (
    <pre className="mb-2 overflow-x-auto rounded-md bg-muted p-3 text-xs last:mb-0 [&>code]:bg-transparent [&>code]:p-0" {...props} />
  ),
  hr: () => <hr className="my-3 border-border" />,
  // No remote fetches from model output: an image is its alt text.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

/** A link out of the page, only when it is http(s) or mailto; anything else is its text. */
export function SafeExternalLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!isSafeHref(href)) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline underline-offset-2">
      {children}
    </a>
  );
}
