import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";
import { ExportMenu } from "~/components/export/export-menu";
import { ReviewSession } from "~/components/review/review-session";

export const metadata: Metadata = { title: "Review" };

export default function ReviewPage() {
  return (
    <ProtectedRoute>
      <PageContainer title="Review" description={<p>Today&apos;s due cards from all your courses, spaced so you remember them.</p>}>
        <div className="mx-auto grid w-full max-w-2xl gap-8">
          <ReviewSession />
          <section aria-labelledby="export-cards-title" className="grid gap-2 border-t pt-4">
            <h2 id="export-cards-title" className="text-sm font-medium">
              Take your cards elsewhere
            </h2>
            <ExportMenu label="Export cards" />
          </section>
        </div>
      </PageContainer>
    </ProtectedRoute>
  );
}
