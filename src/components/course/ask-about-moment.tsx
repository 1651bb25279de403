"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";

import { buttonVariants } from "~/components/ui/button";
import { MessagesSquare } from "~/components/ui/icons/messages-square";

/** The chat page asking about a moment of the course's video (whole seconds). */
const askAboutMomentHref = (courseId: number, seconds: number) =>
  `/course/${courseId}/chat?at=${Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))}`;

/**
 * 'Ask about this moment', under the video: opens the course chat with the playback time, read
 * when the learner clicks (the player keeps it; `currentSeconds` reads it). Opened in a new tab,
 * the link asks about the whole video.
 */
export function AskAboutMoment({ courseId, currentSeconds }: { courseId: number; currentSeconds: () => number | null }) {
  const router = useRouter();
  return (
    <Link
      href={`/course/${courseId}/chat`}
      prefetch={false}
      className={buttonVariants({ variant: "outline", size: "sm", className: "ml-auto" })}
      data-testid="ask-about-moment"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        router.push(askAboutMomentHref(courseId, currentSeconds() ?? 0));
      }}
    >
      <MessagesSquare aria-hidden="true" />
      Ask about this moment
    </Link>
  );
}
