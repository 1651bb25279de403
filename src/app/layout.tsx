import "@fontsource-variable/inter";
import "~/styles/globals.css";

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { ThemeScript } from "~/components/layout/theme-script";
import { ServiceWorkerRegistration } from "~/components/offline/service-worker-registration";
import { Providers } from "~/components/providers";

export const metadata: Metadata = {
  title: { default: "CourseCraft — AI courses from video", template: "%s · CourseCraft" },
  description:
    "CourseCraft generates AI courses from video: pick a topic and it turns an educational YouTube video into a structured course with chapters, quizzes, progress tracking and an AI tutor to chat with.",
  icons: { icon: "/favicon.svg", apple: "/icons/icon-192.png" },
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0c1220" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <ThemeScript />
        <Providers>{children}</Providers>
        <ServiceWorkerRegistration />
      </body>
    </html>
  );
}
