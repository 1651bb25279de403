"use client";

import { PageContainer } from "~/components/layout/page-container";
import { CenteredSpinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";

import { AchievementsPanel } from "./achievements-panel";
import { ActivityHeatmap } from "./activity-heatmap";
import { ChallengesCard } from "./challenges-card";
import { HowItWorks } from "./how-it-works";
import { StreakCard } from "./streak-card";
import { useRecordVisit } from "./use-record-visit";

function Dashboard({ userId }: { userId: number }) {
  useRecordVisit(userId);
  return (
    <PageContainer title="Gamification Dashboard" description={<p>Your learning streak, badges, daily challenges and achievements.</p>}>
      <div className="grid gap-10">
        <div className="grid gap-6 lg:grid-cols-2">
          <StreakCard userId={userId} />
          <ChallengesCard userId={userId} />
        </div>
        <ActivityHeatmap />
        <AchievementsPanel userId={userId} />
        <HowItWorks />
      </div>
    </PageContainer>
  );
}

/** /gamification, inside ProtectedRoute (so there is a user). */
export function GamificationDashboard() {
  const { user } = useSessionUser();
  if (!user) return <CenteredSpinner label="Loading" />;
  return <Dashboard key={user.id} userId={user.id} />;
}
