"use client";

import Markdown, { type Components } from "react-markdown";

import { COMPACT_MARKDOWN_COMPONENTS, SafeExternalLink } from "~/components/chat/markdown-components";

// A note never fetches anything (an image is its alt text) and links out only to http(s) or mailto.
const COMPONENTS: Components = { ...COMPACT_MARKDOWN_COMPONENTS, a: SafeExternalLink };

/**
 * A note's Markdown. Raw HTML is never rendered: react-markdown without rehype-raw turns it into
 * text, so `<img src=x onerror=…>` reads as those characters. Links are http(s) or mailto only.
 */
export function NoteMarkdown({ text }: { text: string }) {
  return (
    <div className="text-sm leading-relaxed break-words" data-testid="note-text" dir="auto">
      <Markdown components={COMPONENTS}>{text}</Markdown>
    </div>
  );
}
