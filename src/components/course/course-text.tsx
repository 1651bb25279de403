"use client";

import { createContext, type ReactNode, useContext } from "react";

const CourseLanguage = createContext<string | undefined>(undefined);

/** Gives the course's language to the elements below that show its generated text. */
export function CourseLanguageProvider({ language, children }: { language: string; children: ReactNode }) {
  return <CourseLanguage value={language}>{children}</CourseLanguage>;
}

/**
 * The attributes of an element holding text the course generated (titles, lessons, transcript
 * lines, quiz questions): the course's language, for fonts, hyphenation and screen readers, and a
 * direction read from the text itself, so Arabic runs right to left inside the English interface.
 */
export function useCourseText(): { lang?: string; dir: "auto" } {
  const language = useContext(CourseLanguage);
  return language ? { lang: language, dir: "auto" } : { dir: "auto" };
}
