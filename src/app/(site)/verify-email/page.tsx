import type { Metadata } from "next";

import { VerifyEmail } from "~/components/auth/verify-email";
import { PageContainer } from "~/components/layout/page-container";

export const metadata: Metadata = { title: "Verify your email", referrer: "no-referrer" };

type VerifyEmailPageProps = { searchParams: Promise<{ token?: string | string[] }> };

export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { token } = await searchParams;
  return (
    <PageContainer title="Verify your email" description={<p>Confirm that this address is yours, so we may write to it.</p>}>
      <VerifyEmail token={typeof token === "string" ? token : ""} />
    </PageContainer>
  );
}
