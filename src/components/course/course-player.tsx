"use client";

import { momentLabel } from "~/lib/course-timeline";
import Link from "next/link";
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { MessagesSquare } from "~/components/ui/icons/messages-square";
import { Plus } from "~/components/ui/icons/plus";
import { CenteredSpinner, Spinner } from "~/components/ui/spinner";
import { ExportMenu } from "~/components/export/export-menu";
import { CourseReviewLink } from "~/components/review/review-link";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useMediaQuery } from "~/hooks/use-media-query";
import { toast } from "~/hooks/use-toast";
import { citedMoment } from "~/lib/section-content";
import { formatTimestamp } from "~/lib/timestamps";
import { api, type RouterOutputs } from "~/trpc/react";

import { AskAboutMoment } from "./ask-about-moment";
import { CourseNotFound } from "./course-not-found";
import { CourseOutline } from "./course-outline";
import { CourseSharing } from "./course-sharing";
import { CourseTextProvider } from "./course-text";
import { EngineBadge } from "./engine-badge";
import { CourseVideoPlayer } from "./video/course-video-player";
import { LanguageBadge } from "./language-badge";
import { ChevronDown, ChevronLeft, ChevronRight } from "./icons";
import { RelatedCourses } from "./related-courses";
import { SectionConcepts } from "./section-concepts";
import { SectionContent } from "./section-content";
import { flattenSections, neighbours, openingPoint, progressPercent, sectionAtTime, sectionCrossed, startSeconds } from "./section-navigation";
import type { ComposeRequest } from "./study/notes-panel";
import { createPlayerClock } from "./study/player-clock";
import { StudySheet } from "./study/study-sheet";
import { type CardDraft, draftFromLine, draftFromNote } from "./study/card-draft";
import { VIDEO_PLAYERS } from "./video/players";
import { stubVideoLength } from "./video/stub-player-constants";
import type { VideoPlayer, VideoPlayerKind } from "./video/video-player";
import { WhatsNext } from "./whats-next";
import { failureText } from "~/lib/failure-text";

// Loaded on demand: the quiz after the video.
const SectionQuiz = lazy(() => import("./section-quiz"));
// The study panels (the virtualised transcript, notes and their Markdown) load when first opened.
const TranscriptPanel = lazy(() => import("./study/transcript-panel"));
const NotesPanel = lazy(() => import("./study/notes-panel"));
const CardMakerDialog = lazy(() => import("./study/card-maker-dialog"));
// The owner's editor loads in edit mode only.
const CourseEditor = lazy(() => import("./editing/course-editor"));

type StudyTab = "outline" | "transcript" | "notes";
const DESKTOP = "(min-width: 768px)";

/** The key N takes a note, unless the learner is typing or N is part of another shortcut. */
function isNoteShortcut(event: KeyboardEvent): boolean {
  if (event.key !== "n" && event.key !== "N") return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (!target) return true;
  return !(target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("dialog[open]"));
}

/** Whether the element is entirely inside the viewport, below the sticky header (its scroll margin). */
function isFullyInView(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return top >= margin && bottom <= window.innerHeight;
}

type CourseDetail = RouterOutputs["course"]["byId"];
type ProgressRecord = RouterOutputs["progress"]["byCourse"];
type ProgressUpdate = { currentSectionId?: number; completedSectionId?: number };

/** `startAt`: a moment (seconds) to open the video at, from a chat timestamp link. */
type CoursePlayerProps = { courseId: number; videoPlayer: VideoPlayerKind; startAt?: number | null };

/** The course player: loads the course and the learner's progress, then plays. */
export function CoursePlayer({ courseId, videoPlayer, startAt = null }: CoursePlayerProps) {
  const course = api.course.byId.useQuery({ id: courseId });
  // null before any progress (progress.find; the documented REST path answers 404 instead).
  const progress = api.progress.find.useQuery({ id: courseId }, { enabled: course.isSuccess });

  // Once the progress has answered, the player stays up (a later refetch must not unmount it).
  const [progressSettled, setProgressSettled] = useState(false);
  if (!progressSettled && (progress.isSuccess || progress.isError)) setProgressSettled(true);

  const courseError = course.error;
  useEffect(() => {
    if (courseError && courseError.data?.code !== "NOT_FOUND")
      toast({ variant: "destructive", title: "Error loading course", description: failureText(courseError) });
  }, [courseError]);

  if (course.isError) return <CourseNotFound />;
  // No progress yet, or progress that cannot be read: the course opens at its start.
  if (course.isPending || (progress.isPending && !progressSettled)) return <CenteredSpinner label="Loading course" />;
  return <CoursePlayerView key={`${courseId}@${startAt}`} detail={course.data} saved={progress.data ?? null} videoPlayer={videoPlayer} startAt={startAt} />;
}

type CoursePlayerViewProps = { detail: CourseDetail; saved: ProgressRecord | null; videoPlayer: VideoPlayerKind; startAt: number | null };

function CoursePlayerView({ detail, saved, videoPlayer, startAt }: CoursePlayerViewProps) {
  const { course, chapters } = detail;
  const courseId = course.id;
  const sections = useMemo(() => flattenSections(chapters), [chapters]);
  const utils = api.useUtils();

  // The record in the cache is the source of truth for what is completed (optimistic while saving).
  const progressQuery = api.progress.find.useQuery({ id: courseId });
  const completedList = useMemo(() => progressQuery.data?.completedSections ?? saved?.completedSections ?? [], [progressQuery.data, saved]);
  const completedIds = useMemo(() => new Set(completedList), [completedList]);
  const percent = progressPercent(sections, completedList);

  const [opening] = useState(() => openingPoint(sections, saved?.currentSectionId, startAt));
  const [currentId, setCurrentId] = useState(opening.sectionId);
  // The section being shown, also read synchronously by the video's time callback.
  const currentRef = useRef(currentId);
  const player = useRef<VideoPlayer>(null);
  const lastTime = useRef<number | null>(startAt);
  const [outlineOpen, setOutlineOpen] = useState(false);
  /** A finished section whose quiz the learner is taking again. */
  const [retakingId, setRetakingId] = useState<number | null>(null);
  // The video's time for the study panels (written on every report, read without re-rendering the player).
  const [clock] = useState(() => createPlayerClock(opening.seconds));
  const isDesktop = useMediaQuery(DESKTOP, true);
  const [studyTab, setStudyTab] = useState<StudyTab>("outline");
  const [sheetOpen, setSheetOpen] = useState(false);
  const [compose, setCompose] = useState<ComposeRequest | null>(null);
  const addNoteButton = useRef<HTMLButtonElement>(null);
  // The composer closed (Escape, Cancel, saved): focus goes back to 'Add note', on a phone once the sheet is closed.
  const refocusAddNote = useRef(false);
  const [cardDraft, setCardDraft] = useState<CardDraft | null>(null);
  const [editing, setEditing] = useState(false);

  // An edit (the owner's, or another tab's) can take the shown section out of the outline: the
  // section now holding the moment takes its place.
  const current = sections.find((section) => section.id === currentId) ?? sectionAtTime(sections, clock.get()) ?? sections[0] ?? null;
  useEffect(() => {
    if (current && current.id !== currentRef.current) {
      currentRef.current = current.id;
      setCurrentId(current.id);
    }
  }, [current]);
  const { previous, next, isLast } = neighbours(sections, currentId);
  const stubDuration = stubVideoLength(sections);

  // Saves that overlap may answer out of order, each with the record as it was when it wrote: then
  // none is taken as the truth, and the record is read again once the last has settled.
  const saving = useRef({ pending: 0, overlapped: false });
  const update = api.progress.update.useMutation({
    async onMutate(input) {
      if (saving.current.pending > 0) saving.current.overlapped = true;
      saving.current.pending += 1;
      const change = { currentSectionId: input.currentSectionId, completedSectionId: input.completedSectionId };
      await utils.progress.find.cancel({ id: courseId });
      const before = utils.progress.find.getData({ id: courseId });
      utils.progress.find.setData({ id: courseId }, (record) => {
        const base: ProgressRecord = record ?? {
          courseId,
          userId: saved?.userId ?? 0,
          currentSectionId: null,
          completedSections: [],
          totalSections: sections.length,
        };
        const completed =
          change.completedSectionId !== undefined && !base.completedSections.includes(change.completedSectionId)
            ? [...base.completedSections, change.completedSectionId]
            : base.completedSections;
        return { ...base, currentSectionId: change.currentSectionId ?? base.currentSectionId, completedSections: completed };
      });
      return { before };
    },
    onSuccess(record) {
      if (saving.current.pending === 1 && !saving.current.overlapped) utils.progress.find.setData({ id: courseId }, record);
      // The sidebar's course list shows this course's percent.
      void utils.progress.mine.invalidate();
      void utils.gamification.badges.invalidate();
      void utils.gamification.recentActivity.invalidate();
      // The counts on the dashboard and the home page's Achievements tab.
      void utils.gamification.streak.invalidate();
    },
    onError(error, _change, context) {
      if (context?.before) utils.progress.find.setData({ id: courseId }, context.before);
      else void utils.progress.find.invalidate({ id: courseId });
      toast({ variant: "destructive", title: "Error updating progress", description: failureText(error) });
    },
    onSettled() {
      saving.current.pending -= 1;
      if (saving.current.pending > 0 || !saving.current.overlapped) return;
      saving.current.overlapped = false;
      void utils.progress.find.invalidate({ id: courseId });
    },
  });
  const save = (change: ProgressUpdate) => update.mutate({ id: courseId, ...change });

  function completion(sectionId: number): ProgressUpdate {
    return completedIds.has(sectionId) ? {} : { completedSectionId: sectionId };
  }

  // The video and the section's heading, brought to the learner when they move to a section.
  const videoArea = useRef<HTMLDivElement>(null);
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    if (revealed === 0) return;
    sectionHeading.current?.focus({ preventScroll: true });
    const video = videoArea.current;
    if (!video || isFullyInView(video)) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    video.scrollIntoView({ block: "start", behavior: reduceMotion ? "instant" : "smooth" });
  }, [revealed]);

  /**
   * Makes a section current; `seek` moves the video to its start (not when the video moved us),
   * `reveal` brings the video into view and focus to the section's heading (the learner chose it).
   */
  function goTo(sectionId: number, { seek, complete, reveal = false }: { seek: boolean; complete?: number; reveal?: boolean }) {
    const target = sections.find((section) => section.id === sectionId);
    if (!target) return;
    if (reveal) setRevealed((count) => count + 1);
    const changed = currentRef.current !== sectionId;
    currentRef.current = sectionId;
    setCurrentId(sectionId);
    if (seek) {
      const start = startSeconds(target);
      lastTime.current = start;
      player.current?.seekTo(start);
    }
    const completing = complete !== undefined ? completion(complete) : {};
    if (changed || completing.completedSectionId !== undefined) save({ currentSectionId: sectionId, ...completing });
  }

  function onTime(seconds: number) {
    clock.set(seconds);
    const crossed = sectionCrossed(sections, lastTime.current, seconds);
    lastTime.current = seconds;
    if (crossed && crossed.id !== currentRef.current) goTo(crossed.id, { seek: false });
  }

  /** Completes the current section and moves to the next (or stays on the last one). */
  function completeAndContinue() {
    if (!current) return;
    if (next) {
      goTo(next.id, { seek: true, complete: current.id, reveal: true });
      return;
    }
    const completing = completion(current.id);
    if (completing.completedSectionId !== undefined) save({ currentSectionId: current.id, ...completing });
  }

  function rewatch(seconds: number) {
    lastTime.current = seconds;
    player.current?.seekTo(seconds);
  }

  /** Plays from a moment picked in the transcript or a note; the section holding it becomes current. */
  function seekToMoment(seconds: number) {
    const section = sectionAtTime(sections, seconds);
    lastTime.current = seconds;
    clock.set(seconds);
    player.current?.seekTo(seconds);
    if (section && section.id !== currentRef.current) goTo(section.id, { seek: false });
  }

  function openStudy(tab: Exclude<StudyTab, "outline">) {
    setStudyTab(tab);
    if (!isDesktop) setSheetOpen(true);
  }

  /** The playback time now: the player's own, else the last one it reported. */
  function currentSeconds() {
    return player.current?.getCurrentTime() ?? clock.get();
  }

  /** Starts a note at the video's current time, in the Notes tab (or sheet). */
  function addNote() {
    setCompose({ seconds: currentSeconds(), nonce: Date.now() });
    openStudy("notes");
  }
  function closeComposer() {
    setCompose(null);
    refocusAddNote.current = true;
  }
  useEffect(() => {
    if (compose || !refocusAddNote.current || (!isDesktop && sheetOpen)) return;
    refocusAddNote.current = false;
    addNoteButton.current?.focus();
  }, [compose, isDesktop, sheetOpen]);
  const addNoteRef = useRef(addNote);
  useLayoutEffect(() => {
    addNoteRef.current = addNote;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isNoteShortcut(event)) return;
      event.preventDefault();
      addNoteRef.current();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const transcriptPanel = (
    <Suspense fallback={<Spinner label="Loading transcript" />}>
      <TranscriptPanel
        courseId={courseId}
        chapters={chapters}
        clock={clock}
        onSeek={seekToMoment}
        lineActions={(segment) => (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Make a card from the line at ${momentLabel(course.videos, segment.start, formatTimestamp)}`}
            onClick={() => setCardDraft(draftFromLine(segment))}
          >
            <Plus aria-hidden="true" />
          </Button>
        )}
        className="h-full"
      />
    </Suspense>
  );
  const notesPanel = (
    <Suspense fallback={<Spinner label="Loading notes" />}>
      <NotesPanel
        courseId={courseId}
        onSeek={seekToMoment}
        compose={compose}
        onComposeDone={closeComposer}
        noteActions={(note) => (
          <Button variant="ghost" size="sm" onClick={() => setCardDraft(draftFromNote(note))}>
            Make a card
          </Button>
        )}
        className="h-full"
      />
    </Suspense>
  );
  const studyTabs = (
    <>
      <TabsContent value="transcript" className="mt-3 h-[calc(100%-3.25rem)] min-h-0">
        {transcriptPanel}
      </TabsContent>
      <TabsContent value="notes" className="mt-3 h-[calc(100%-3.25rem)] min-h-0 overflow-y-auto">
        {notesPanel}
      </TabsContent>
    </>
  );

  const playerProps = { ref: player, videos: course.videos, startSeconds: opening.seconds, onTime, singleVideoDuration: stubDuration };
  const chatHref = `/course/${courseId}/chat`;

  const outline = (
    <CourseOutline
      courseId={courseId}
      chapters={chapters}
      videos={course.videos}
      currentId={currentId}
      completedIds={completedIds}
      percent={percent}
      onSelect={(sectionId) => {
        setOutlineOpen(false);
        goTo(sectionId, { seek: true, reveal: true });
      }}
    />
  );

  const text = { lang: course.language, dir: "auto" } as const;
  return (
    <CourseTextProvider language={course.language} videos={course.videos}>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)]">
        <header className="grid gap-2 md:col-span-2">
          <div className="flex flex-wrap items-center gap-2">
            <EngineBadge engine={course.engine} />
            <LanguageBadge language={course.language} />
            <span className="text-xs font-medium text-muted-foreground capitalize">{course.complexity}</span>
            <ExportMenu courseId={courseId} label="Export" />
            <div className="ml-auto flex flex-wrap items-center gap-2">
              {course.isOwner ? (
                <Button variant="outline" size="sm" aria-pressed={editing} onClick={() => setEditing((on) => !on)}>
                  {editing ? "Stop editing" : "Edit course"}
                </Button>
              ) : null}
              <CourseReviewLink courseId={courseId} />
              <CourseSharing courseId={courseId} isPublic={course.isPublic} isOwner={course.isOwner} />
            </div>
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" {...text}>
            {course.title}
          </h1>
          {course.description ? (
            <p className="text-muted-foreground" {...text}>
              {course.description}
            </p>
          ) : null}
        </header>

        <aside aria-label="Course outline" className="md:sticky md:top-20 md:h-[calc(100dvh-6rem)] md:self-start">
          {isDesktop ? (
            <Tabs defaultValue="outline" value={studyTab} onValueChange={(tab) => setStudyTab(tab as StudyTab)} className="h-full">
              <TabsList stretch aria-label="Course panels">
                <TabsTrigger value="outline">Outline</TabsTrigger>
                <TabsTrigger value="transcript">Transcript</TabsTrigger>
                <TabsTrigger value="notes">Notes</TabsTrigger>
              </TabsList>
              <TabsContent value="outline" className="mt-3 h-[calc(100%-3.25rem)] overflow-y-auto">
                <div id="course-outline">{outline}</div>
              </TabsContent>
              {studyTabs}
            </Tabs>
          ) : (
            <>
              <Button
                variant="outline"
                className="w-full justify-between"
                aria-expanded={outlineOpen}
                aria-controls="course-outline"
                onClick={() => setOutlineOpen((open) => !open)}
              >
                Course contents ({percent}%)
                <ChevronDown aria-hidden="true" className={cn("transition-transform", outlineOpen && "rotate-180")} />
              </Button>
              <div id="course-outline" className={cn("mt-4", outlineOpen ? "block" : "hidden")}>
                {outline}
              </div>
            </>
          )}
        </aside>

        <div className="grid min-w-0 content-start gap-6">
          {/* Scrolled to below the sticky header, which is taller on a phone (its search takes a second row). */}
          <div ref={videoArea} className="scroll-mt-28 sm:scroll-mt-20" data-testid="course-video">
            <Suspense
              fallback={
                <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-muted">
                  <Spinner label="Loading video" />
                </div>
              }
            >
              <CourseVideoPlayer {...playerProps} Player={VIDEO_PLAYERS[videoPlayer]} />
            </Suspense>
          </div>

          <div className="-mt-3 flex flex-wrap items-center gap-2">
            <Button ref={addNoteButton} variant="outline" size="sm" onClick={addNote} aria-keyshortcuts="N" disabled={!course.videoId}>
              Add note
            </Button>
            {!isDesktop ? (
              <>
                <Button variant="outline" size="sm" onClick={() => openStudy("transcript")}>
                  Transcript
                </Button>
                <Button variant="outline" size="sm" onClick={() => openStudy("notes")}>
                  Notes
                </Button>
              </>
            ) : (
              <span className="text-xs text-muted-foreground">
                or press <kbd className="rounded border px-1 font-mono">N</kbd>
              </span>
            )}
            <AskAboutMoment courseId={courseId} currentSeconds={currentSeconds} />
          </div>
          {!isDesktop ? (
            <StudySheet open={sheetOpen} onClose={() => setSheetOpen(false)} title="Transcript and notes" keepInView={videoArea}>
              <Tabs
                defaultValue="transcript"
                value={studyTab === "outline" ? "transcript" : studyTab}
                onValueChange={(tab) => setStudyTab(tab as StudyTab)}
                className="min-h-0 flex-1"
              >
                <TabsList stretch aria-label="Study panels">
                  <TabsTrigger value="transcript">Transcript</TabsTrigger>
                  <TabsTrigger value="notes">Notes</TabsTrigger>
                </TabsList>
                {studyTabs}
              </Tabs>
            </StudySheet>
          ) : null}
          {cardDraft ? (
            <Suspense fallback={null}>
              <CardMakerDialog courseId={courseId} draft={cardDraft} onClose={() => setCardDraft(null)} />
            </Suspense>
          ) : null}

          {editing && course.isOwner ? (
            <Suspense fallback={<Spinner label="Loading the editor" />}>
              <CourseEditor
                detail={detail}
                sectionId={current?.id ?? null}
                currentSeconds={currentSeconds}
                onShowSection={(sectionId) => {
                  currentRef.current = sectionId;
                  setCurrentId(sectionId);
                }}
                onClose={() => setEditing(false)}
              />
            </Suspense>
          ) : null}

          {current ? (
            <>
              <section aria-labelledby="section-title" className="grid gap-3">
                <h2 ref={sectionHeading} id="section-title" tabIndex={-1} className="text-xl font-semibold outline-none" data-testid="section-title" {...text}>
                  {current.title}
                </h2>
                <SectionConcepts courseId={courseId} sectionId={current.id} />
                <SectionContent content={current.content} onSeek={(seconds) => seekToMoment(citedMoment(seconds, startSeconds(current)))} />
              </section>

              {!completedIds.has(current.id) || retakingId === current.id ? (
                <Suspense fallback={<Spinner label="Loading quiz" />}>
                  <SectionQuiz
                    key={`${current.id}-${retakingId === current.id ? "retake" : "quiz"}`}
                    sectionId={current.id}
                    retake={retakingId === current.id}
                    onContinue={() => {
                      setRetakingId(null);
                      completeAndContinue();
                    }}
                    continueLabel={next ? "Continue to Next Section" : "Continue"}
                    onRewatch={rewatch}
                  />
                </Suspense>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm text-muted-foreground" data-testid="section-completed">
                    You have completed this section.
                  </p>
                  <Button variant="outline" size="sm" onClick={() => setRetakingId(current.id)} data-testid="section-retake">
                    Retake quiz
                  </Button>
                </div>
              )}

              <nav aria-label="Section navigation" className="flex flex-wrap items-stretch justify-between gap-3 border-t pt-4">
                {previous ? (
                  <Button
                    variant="outline"
                    className="h-auto max-w-full py-2 text-left whitespace-normal"
                    onClick={() => goTo(previous.id, { seek: true, reveal: true })}
                  >
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
                  <Button className="ml-auto h-auto max-w-full py-2 text-right whitespace-normal" onClick={completeAndContinue}>
                    <span>
                      <span className="block text-xs opacity-80">Next</span>
                      <span {...text}>{next.title}</span>
                    </span>
                    <ChevronRight aria-hidden="true" />
                  </Button>
                ) : isLast ? (
                  <Link
                    href={chatHref}
                    className={buttonVariants({ className: "ml-auto" })}
                    onClick={() => {
                      const completing = completion(current.id);
                      if (completing.completedSectionId !== undefined) save({ currentSectionId: current.id, ...completing });
                    }}
                  >
                    <MessagesSquare aria-hidden="true" />
                    Ask Questions About This Course
                  </Link>
                ) : null}
              </nav>

              {isLast ? <WhatsNext related={<RelatedCourses courseId={courseId} />} /> : null}
            </>
          ) : (
            <p className="text-muted-foreground">This course has no sections yet.</p>
          )}
        </div>
      </div>
    </CourseTextProvider>
  );
}
