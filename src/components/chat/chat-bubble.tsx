"use client";

import { lazy, Suspense, type ReactNode } from "react";

import { cn } from "~/components/ui/cn";
import type { TimelineVideo } from "~/lib/course-timeline";

import { MarkdownFallback, PlainText } from "./chat-text";

// The Markdown renderer (react-markdown and its parsers) is a third of the page's JavaScript: it
// loads after the page, and until it is there a reply shows as plain text.
const loadMarkdown = () => import("./chat-markdown");
const ChatMarkdown = lazy(async () => ({ default: (await loadMarkdown()).ChatMarkdown }));

/** Loads the Markdown renderer once the browser is idle, before the first reply needs it. */
export function preloadChatMarkdown() {
  const idle = window.requestIdleCallback?.bind(window) ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(() => void loadMarkdown());
}

type BubbleProps = {
  role: "user" | "assistant";
  /** The message as stored (a tutor reply is Markdown), or `children` for one of the page's own. */
  text?: string;
  children?: ReactNode;
  courseId: number;
  videos?: readonly TimelineVideo[];
  /** The course language: a tutor reply is written in it. */
  language?: string;
  time?: string;
  note?: string;
  testId?: string;
  onCite: (seconds: number, link: HTMLElement) => void;
};

/** One message in the conversation: the learner's as plain text, the tutor's as Markdown with its citations. */
export function Bubble({ role, text = "", children, courseId, videos, language, time, note, testId, onCite }: BubbleProps) {
  const mine = role === "user";
  return (
    <div className={cn("flex", mine ? "justify-end" : "justify-start")} data-role={role} data-testid={testId ?? "chat-message"}>
      <div className={cn("max-w-[85%] rounded-lg px-3.5 py-2.5 text-sm", mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground")}>
        <span className="sr-only">{mine ? "You:" : "Tutor:"}</span>
        <div data-testid="message-text" dir="auto" lang={mine ? undefined : language}>
          {children ??
            (mine ? (
              <PlainText text={text} />
            ) : (
              <Suspense fallback={<MarkdownFallback text={text} />}>
                <ChatMarkdown text={text} courseId={courseId} videos={videos} onCite={onCite} />
              </Suspense>
            ))}
        </div>
        {time || note ? (
          <p className={cn("mt-1 text-xs", mine ? "text-primary-foreground/90" : "text-muted-foreground")}>{[note, time].filter(Boolean).join(" · ")}</p>
        ) : null}
      </div>
    </div>
  );
}

/** Three dots while the tutor has not started its reply. */
export function TypingIndicator() {
  return (
    <div className="flex justify-start" data-testid="typing-indicator">
      <div className="flex items-center gap-1 rounded-lg bg-muted px-3.5 py-3" role="status">
        <span className="sr-only">The tutor is typing…</span>
        {[0, 150, 300].map((delay) => (
          <span key={delay} aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </div>
    </div>
  );
}
