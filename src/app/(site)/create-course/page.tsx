import type { Metadata } from "next";
import { Suspense } from "react";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { RequestedTopic } from "~/components/create-course/requested-topic";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Create Course" };

export default function CreateCoursePage() {
  return (
    <ProtectedRoute>
      <PageContainer
        title="Create a New Course"
        description={
          <>
            <Suspense fallback={null}>
              <RequestedTopic />
            </Suspense>
            <p>Course generation from a topic is coming in an upcoming update.</p>
          </>
        }
      />
    </ProtectedRoute>
  );
}
