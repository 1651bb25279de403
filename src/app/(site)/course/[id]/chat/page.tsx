import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { CourseChat } from "~/components/chat/course-chat";
import { parseStartAt } from "~/components/course/section-navigation";
import { env } from "~/env";

import { courseMetadata } from "../course-metadata";
import { parseIdParam } from "~/lib/ids";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return courseMetadata((await params).id, (title) => `Chat: ${title}`, "Course Chat");
}

type CourseChatPageProps = { params: Promise<{ id: string }>; searchParams: Promise<{ at?: string | string[] }> };

export default async function CourseChatPage({ params, searchParams }: CourseChatPageProps) {
  const courseId = parseIdParam((await params).id);
  if (courseId === null) notFound();
  return (
    <ProtectedRoute>
      {/* ?at= (the player's 'Ask about this moment'): questions are about that moment until the learner removes it. */}
      <CourseChat courseId={courseId} videoPlayer={env.VIDEO_PLAYER} atSeconds={parseStartAt((await searchParams).at)} />
    </ProtectedRoute>
  );
}
