"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";

import type { VideoPlayerKind } from "~/components/course/video/video-player";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Textarea } from "~/components/ui/textarea";
import { momentLabel } from "~/lib/course-timeline";
import { Send } from "~/components/ui/icons/send";
import { Square } from "~/components/ui/icons/square";
import { useMediaQuery } from "~/hooks/use-media-query";
import { toast } from "~/hooks/use-toast";
import { formatTimestamp } from "~/lib/timestamps";
import { api, type RouterOutputs } from "~/trpc/react";

import { type ChatUIMessage, formatMessageTime, isSendKey, messageText, sendFailureMessage, toUIMessage } from "./chat-messages";
import { Bubble, preloadChatMarkdown, TypingIndicator } from "./chat-bubble";
import { ModePicker, MomentChip } from "./chat-composer-parts";
import { ChatWelcome } from "./chat-text";
import { useCitedMoment } from "./use-cited-moment";
import { useConversationScroll } from "./use-conversation-scroll";
import { CHAT_MESSAGE_MAX_LENGTH, chatStreamPath, type TutorMode } from "~/lib/rules/chat";

type CourseDetail = RouterOutputs["course"]["byId"];

// The first answer does not need the course summary beside the conversation.
const ChatSidePanel = lazy(async () => ({ default: (await import("./chat-side-panel")).ChatSidePanel }));
// The video opens only when a citation is followed.
const CitedMomentPlayer = lazy(async () => ({ default: (await import("./cited-moment-player")).CitedMomentPlayer }));

/** From this width the video opens beside the conversation; below it, as a sheet at the bottom. */
const BESIDE_THE_CHAT = "(min-width: 1024px)";

/** The counter shows once a message gets this close to the limit. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;

type ChatViewProps = { detail: CourseDetail; initialMessages: ChatUIMessage[]; initialAtSeconds?: number | null; videoPlayer: VideoPlayerKind };

/** The conversation with the course tutor: history, streamed replies, modes, the moment asked about, cited moments played in place, and the side panel. */
export function ChatView({ detail, initialMessages, initialAtSeconds = null, videoPlayer }: ChatViewProps) {
  const { course, chapters } = detail;
  const courseId = course.id;
  const utils = api.useUtils();
  const [input, setInput] = useState("");
  const [mode, setMode] = useState<TutorMode>("explain");
  const [failure, setFailure] = useState<string | null>(null);
  const [stoppedId, setStoppedId] = useState<string | null>(null);
  const [atSeconds, setAtSeconds] = useState<number | null>(initialAtSeconds);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const besideTheChat = useMediaQuery(BESIDE_THE_CHAT, true);
  const { moment, cite, closeVideo } = useCitedMoment();

  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatUIMessage>({
        api: chatStreamPath(courseId),
        // The server keeps the conversation: only the new message (the chosen mode, the moment asked about) is sent.
        prepareSendMessagesRequest: ({ messages, body }) => {
          const sent = body as { mode?: TutorMode; atSeconds?: number | null } | undefined; // what send() passes below
          return { body: { content: messageText(messages.at(-1) ?? { parts: [] }), mode: sent?.mode, atSeconds: sent?.atSeconds ?? undefined } };
        },
      }),
    [courseId],
  );

  const { messages, sendMessage, status, stop, setMessages } = useChat<ChatUIMessage>({
    id: `course-${courseId}`,
    messages: initialMessages,
    transport,
    onFinish: () => void utils.gamification.badges.invalidate(),
    onError(error) {
      const message = sendFailureMessage(error);
      setFailure(message);
      toast({ variant: "destructive", title: "Error sending message", description: message });
      void showStoredConversation();
    },
  });

  /**
   * After a failure the stored conversation is the truth: a question the server refused is not in
   * it (it goes back into the input), one the AI service failed to answer is, with what was said.
   */
  async function showStoredConversation() {
    const asked = messages.findLast((message) => message.role === "user");
    try {
      const stored = await utils.chat.history.fetch({ id: courseId }, { staleTime: 0 });
      setMessages(stored.map(toUIMessage));
      const question = asked ? messageText(asked) : "";
      if (question && stored.findLast((message) => message.role === "user")?.content !== question.trim()) setInput((text) => text || question);
    } catch {
      // The history cannot be read either: keep what the page shows.
    }
  }

  const busy = status === "submitted" || status === "streaming";
  const trimmed = input.trim();
  const canSend = !busy && trimmed.length > 0 && trimmed.length <= CHAT_MESSAGE_MAX_LENGTH;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    setFailure(null);
    setStoppedId(null);
    void sendMessage({ text: trimmed, metadata: { timestamp: new Date().toISOString() } }, { body: { mode, atSeconds } });
    setInput("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    send();
  }

  function forgetMoment() {
    setAtSeconds(null);
    // The address no longer names the moment, so a reload asks about the whole video too.
    const url = new URL(window.location.href);
    url.searchParams.delete("at");
    window.history.replaceState(window.history.state, "", url);
    inputRef.current?.focus();
  }

  useEffect(preloadChatMarkdown, []);

  function onStop() {
    const last = messages.at(-1);
    if (last?.role === "assistant") setStoppedId(last.id);
    void stop();
    inputRef.current?.focus();
  }

  const lastText = messages.length ? messageText(messages.at(-1)!) : "";
  useConversationScroll(logRef, { messages, lastText, status });

  return (
    <div
      className={cn(
        "mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]",
        // The sheet at the bottom of a phone's screen must not hide the end of the page.
        moment && !besideTheChat && "pb-[calc(56.25vw+7rem)]",
      )}
    >
      <header className="grid gap-1 lg:col-span-2">
        <p className="text-sm font-medium text-muted-foreground">Course Chat</p>
        <h1 className="text-2xl font-bold tracking-tight" lang={course.language} dir="auto">
          {course.title}
        </h1>
      </header>

      <section aria-label="Conversation" className="flex min-h-[28rem] flex-col rounded-lg border bg-card lg:h-[calc(100dvh-12rem)]">
        <div ref={logRef} role="log" aria-busy={busy} className="flex-1 space-y-4 overflow-y-auto p-4" data-testid="chat-log">
          {messages.length === 0 ? (
            <Bubble role="assistant" courseId={courseId} testId="welcome-message" onCite={cite}>
              <ChatWelcome title={course.title} language={course.language} />
            </Bubble>
          ) : null}
          {messages.map((message) => (
            <Bubble
              key={message.id}
              role={message.role === "user" ? "user" : "assistant"}
              text={messageText(message)}
              courseId={courseId}
              videos={course.videos}
              language={course.language}
              time={formatMessageTime(message.metadata?.timestamp)}
              note={message.id === stoppedId ? "Stopped" : undefined}
              onCite={cite}
            />
          ))}
          {status === "submitted" ? <TypingIndicator /> : null}
        </div>

        <form onSubmit={send} className="grid gap-3 border-t p-4">
          {failure ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {failure}
            </p>
          ) : null}
          {atSeconds !== null ? <MomentChip label={momentLabel(course.videos, atSeconds, formatTimestamp)} onRemove={forgetMoment} /> : null}
          <ModePicker mode={mode} onChange={setMode} disabled={busy} />
          <label htmlFor={inputId} className="sr-only">
            Your message
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id={inputId}
              ref={inputRef}
              dir="auto"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={onKeyDown}
              rows={2}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              placeholder={mode === "quiz" ? "Say “ready” for a question, or answer the last one…" : "Ask about this course…"}
              className="min-h-[2.75rem] flex-1 resize-y shadow-sm"
              aria-describedby={`${inputId}-help`}
            />
            {busy ? (
              <Button type="button" variant="outline" onClick={onStop} aria-label="Stop the reply">
                <Square />
                Stop
              </Button>
            ) : null}
            <Button type="submit" disabled={!canSend} aria-label="Send message">
              <Send />
              Send
            </Button>
          </div>
          <p id={`${inputId}-help`} className="flex justify-between text-xs text-muted-foreground">
            <span>Enter to send, Shift+Enter for a new line</span>
            {input.length >= COUNTER_FROM ? (
              <span aria-live="polite">
                {input.length} / {CHAT_MESSAGE_MAX_LENGTH}
              </span>
            ) : null}
          </p>
        </form>
      </section>

      <aside aria-label="Course summary" className="grid gap-4 lg:sticky lg:top-20 lg:self-start">
        {moment ? (
          <Suspense fallback={null}>
            <CitedMomentPlayer
              courseId={courseId}
              videos={course.videos}
              chapters={chapters}
              videoPlayer={videoPlayer}
              moment={moment}
              docked={besideTheChat}
              onClose={closeVideo}
            />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <ChatSidePanel courseId={courseId} chapters={chapters} />
        </Suspense>
      </aside>
    </div>
  );
}
