"use client";

import { lazy, type ReactNode } from "react";

import { buttonVariants } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuLazyContent, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";

const loadThemeMenu = () => import("./theme-menu");
const ThemeMenu = lazy(loadThemeMenu);

/** Starts fetching the menu's popup as soon as the pointer or focus reaches the button. */
function prefetchThemeMenu() {
  loadThemeMenu().catch(() => {
    // Offline: opening the menu tries again.
  });
}

/** The theme menu button; its icon comes from the server-rendered header, its popup loads on demand. */
export function ThemeToggle({ icon }: { icon: ReactNode }) {
  return (
    <DropdownMenu onIntent={prefetchThemeMenu}>
      <DropdownMenuTrigger aria-label="Toggle theme" data-testid="theme-toggle" className={buttonVariants({ variant: "ghost", size: "icon" })}>
        {icon}
      </DropdownMenuTrigger>
      <DropdownMenuLazyContent>
        <ThemeMenu />
      </DropdownMenuLazyContent>
    </DropdownMenu>
  );
}
