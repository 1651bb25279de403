"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useState, type ReactNode } from "react";

import { Button } from "~/components/ui/button";

import { SIDEBAR_ID } from "./sidebar-id";

const InsideSiteShell = createContext(false);
const SidebarState = createContext<{ open: boolean; toggle: () => void }>({ open: false, toggle: () => {} });

/** `header` comes first (the skip link and the header), then the sidebar when open and the page's <main>. */
type ShellFrameProps = { header: ReactNode; sidebar: ReactNode; children: ReactNode };

/**
 * The client half of the site shell: the sidebar's open state around the server-rendered header
 * and sidebar. The sidebar is open by default on the home page and closed elsewhere; the header
 * button toggles it for the current page.
 */
export function ShellFrame({ header, sidebar, children }: ShellFrameProps) {
  const pathname = usePathname();
  const [toggled, setToggled] = useState<{ path: string; open: boolean } | null>(null);
  const sidebarOpen = toggled?.path === pathname ? toggled.open : pathname === "/";

  return (
    <InsideSiteShell value={true}>
      <SidebarState value={{ open: sidebarOpen, toggle: () => setToggled({ path: pathname, open: !sidebarOpen }) }}>
        {header}
        <div className="flex">
          {sidebarOpen ? sidebar : null}
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            {children}
          </main>
        </div>
      </SidebarState>
    </InsideSiteShell>
  );
}

/** Renders the shell only when not already inside one (see EnsureSiteShell). */
export function EnsureShellFrame(props: ShellFrameProps) {
  return use(InsideSiteShell) ? <>{props.children}</> : <ShellFrame {...props} />;
}

/** The header's sidebar button; its icon comes from the server-rendered header. */
export function SidebarToggle({ children }: { children: ReactNode }) {
  const { open, toggle } = use(SidebarState);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="max-md:hidden"
      aria-label="Toggle sidebar"
      aria-expanded={open}
      aria-controls={open ? SIDEBAR_ID : undefined}
      data-testid="sidebar-toggle"
      onClick={toggle}
    >
      {children}
    </Button>
  );
}
