import type { Metadata } from "next";

import { GooglePopupDone } from "~/components/auth/google-popup-done";

export const metadata: Metadata = { title: "Signing in" };

export default function GooglePopupDonePage() {
  return <GooglePopupDone />;
}
