import type { Metadata } from "next";

import { ProviderPopupDone } from "~/components/auth/provider-popup-done";

export const metadata: Metadata = { title: "Signing in" };

export default function ProviderPopupDonePage() {
  return <ProviderPopupDone />;
}
