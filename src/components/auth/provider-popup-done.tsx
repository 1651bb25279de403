"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { Spinner } from "~/components/ui/spinner";

import { reportSignInResult } from "~/lib/sign-in-popup";

/** The popup's last page: reports the outcome to the opener and closes; opened directly, it goes home. */
export function ProviderPopupDone() {
  const router = useRouter();

  useEffect(() => {
    const ok = !new URLSearchParams(window.location.search).get("error");
    if (reportSignInResult(ok)) {
      window.close();
      return;
    }
    router.replace("/");
  }, [router]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Finishing sign-in</h1>
      <Spinner label="Finishing sign-in" size="lg" />
    </main>
  );
}
