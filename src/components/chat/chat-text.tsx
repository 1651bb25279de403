import type { ReactNode } from "react";

/** A learner's message, as typed. */
export function PlainText({ text }: { text: string }) {
  return <p className="break-words whitespace-pre-wrap">{text}</p>;
}

/** The tutor's greeting when there is no history yet: the page's own text, so it needs no Markdown renderer. */
export function ChatWelcome({ title, language }: { title: string; language?: string }) {
  return (
    <p className="text-sm leading-relaxed break-words">
      Hi! I&apos;m your tutor for{" "}
      <strong lang={language} dir="auto">
        {title}
      </strong>
      . Ask me anything about the video: I answer from what it says, and link the moments I use so you can watch them.
    </p>
  );
}

/**
 * A tutor reply while the Markdown renderer loads: its paragraphs, quotes, bold and italics
 * drawn the same way, so no `**` or `>` shows for a moment (the renderer then adds links and lists).
 */
export function MarkdownFallback({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim() !== "");
  return (
    <div className="text-sm leading-relaxed break-words">
      {blocks.map((block, i) =>
        block.startsWith("> ") ? (
          <blockquote key={i} className="mb-2 border-l-2 pl-3 text-muted-foreground last:mb-0">
            {emphasised(block.replace(/^> ?/gm, ""))}
          </blockquote>
        ) : (
          <p key={i} className="my-2 whitespace-pre-wrap first:mt-0 last:mb-0">
            {emphasised(block)}
          </p>
        ),
      )}
    </div>
  );
}

/** `**bold**` and `*italic*` as elements; everything else as text. */
function emphasised(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/\*\*([^*\n]+)\*\*|\*([^*\n]+)\*/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(match[1] !== undefined ? <strong key={match.index}>{match[1]}</strong> : <em key={match.index}>{match[2]}</em>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
