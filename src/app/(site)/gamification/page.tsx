import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { GamificationDashboard } from "~/components/gamification/gamification-dashboard";

export const metadata: Metadata = { title: "Gamification Dashboard" };

export default function GamificationPage() {
  return (
    <ProtectedRoute>
      <GamificationDashboard />
    </ProtectedRoute>
  );
}
