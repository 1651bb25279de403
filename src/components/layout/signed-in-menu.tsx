"use client";

import { DropdownMenu, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "~/components/ui/dropdown-menu-content";
import { LogOut } from "~/components/ui/icons/log-out";
import { Plus } from "~/components/ui/icons/plus";
import { useSignOut } from "~/hooks/use-sign-out";
import type { PublicUser } from "~/lib/schemas/auth";

import { UserAvatar, userLabel } from "./user-avatar";

/** The signed-in user's menu; UserMenu loads this module for signed-in users only. */
export default function SignedInMenu({ user }: { user: PublicUser }) {
  const { signOut } = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="User menu"
        data-testid="user-menu-trigger"
        className="rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
      >
        <UserAvatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel data-testid="user-menu-label">{userLabel(user)}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem href="/create-course">
          <Plus aria-hidden="true" />
          Create Course
        </DropdownMenuItem>
        <DropdownMenuItem href="/account">Account</DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
