import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";
import { parseConceptParam } from "~/components/mastery/concepts";
import { MasteryView } from "~/components/mastery/mastery-view";

export const metadata: Metadata = { title: "Mastery" };

type MasteryPageProps = { searchParams: Promise<{ concept?: string | string[] }> };

export default async function MasteryPage({ searchParams }: MasteryPageProps) {
  // ?concept= opens one concept (the course page's chips link here).
  const conceptId = parseConceptParam((await searchParams).concept);
  return (
    <ProtectedRoute>
      <PageContainer title="Mastery" className="max-w-6xl" description={<p>What you know across your courses, from every quiz answer and card review.</p>}>
        <MasteryView key={conceptId ?? "all"} initialConceptId={conceptId} />
      </PageContainer>
    </ProtectedRoute>
  );
}
