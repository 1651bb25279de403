"use client";

import { LogOut, Plus } from "lucide-react";
import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";
import { useSignOut } from "~/hooks/use-sign-out";

import { UserAvatar, userLabel } from "./user-avatar";

export function UserMenu() {
  const { user, isLoading } = useSessionUser();
  const { signOut } = useSignOut();

  if (isLoading) return <Spinner label="Loading account" className="mx-2" />;

  if (!user) {
    return (
      <Link href="/auth" className={buttonVariants({ size: "sm" })} data-testid="sign-in-link">
        Sign In
      </Link>
    );
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="User menu"
        data-testid="user-menu-trigger"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel data-testid="user-menu-label">{userLabel(user)}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/create-course">
            <Plus aria-hidden="true" />
            Create Course
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => void signOut()}
          className="text-destructive focus:text-destructive dark:text-red-300 dark:focus:text-red-300"
        >
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
