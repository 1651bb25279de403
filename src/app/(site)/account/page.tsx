import type { Metadata } from "next";

import { ApiTokensCard } from "~/components/account/api-tokens-card";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { EmailCard } from "~/components/account/email-card";
import { RemindersCard } from "~/components/account/reminders-card";
import { ReviewRetentionCard } from "~/components/account/review-retention-card";
import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export const metadata: Metadata = { title: "Account" };

export default function AccountPage() {
  return (
    <ProtectedRoute>
      <PageContainer
        title="Account"
        description={<p>Your email address, your password, how your cards are spaced, your reminders, and the API tokens your own scripts sign in with.</p>}
      >
        <div className="grid gap-8">
          <EmailCard />
          <Card>
            <CardHeader>
              <CardTitle as="h2">Password</CardTitle>
              <CardDescription>Every other browser signed in to your account is signed out.</CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
          <ReviewRetentionCard />
          <RemindersCard />
          <ApiTokensCard />
        </div>
      </PageContainer>
    </ProtectedRoute>
  );
}
