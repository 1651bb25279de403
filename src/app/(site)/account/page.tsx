import type { Metadata } from "next";

import { ChangePasswordForm } from "~/components/account/change-password-form";
import { ProtectedRoute } from "~/components/auth/protected-route";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Account" };

export default function AccountPage() {
  return (
    <ProtectedRoute>
      <PageContainer title="Account" description={<p>Change your password. Every other browser signed in to your account is signed out.</p>}>
        <ChangePasswordForm />
      </PageContainer>
    </ProtectedRoute>
  );
}
