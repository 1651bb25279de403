"use client";

import { createContext, type ReactNode, useContext } from "react";

import { momentLabel, type TimelineVideo } from "~/lib/course-timeline";
import { formatTimestamp } from "~/lib/timestamps";

type CourseTextContext = { language?: string; videos: readonly TimelineVideo[] };

const CourseText = createContext<CourseTextContext>({ videos: [] });

/**
 * Gives the elements below what they need to show the course's own text and times: its language,
 * and its videos on the course's timeline.
 */
export function CourseTextProvider({ language, videos, children }: { language: string; videos: readonly TimelineVideo[]; children: ReactNode }) {
  return <CourseText value={{ language, videos }}>{children}</CourseText>;
}

/**
 * The attributes of an element holding text the course generated (titles, lessons, transcript
 * lines, quiz questions): the course's language, for fonts, hyphenation and screen readers, and a
 * direction read from the text itself, so Arabic runs right to left inside the English interface.
 */
export function useCourseText(): { lang?: string; dir: "auto" } {
  const { language } = useContext(CourseText);
  return language ? { lang: language, dir: "auto" } : { dir: "auto" };
}

/** How a course time reads: "3:45", or in a course from a playlist "Video 2 · 3:45" (the video's own moment). */
export function useMomentLabel(): (courseSeconds: number) => string {
  const { videos } = useContext(CourseText);
  return (courseSeconds) => momentLabel(videos, courseSeconds, formatTimestamp);
}
