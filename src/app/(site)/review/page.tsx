import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";
import { ReviewSession } from "~/components/review/review-session";

export const metadata: Metadata = { title: "Review" };

export default function ReviewPage() {
  return (
    <ProtectedRoute>
      <PageContainer title="Review" description={<p>Today&apos;s due cards from all your courses, spaced so you remember them.</p>}>
        <div className="mx-auto w-full max-w-2xl">
          <ReviewSession />
        </div>
      </PageContainer>
    </ProtectedRoute>
  );
}
