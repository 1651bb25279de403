"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useState, type ReactNode } from "react";

import { Header } from "./header";
import { Sidebar } from "./sidebar";

const InsideSiteShell = createContext(false);

/**
 * Header, sidebar and the page's <main>. The sidebar is open by default on the home page and
 * closed elsewhere; the header button toggles it for the current page.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const [toggled, setToggled] = useState<{ path: string; open: boolean } | null>(null);
  const sidebarOpen = toggled?.path === pathname ? toggled.open : pathname === "/";

  return (
    <InsideSiteShell value={true}>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Header sidebarOpen={sidebarOpen} onToggleSidebar={() => setToggled({ path: pathname, open: !sidebarOpen })} />
      <div className="flex">
        {sidebarOpen ? <Sidebar /> : null}
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
      </div>
    </InsideSiteShell>
  );
}

/** For the 404 page: rendered inside the site layout (a page called notFound()) or on its own (an unknown URL). */
export function EnsureSiteShell({ children }: { children: ReactNode }) {
  return use(InsideSiteShell) ? <>{children}</> : <SiteShell>{children}</SiteShell>;
}
