import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { CoursePlayer } from "~/components/course/course-player";
import { env } from "~/env";

import { parseCourseId } from "./parse-course-id";

export const metadata: Metadata = { title: "Course" };

export default async function CoursePage({ params }: { params: Promise<{ id: string }> }) {
  const courseId = parseCourseId((await params).id);
  if (courseId === null) notFound();
  return (
    <ProtectedRoute>
      {/* The server decides the player: YouTube, or the local stub that browser tests run against. */}
      <CoursePlayer courseId={courseId} videoPlayer={env.VIDEO_PLAYER} />
    </ProtectedRoute>
  );
}
