import type { Metadata } from "next";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { JoinClass } from "~/components/classes/join-class";

export const metadata: Metadata = { title: "Join a class" };

type JoinPageProps = { params: Promise<{ code: string }> };

export default async function JoinPage({ params }: JoinPageProps) {
  // A segment may reach the page still percent-encoded; one that cannot be decoded is passed on as is (the server refuses it plainly).
  const raw = (await params).code;
  let code = raw;
  try {
    code = decodeURIComponent(raw);
  } catch {
    code = raw;
  }
  return (
    <ProtectedRoute>
      <JoinClass code={code} />
    </ProtectedRoute>
  );
}
