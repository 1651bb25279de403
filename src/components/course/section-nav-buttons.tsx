"use client";

import Link from "next/link";

import { Button, buttonVariants } from "~/components/ui/button";
import { MessagesSquare } from "~/components/ui/icons/messages-square";

import { ChevronLeft, ChevronRight } from "./icons";

type Neighbour = { id: number; title: string } | null;

type SectionNavButtonsProps = {
  courseId: number;
  language: string;
  previous: Neighbour;
  next: Neighbour;
  isLast: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** The learner leaves the last section for the chat. */
  onFinish: () => void;
};

/** Previous and Next under a section; after the last one, a link to ask the tutor about the course. */
export function SectionNavButtons({ courseId, language, previous, next, isLast, onPrevious, onNext, onFinish }: SectionNavButtonsProps) {
  const text = { lang: language, dir: "auto" } as const;
  return (
    <nav aria-label="Section navigation" className="flex flex-wrap items-stretch justify-between gap-3 border-t pt-4">
      {previous ? (
        <Button variant="outline" className="h-auto max-w-full py-2 text-left whitespace-normal" onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
          <span>
            <span className="block text-xs text-muted-foreground">Previous</span>
            <span {...text}>{previous.title}</span>
          </span>
        </Button>
      ) : (
        <span />
      )}
      {next ? (
        <Button className="ml-auto h-auto max-w-full py-2 text-right whitespace-normal" onClick={onNext}>
          <span>
            <span className="block text-xs opacity-80">Next</span>
            <span {...text}>{next.title}</span>
          </span>
          <ChevronRight aria-hidden="true" />
        </Button>
      ) : isLast ? (
        <Link href={`/course/${courseId}/chat`} className={buttonVariants({ className: "ml-auto" })} onClick={onFinish}>
          <MessagesSquare aria-hidden="true" />
          Ask Questions About This Course
        </Link>
      ) : null}
    </nav>
  );
}
