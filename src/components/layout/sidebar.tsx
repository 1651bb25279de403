import Link from "next/link";

import { Users } from "~/components/ui/icons/users";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CreditCard } from "~/components/ui/icons/credit-card";
import { Plus } from "~/components/ui/icons/plus";
import { Target } from "~/components/ui/icons/target";
import { Trophy } from "~/components/ui/icons/trophy";

import { Logo } from "./logo";
import { SidebarActivity } from "./sidebar-activity";
import { SidebarCourses } from "./sidebar-courses";
import { SIDEBAR_ID } from "./sidebar-id";

const sidebarLink = cn(buttonVariants({ variant: "outline", align: "start" }), "w-full");

export function Sidebar() {
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      data-testid="app-sidebar"
      className="flex h-full w-72 max-w-full flex-col gap-6 overflow-y-auto border-r bg-card p-4"
    >
      <Logo />
      <nav aria-labelledby="sidebar-my-learning">
        <h2 id="sidebar-my-learning" className="mb-2 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          My Learning
        </h2>
        <SidebarCourses />
      </nav>
      <section aria-labelledby="sidebar-recent-activity">
        <h2 id="sidebar-recent-activity" className="mb-2 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Recent Activity
        </h2>
        <SidebarActivity />
      </section>
      <div className="mt-auto flex flex-col gap-2">
        <Link href="/classes" className={sidebarLink}>
          <Users aria-hidden="true" />
          Classes
        </Link>
        <Link href="/mastery" className={sidebarLink}>
          <Target aria-hidden="true" />
          Mastery
        </Link>
        <Link href="/gamification" className={sidebarLink}>
          <Trophy aria-hidden="true" />
          Gamification Dashboard
        </Link>
        <Link href="/subscription" className={sidebarLink}>
          <CreditCard aria-hidden="true" />
          Manage Subscription
        </Link>
        <Link href="/create-course" className={cn(buttonVariants({ align: "start" }), "w-full")}>
          <Plus aria-hidden="true" />
          Create New Course
        </Link>
      </div>
    </aside>
  );
}
