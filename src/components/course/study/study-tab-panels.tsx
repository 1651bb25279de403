"use client";

import { lazy, type ReactNode, Suspense } from "react";

import { Button } from "~/components/ui/button";
import { Plus } from "~/components/ui/icons/plus";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import { formatTimestamp } from "~/lib/timestamps";

import type { StudyTab } from "../course-panels";
import type { PlayerChapter } from "../section-navigation";

import { type CardDraft, draftFromLine, draftFromNote } from "./card-draft";
import type { ComposeRequest } from "./notes-panel";
import type { PlayerClock } from "./player-clock";

// The study panels (the virtualised transcript, notes and their Markdown) load when first opened.
const TranscriptPanel = lazy(() => import("./transcript-panel"));
const NotesPanel = lazy(() => import("./notes-panel"));

type StudyTabPanelsProps = {
  courseId: number;
  chapters: readonly PlayerChapter[];
  videos: readonly TimelineVideo[];
  clock: PlayerClock;
  onSeek: (seconds: number) => void;
  compose: ComposeRequest | null;
  onComposeDone: () => void;
  onMakeCard: (draft: CardDraft) => void;
};

/** The Transcript and Notes tabs' contents, in the desktop's side column or the phone's sheet. */
export function StudyTabPanels({ courseId, chapters, videos, clock, onSeek, compose, onComposeDone, onMakeCard }: StudyTabPanelsProps) {
  return (
    <>
      <TabsContent value="transcript" className="mt-3 h-[calc(100%-3.25rem)] min-h-0">
        <Suspense fallback={<Spinner label="Loading transcript" />}>
          <TranscriptPanel
            courseId={courseId}
            chapters={chapters}
            clock={clock}
            onSeek={onSeek}
            lineActions={(segment) => (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Make a card from the line at ${momentLabel(videos, segment.start, formatTimestamp)}`}
                onClick={() => onMakeCard(draftFromLine(segment))}
              >
                <Plus aria-hidden="true" />
              </Button>
            )}
            className="h-full"
          />
        </Suspense>
      </TabsContent>
      <TabsContent value="notes" className="mt-3 h-[calc(100%-3.25rem)] min-h-0 overflow-y-auto">
        <Suspense fallback={<Spinner label="Loading notes" />}>
          <NotesPanel
            courseId={courseId}
            onSeek={onSeek}
            compose={compose}
            onComposeDone={onComposeDone}
            noteActions={(note) => (
              <Button variant="ghost" size="sm" onClick={() => onMakeCard(draftFromNote(note))}>
                Make a card
              </Button>
            )}
            className="h-full"
          />
        </Suspense>
      </TabsContent>
    </>
  );
}

type PhoneStudyTabsProps = { studyTab: StudyTab; onStudyTabChange: (tab: StudyTab) => void; children: ReactNode };

/** The phone's sheet: Transcript and Notes as tabs (the outline stays on the page). */
export function PhoneStudyTabs({ studyTab, onStudyTabChange, children }: PhoneStudyTabsProps) {
  return (
    <Tabs
      defaultValue="transcript"
      value={studyTab === "outline" ? "transcript" : studyTab}
      onValueChange={(tab) => onStudyTabChange(tab as StudyTab)}
      className="min-h-0 flex-1"
    >
      <TabsList stretch aria-label="Study panels">
        <TabsTrigger value="transcript">Transcript</TabsTrigger>
        <TabsTrigger value="notes">Notes</TabsTrigger>
      </TabsList>
      {children}
    </Tabs>
  );
}
