import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { ClassesView } from "~/components/classes/classes-view";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Classes" };

export default function ClassesPage() {
  return (
    <ProtectedRoute>
      <PageContainer
        title="Classes"
        className="max-w-6xl"
        description={<p>Learn with a class, or teach one: assign courses and see what your learners missed.</p>}
      >
        <ClassesView />
      </PageContainer>
    </ProtectedRoute>
  );
}
