"use client";

import { CircleHelp, PanelLeft } from "lucide-react";
import Link from "next/link";

import { Button, buttonVariants } from "~/components/ui/button";

import { HeaderSearch } from "./header-search";
import { Logo } from "./logo";
import { SIDEBAR_ID } from "./sidebar";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

type HeaderProps = { sidebarOpen?: boolean; onToggleSidebar?: () => void };

export function Header({ sidebarOpen = false, onToggleSidebar }: HeaderProps) {
  return (
    <header data-testid="app-header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-4">
        {onToggleSidebar ? (
          <Button
            variant="ghost"
            size="icon"
            className="hidden md:inline-flex"
            aria-label="Toggle sidebar"
            aria-expanded={sidebarOpen}
            aria-controls={sidebarOpen ? SIDEBAR_ID : undefined}
            data-testid="sidebar-toggle"
            onClick={onToggleSidebar}
          >
            <PanelLeft aria-hidden="true" />
          </Button>
        ) : null}
        <Logo textClassName="hidden sm:inline" />
        <HeaderSearch className="min-w-0 max-w-xl flex-1" />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <ThemeToggle />
          <Link href="/how-it-works" aria-label="How it works" className={buttonVariants({ variant: "ghost", size: "icon" })}>
            <CircleHelp aria-hidden="true" />
          </Link>
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
