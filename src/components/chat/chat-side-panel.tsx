import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowRight } from "~/components/ui/icons/arrow-right";

import { keyConcepts } from "./key-concepts";

type SidePanelProps = { courseId: number; chapters: { title: string; sections: { title: string }[] }[] };

/** Beside the chat: where the course starts, how long it is, its key concepts, and the way back. */
export function ChatSidePanel({ courseId, chapters }: SidePanelProps) {
  const concepts = keyConcepts(chapters);
  const firstChapter = chapters[0]?.title;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          About this course
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-3">
          {firstChapter ? (
            <div>
              <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">First chapter</dt>
              <dd data-testid="first-chapter">{firstChapter}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Chapters</dt>
            <dd data-testid="chapter-count">{chapters.length}</dd>
          </div>
        </dl>
        {concepts.length > 0 ? (
          <section aria-labelledby="key-concepts">
            <h3 id="key-concepts" className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              Key Concepts
            </h3>
            <ul className="flex flex-wrap gap-1.5">
              {concepts.map((concept) => (
                <li key={concept} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs text-secondary-foreground">
                  {concept}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Link href={`/course/${courseId}`} className={buttonVariants({ variant: "outline", className: "justify-between" })}>
          Return to course
          <ArrowRight />
        </Link>
      </CardContent>
    </Card>
  );
}
