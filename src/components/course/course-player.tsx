"use client";

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { CenteredSpinner, Spinner } from "~/components/ui/spinner";
import { useMediaQuery } from "~/hooks/use-media-query";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { citedMoment } from "~/lib/section-content";
import { api, type RouterOutputs } from "~/trpc/react";

import { AskAboutMoment } from "./ask-about-moment";
import { CourseHeader } from "./course-header";
import { CourseNotFound } from "./course-not-found";
import { CoursePanels, type StudyTab } from "./course-panels";
import { CourseTextProvider } from "./course-text";
import { RelatedCourses } from "./related-courses";
import { SectionConcepts } from "./section-concepts";
import { SectionContent } from "./section-content";
import { SectionNavButtons } from "./section-nav-buttons";
import { SectionQuizSlot } from "./section-quiz-slot";
import { flattenSections, neighbours, openingPoint, sectionAtTime, sectionCrossed, startSeconds } from "./section-navigation";
import type { CardDraft } from "./study/card-draft";
import type { ComposeRequest } from "./study/notes-panel";
import { createPlayerClock } from "./study/player-clock";
import { StudySheet } from "./study/study-sheet";
import { PhoneStudyTabs, StudyTabPanels } from "./study/study-tab-panels";
import { useCourseProgress } from "./use-course-progress";
import { useNoteShortcut } from "./use-note-shortcut";
import { useSectionReveal } from "./use-section-reveal";
import { CourseVideoPlayer } from "./video/course-video-player";
import { VIDEO_PLAYERS } from "./video/players";
import { stubVideoLength } from "./video/stub-player-constants";
import type { VideoPlayer, VideoPlayerKind } from "./video/video-player";
import { WhatsNext } from "./whats-next";

// Loaded on demand: the card dialog.
const CardMakerDialog = lazy(() => import("./study/card-maker-dialog"));
// The owner's editor loads in edit mode only.
const CourseEditor = lazy(() => import("./editing/course-editor"));

const DESKTOP = "(min-width: 768px)";

type CourseDetail = RouterOutputs["course"]["byId"];
type ProgressRecord = RouterOutputs["progress"]["byCourse"];

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

  const { completedIds, percent, save, completion, completeSection } = useCourseProgress(courseId, saved, sections);

  const [opening] = useState(() => openingPoint(sections, saved?.currentSectionId, startAt));
  const [currentId, setCurrentId] = useState(opening.sectionId);
  // The section being shown, also read synchronously by the video's time callback.
  const currentRef = useRef(currentId);
  const player = useRef<VideoPlayer>(null);
  const lastTime = useRef<number | null>(startAt);
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

  const { videoArea, sectionHeading, reveal: revealSection } = useSectionReveal();

  /**
   * Makes a section current; `seek` moves the video to its start (not when the video moved us),
   * `reveal` brings the video into view and focus to the section's heading (the learner chose it).
   */
  function goTo(sectionId: number, { seek, complete, reveal = false }: { seek: boolean; complete?: number; reveal?: boolean }) {
    const target = sections.find((section) => section.id === sectionId);
    if (!target) return;
    if (reveal) revealSection();
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
    completeSection(current.id);
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
  useNoteShortcut(addNote);

  const studyTabs = (
    <StudyTabPanels
      courseId={courseId}
      chapters={chapters}
      videos={course.videos}
      clock={clock}
      onSeek={seekToMoment}
      compose={compose}
      onComposeDone={closeComposer}
      onMakeCard={setCardDraft}
    />
  );

  const text = { lang: course.language, dir: "auto" } as const;
  return (
    <CourseTextProvider language={course.language} videos={course.videos}>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[24rem_minmax(0,1fr)]">
        <CourseHeader course={course} editing={editing} onToggleEditing={() => setEditing((on) => !on)} />

        <CoursePanels
          isDesktop={isDesktop}
          studyTab={studyTab}
          onStudyTabChange={setStudyTab}
          outline={{
            courseId,
            chapters,
            videos: course.videos,
            currentId,
            completedIds,
            percent,
            onSelect: (sectionId) => goTo(sectionId, { seek: true, reveal: true }),
          }}
          studyTabs={studyTabs}
        />

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
              <CourseVideoPlayer
                ref={player}
                videos={course.videos}
                startSeconds={opening.seconds}
                onTime={onTime}
                singleVideoDuration={stubDuration}
                Player={VIDEO_PLAYERS[videoPlayer]}
              />
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
              <PhoneStudyTabs studyTab={studyTab} onStudyTabChange={setStudyTab}>
                {studyTabs}
              </PhoneStudyTabs>
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

              <SectionQuizSlot
                sectionId={current.id}
                completed={completedIds.has(current.id)}
                retaking={retakingId === current.id}
                onRetake={() => setRetakingId(current.id)}
                onContinue={() => {
                  setRetakingId(null);
                  completeAndContinue();
                }}
                continueLabel={next ? "Continue to Next Section" : "Continue"}
                onRewatch={rewatch}
              />

              <SectionNavButtons
                courseId={courseId}
                language={course.language}
                previous={previous}
                next={next}
                isLast={isLast}
                onPrevious={() => previous && goTo(previous.id, { seek: true, reveal: true })}
                onNext={completeAndContinue}
                onFinish={() => completeSection(current.id)}
              />

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
