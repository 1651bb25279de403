import type { Metadata } from "next";

import { GooglePopupStart } from "~/components/auth/google-popup-start";

export const metadata: Metadata = { title: "Sign in with Google" };

export default function GooglePopupPage() {
  return <GooglePopupStart />;
}
