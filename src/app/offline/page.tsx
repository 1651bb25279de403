import type { Metadata } from "next";

import { OfflineShell } from "~/components/offline/offline-shell";

export const metadata: Metadata = { title: "Offline" };

/** The service worker's offline shell (public/sw.js): static, precached, rendered from the device's store. */
export default function OfflinePage() {
  return <OfflineShell />;
}
