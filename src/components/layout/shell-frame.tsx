"use client";

import { usePathname } from "next/navigation";
import { createContext, use, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { X } from "~/components/ui/icons/x";
import { useMediaQuery } from "~/hooks/use-media-query";

import { SIDEBAR_ID } from "./sidebar-id";

/** Tailwind's `md` breakpoint: below it the sidebar is a drawer over the page. */
const DESKTOP = "(min-width: 768px)";

const InsideSiteShell = createContext(false);
const SidebarState = createContext<{ open: boolean; toggle: () => void }>({ open: false, toggle: () => {} });
/** The toggle button, so closing the drawer can give it focus back. */
const ToggleRef = createContext<RefObject<HTMLButtonElement | null> | null>(null);

/** `header` comes first (the skip link and the header), then the sidebar when open and the page's <main>. */
type ShellFrameProps = { header: ReactNode; sidebar: ReactNode; children: ReactNode };

/**
 * The client half of the site shell: the sidebar's open state around the server-rendered header
 * and sidebar. On a desktop the sidebar is a column, open by default on the home page and closed
 * elsewhere; under 768px it is a drawer, closed until the header button opens it and closed again
 * by Escape, the backdrop, its close button or following one of its links.
 */
export function ShellFrame({ header, sidebar, children }: ShellFrameProps) {
  const pathname = usePathname();
  const isDesktop = useMediaQuery(DESKTOP, true);
  const [toggled, setToggled] = useState<{ path: string; open: boolean } | null>(null);
  // Remembering the path closes the drawer when the learner navigates, without an effect.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const columnOpen = toggled?.path === pathname ? toggled.open : pathname === "/";
  const drawerOpen = !isDesktop && drawerPath === pathname;
  const open = isDesktop ? columnOpen : drawerOpen;
  const toggleButton = useRef<HTMLButtonElement | null>(null);

  function toggle() {
    if (isDesktop) setToggled({ path: pathname, open: !columnOpen });
    else setDrawerPath(drawerOpen ? null : pathname);
  }

  const refocusToggle = useRef(false);
  function closeDrawer() {
    setDrawerPath(null);
    refocusToggle.current = true;
  }
  // After the drawer is gone and the header is no longer inert, focus returns to its button.
  useEffect(() => {
    if (drawerOpen || !refocusToggle.current) return;
    refocusToggle.current = false;
    toggleButton.current?.focus();
  }, [drawerOpen]);

  return (
    <InsideSiteShell value={true}>
      <SidebarState value={{ open, toggle }}>
        <ToggleRef value={toggleButton}>
          <div className="contents" inert={drawerOpen}>
            {header}
          </div>
          <div className="flex">
            {isDesktop && columnOpen ? <div className="sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 md:block">{sidebar}</div> : null}
            {drawerOpen ? <SidebarDrawer onClose={closeDrawer}>{sidebar}</SidebarDrawer> : null}
            <main id="main-content" tabIndex={-1} inert={drawerOpen} className="min-w-0 flex-1 outline-none">
              {children}
            </main>
          </div>
        </ToggleRef>
      </SidebarState>
    </InsideSiteShell>
  );
}

/** The sidebar over the page under 768px: a modal dialog whose backdrop, Escape and links close it. */
function SidebarDrawer({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);

  // The dialog opens before this runs; the first link or button takes focus, as in the column.
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>("a[href], button")?.focus();
  }, []);

  return (
    <Dialog
      aria-label="Sidebar"
      onClose={onClose}
      data-testid="sidebar-drawer"
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none border-0 bg-transparent p-0 text-foreground backdrop:bg-transparent md:hidden"
    >
      <div aria-hidden="true" className="absolute inset-0 bg-black/50 motion-safe:animate-[fade-in_150ms_ease-out]" onClick={onClose} />
      <div
        ref={panel}
        className="relative h-full w-72 max-w-[85vw] shadow-xl motion-safe:animate-[drawer-in_200ms_ease-out]"
        onClick={(event) => {
          // Following a link to the page already shown changes no path, so close here too.
          if ((event.target as HTMLElement).closest("a[href]")) onClose();
        }}
      >
        {children}
        <Button variant="ghost" size="icon" className="absolute top-4 right-3" aria-label="Close sidebar" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </Dialog>
  );
}

/** Renders the shell only when not already inside one (see EnsureSiteShell). */
export function EnsureShellFrame(props: ShellFrameProps) {
  return use(InsideSiteShell) ? <>{props.children}</> : <ShellFrame {...props} />;
}

/** The header's sidebar button; its icon comes from the server-rendered header. */
export function SidebarToggle({ children }: { children: ReactNode }) {
  const { open, toggle } = use(SidebarState);
  const ref = use(ToggleRef);
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="icon"
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
