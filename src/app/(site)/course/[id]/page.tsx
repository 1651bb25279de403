import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { CoursePlayer } from "~/components/course/course-player";
import { parseStartAt } from "~/components/course/section-navigation";
import { env } from "~/env";

import { courseMetadata } from "./course-metadata";
import { parseIdParam } from "~/lib/ids";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return courseMetadata((await params).id, (title) => title, "Course");
}

type CoursePageProps = { params: Promise<{ id: string }>; searchParams: Promise<{ t?: string | string[] }> };

export default async function CoursePage({ params, searchParams }: CoursePageProps) {
  const courseId = parseIdParam((await params).id);
  if (courseId === null) notFound();
  return (
    <ProtectedRoute>
      {/* The server decides the player: YouTube, or the local stub that browser tests run against. ?t= opens at a moment (chat links). */}
      <CoursePlayer courseId={courseId} videoPlayer={env.VIDEO_PLAYER} startAt={parseStartAt((await searchParams).t)} />
    </ProtectedRoute>
  );
}
