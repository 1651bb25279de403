import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { CourseChat } from "~/components/chat/course-chat";

import { courseMetadata } from "../course-metadata";
import { parseCourseId } from "../parse-course-id";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return courseMetadata((await params).id, (title) => `Chat: ${title}`, "Course Chat");
}

export default async function CourseChatPage({ params }: { params: Promise<{ id: string }> }) {
  const courseId = parseCourseId((await params).id);
  if (courseId === null) notFound();
  return (
    <ProtectedRoute>
      <CourseChat courseId={courseId} />
    </ProtectedRoute>
  );
}
