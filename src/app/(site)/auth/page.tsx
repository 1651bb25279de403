import type { Metadata } from "next";

import { AuthMarketingPanel } from "~/components/auth/auth-marketing-panel";
import { AuthPanel } from "~/components/auth/auth-panel";

export const metadata: Metadata = { title: "Sign in" };

export default function AuthPage() {
  return (
    <div className="grid min-h-[calc(100dvh-4rem)] lg:grid-cols-2">
      <div className="flex justify-center px-4 py-10 sm:px-6 lg:items-center">
        <AuthPanel />
      </div>
      <AuthMarketingPanel />
    </div>
  );
}
