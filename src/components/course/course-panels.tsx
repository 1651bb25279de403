"use client";

import { type ComponentProps, type ReactNode, useState } from "react";

import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

import { CourseOutline } from "./course-outline";
import { ChevronDown } from "./icons";

export type StudyTab = "outline" | "transcript" | "notes";

type CoursePanelsProps = {
  isDesktop: boolean;
  studyTab: StudyTab;
  onStudyTabChange: (tab: StudyTab) => void;
  outline: ComponentProps<typeof CourseOutline>;
  /** The Transcript and Notes tabs' contents, shown beside the outline on a desktop. */
  studyTabs: ReactNode;
};

/**
 * The column beside the video: on a desktop the outline, transcript and notes as tabs; on a phone
 * the outline folded under a 'Course contents' button (the transcript and notes open in a sheet).
 */
export function CoursePanels({ isDesktop, studyTab, onStudyTabChange, outline: outlineProps, studyTabs }: CoursePanelsProps) {
  const [outlineOpen, setOutlineOpen] = useState(false);
  const outline = (
    <CourseOutline
      {...outlineProps}
      onSelect={(sectionId) => {
        setOutlineOpen(false);
        outlineProps.onSelect(sectionId);
      }}
    />
  );

  return (
    <aside aria-label="Course outline" className="md:sticky md:top-20 md:h-[calc(100dvh-6rem)] md:self-start">
      {isDesktop ? (
        <Tabs defaultValue="outline" value={studyTab} onValueChange={(tab) => onStudyTabChange(tab as StudyTab)} className="h-full">
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
            Course contents ({outlineProps.percent}%)
            <ChevronDown aria-hidden="true" className={cn("transition-transform", outlineOpen && "rotate-180")} />
          </Button>
          <div id="course-outline" className={cn("mt-4", outlineOpen ? "block" : "hidden")}>
            {outline}
          </div>
        </>
      )}
    </aside>
  );
}
