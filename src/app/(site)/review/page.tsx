import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";
import { ExportCardsButton } from "~/components/review/export-cards";
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
            <ExportCardsButton />
          </section>
        </div>
      </PageContainer>
    </ProtectedRoute>
  );
}
