import type { Metadata } from "next";

import { ResetPasswordForm } from "~/components/auth/reset-password-form";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Set a new password", referrer: "no-referrer" };

type ResetPasswordPageProps = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: ResetPasswordPageProps) {
  const { token } = await searchParams;
  return (
    <PageContainer title="Set a new password" description={<p>Choose a new password. Every other browser signed in to your account is signed out.</p>}>
      <ResetPasswordForm token={typeof token === "string" ? token : ""} />
    </PageContainer>
  );
}
