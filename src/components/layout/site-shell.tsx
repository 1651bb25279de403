import type { ReactNode } from "react";

import { BadgeToaster } from "~/components/gamification/badge-toaster";

import { Header } from "./header";
import { EnsureShellFrame, ShellFrame } from "./shell-frame";
import { Sidebar } from "./sidebar";

function SkipLinkAndHeader() {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-4 focus:left-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Header />
      <BadgeToaster />
    </>
  );
}

/**
 * Header, sidebar and the page's <main>. Header and sidebar are server components with small
 * client islands (search, theme menu, user menu, sidebar toggle, the learner's courses); the open
 * state of the sidebar lives in ShellFrame.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <ShellFrame header={<SkipLinkAndHeader />} sidebar={<Sidebar />}>
      {children}
    </ShellFrame>
  );
}

/** For the 404 page: rendered inside the site layout (a page called notFound()) or on its own (an unknown URL). */
export function EnsureSiteShell({ children }: { children: ReactNode }) {
  return (
    <EnsureShellFrame header={<SkipLinkAndHeader />} sidebar={<Sidebar />}>
      {children}
    </EnsureShellFrame>
  );
}
