import type { Metadata } from "next";

import { ForgotPasswordForm } from "~/components/auth/forgot-password-form";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <PageContainer
      title="Forgot password"
      description={<p>Enter your username or email. If your address is verified, we send you a link to set a new password.</p>}
    >
      <ForgotPasswordForm />
    </PageContainer>
  );
}
