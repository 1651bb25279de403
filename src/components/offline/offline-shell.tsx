"use client";

import { useCallback, useEffect, useState } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { completeSectionOffline, dueCards, reviewOffline } from "~/lib/offline/queue";
import { openOfflineDb, type SavedCard, type SavedCourse } from "~/lib/offline/store";
import { CARD_RATINGS, type CardRatingName } from "~/lib/review";

import { setPendingOfflineWork } from "./offline-flags";
import { syncNow } from "./sync-now";

const RATING_LABELS: Record<CardRatingName, string> = { again: "Again", hard: "Hard", good: "Good", easy: "Easy" };

type View = { kind: "loading" } | { kind: "course"; course: SavedCourse } | { kind: "review" } | { kind: "none"; courses: SavedCourse[]; path: string };

/**
 * What the service worker answers a navigation with when there is no connection (the address
 * stays the one asked for): a saved course, the review of saved cards, or "you're offline" with
 * the courses kept on this device. Back online, what was done here is sent and the page reloads.
 */
export function OfflineShell() {
  const [view, setView] = useState<View>({ kind: "loading" });
  const [online, setOnline] = useState(true);
  const [synced, setSynced] = useState<number | null>(null);

  useEffect(() => {
    const path = window.location.pathname;
    const db = openOfflineDb();
    void (async () => {
      const courseId = /^\/course\/(\d+)/.exec(path)?.[1];
      const course = courseId ? await db.courses.get(Number(courseId)) : undefined;
      if (course) setView({ kind: "course", course });
      else if (path === "/review") setView({ kind: "review" });
      else setView({ kind: "none", courses: await db.courses.toArray(), path });
    })();
    return () => db.close();
  }, []);

  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void syncNow().then(setSynced);
    };
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 p-4 sm:p-8">
      <p role="status" className="rounded-md border bg-muted p-3 text-sm" data-testid="offline-status">
        {online
          ? synced === null
            ? "You're back online."
            : `You're back online. ${synced} review${synced === 1 ? "" : "s"} made offline synced.`
          : "You're offline. Courses saved on this device and their due cards still work."}
      </p>
      {view.kind === "course" ? <OfflineCourse course={view.course} /> : null}
      {view.kind === "review" ? <OfflineReview /> : null}
      {view.kind === "none" ? <NotSaved courses={view.courses} path={view.path} /> : null}
    </main>
  );
}

function NotSaved({ courses, path }: { courses: SavedCourse[]; path: string }) {
  return (
    <div className="grid gap-4" data-testid="offline-page">
      <h1 className="text-2xl font-semibold">You&apos;re offline</h1>
      <p className="text-muted-foreground">
        {path.startsWith("/course/") ? "This course is not saved on this device. " : "This page needs a connection. "}
        Turn on &ldquo;Available offline&rdquo; on a course to study it without one.
      </p>
      {courses.length > 0 ? (
        <nav aria-label="Saved courses">
          <h2 className="mb-2 text-lg font-medium">Saved on this device</h2>
          <ul className="grid gap-1">
            {courses.map((course) => (
              <li key={course.id}>
                <a className="underline" href={`/course/${course.id}`}>
                  {course.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <a className="underline" href="/review">
          Review your saved cards
        </a>
      </p>
    </div>
  );
}

function OfflineCourse({ course }: { course: SavedCourse }) {
  const [completed, setCompleted] = useState<readonly number[]>(course.completedSections);
  async function complete(sectionId: number) {
    const db = openOfflineDb();
    try {
      await completeSectionOffline(db, { courseId: course.id, sectionId });
      setPendingOfflineWork(true);
      setCompleted((ids) => [...ids, sectionId]);
    } finally {
      db.close();
    }
  }
  return (
    <article className="grid gap-4" data-testid="offline-course">
      <h1 className="text-2xl font-semibold">{course.title}</h1>
      <p className="rounded-md border p-3 text-sm" data-testid="offline-video-notice">
        The video and the quizzes need a connection. The outline, contents, transcript and your notes are saved on this device.
      </p>
      {course.detail.chapters.map((chapter) => (
        <section key={chapter.id} className="grid gap-3" aria-labelledby={`chapter-${chapter.id}`}>
          <h2 id={`chapter-${chapter.id}`} className="text-xl font-medium">
            {chapter.title}
          </h2>
          {chapter.sections.map((section) => (
            <div key={section.id} className="grid gap-2 rounded-md border p-3">
              <h3 className="font-medium">{section.title}</h3>
              <div className="text-sm whitespace-pre-line">{section.content}</div>
              {completed.includes(section.id) ? (
                <p className="text-sm text-muted-foreground">Completed</p>
              ) : (
                <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void complete(section.id)}>
                  Mark &ldquo;{section.title}&rdquo; complete
                </Button>
              )}
            </div>
          ))}
        </section>
      ))}
      {course.notes.length > 0 ? (
        <section aria-labelledby="offline-notes" className="grid gap-2">
          <h2 id="offline-notes" className="text-xl font-medium">
            Your notes
          </h2>
          <ul className="grid gap-1 text-sm">
            {course.notes.map((note) => (
              <li key={note.id}>{note.text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {course.transcript.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-medium">Transcript</summary>
          <div className="mt-2 grid gap-1 text-sm">
            {course.transcript.map((segment) => (
              <p key={segment.start}>{segment.text}</p>
            ))}
          </div>
        </details>
      ) : null}
      <p>
        <a className="underline" href="/review">
          Review this course&apos;s due cards
        </a>
      </p>
    </article>
  );
}

function OfflineReview() {
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const db = openOfflineDb();
    try {
      setCards(await dueCards(db));
    } finally {
      db.close();
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function rate(card: SavedCard, rating: CardRatingName) {
    if (busy) return;
    setBusy(true);
    const db = openOfflineDb();
    try {
      await reviewOffline(db, { cardId: card.id, rating });
      setPendingOfflineWork(true);
      setFlipped(false);
      setCards((list) => (list ?? []).filter((c) => c.id !== card.id));
    } finally {
      db.close();
      setBusy(false);
    }
  }

  if (cards === null) return <p>Loading your saved cards…</p>;
  const card = cards[0];
  return (
    <div className="grid gap-4" data-testid="offline-review">
      <h1 className="text-2xl font-semibold">Review</h1>
      {card ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="offline-review-remaining">
            {cards.length} saved card{cards.length === 1 ? "" : "s"} due · {card.courseTitle}
          </p>
          <Card>
            <CardHeader>
              <p className="whitespace-pre-line" data-testid="offline-card-front">
                {card.front}
              </p>
              {flipped ? <p className="border-t pt-3 whitespace-pre-line">{card.back}</p> : null}
            </CardHeader>
          </Card>
          {flipped ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="How well did you remember it?">
              {CARD_RATINGS.map((rating) => (
                <Button key={rating} variant="outline" disabled={busy} onClick={() => void rate(card, rating)}>
                  {RATING_LABELS[rating]}
                </Button>
              ))}
            </div>
          ) : (
            <Button className="justify-self-start" onClick={() => setFlipped(true)}>
              Show answer
            </Button>
          )}
        </>
      ) : (
        <p data-testid="offline-review-empty">No saved cards are due. Save a course for offline use to review its cards here.</p>
      )}
    </div>
  );
}
