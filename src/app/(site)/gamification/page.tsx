import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Gamification Dashboard" };

export default function GamificationPage() {
  return (
    <ProtectedRoute>
      <PageContainer
        title="Gamification Dashboard"
        description={<p>Your learning streak, badges and daily challenges are coming in an upcoming update.</p>}
      />
    </ProtectedRoute>
  );
}
