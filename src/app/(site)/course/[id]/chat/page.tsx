import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";

import { parseCourseId } from "../parse-course-id";

export const metadata: Metadata = { title: "Course Chat" };

export default async function CourseChatPage({ params }: { params: Promise<{ id: string }> }) {
  const courseId = parseCourseId((await params).id);
  if (courseId === null) notFound();
  return (
    <ProtectedRoute>
      <PageContainer title="Course Chat" description={<p>Chatting with an AI assistant about this course is coming in an upcoming update.</p>}>
        <Link href={`/course/${courseId}`} className={buttonVariants({ variant: "outline" })}>
          Return to course
        </Link>
      </PageContainer>
    </ProtectedRoute>
  );
}
