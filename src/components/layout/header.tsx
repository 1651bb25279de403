import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { CircleHelp } from "~/components/ui/icons/circle-help";
import { Moon } from "~/components/ui/icons/moon";
import { PanelLeft } from "~/components/ui/icons/panel-left";
import { Sun } from "~/components/ui/icons/sun";
import { Target } from "~/components/ui/icons/target";
import { Users } from "~/components/ui/icons/users";
import { ReviewLink } from "~/components/review/review-link";

import { HeaderPageLink } from "./header-page-link";
import { HeaderSearch } from "./header-search";
import { Logo } from "./logo";
import { SidebarToggle } from "./shell-frame";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/**
 * A server component: only the search, the sidebar toggle, the theme menu and the user menu run on
 * the client; icons and static markup are rendered here and passed to them.
 */
export function Header() {
  return (
    <header data-testid="app-header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      {/* Under 640px the search takes a row of its own: beside the buttons it would be a few letters wide. */}
      <div className="flex flex-wrap items-center gap-2 px-3 py-2 sm:h-16 sm:flex-nowrap sm:gap-4 sm:px-4 sm:py-0">
        <SidebarToggle>
          <PanelLeft aria-hidden="true" />
        </SidebarToggle>
        <Logo textClassName="hidden sm:inline" />
        <HeaderSearch className="order-last basis-full sm:order-none sm:max-w-xl sm:min-w-0 sm:flex-1 sm:basis-auto" />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {/* Classes from 1024px: between 640 and 1023px it would squeeze the search box to a few letters. */}
          <HeaderPageLink href="/classes" label="Classes" icon={<Users aria-hidden="true" />} testId="header-classes-link" shownFrom="lg" />
          <HeaderPageLink href="/mastery" label="Mastery" icon={<Target aria-hidden="true" />} testId="header-mastery-link" shownFrom="sm" />
          <ReviewLink />
          <ThemeToggle
            icon={
              <>
                <Sun aria-hidden="true" className="dark:hidden" />
                <Moon aria-hidden="true" className="hidden dark:block" />
              </>
            }
          />
          <Link href="/how-it-works" aria-label="How it works" className={buttonVariants({ variant: "ghost", size: "icon" })}>
            <CircleHelp aria-hidden="true" />
          </Link>
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
