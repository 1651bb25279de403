"use client";

import type { ClassView } from "~/lib/schemas/classes";

import { InviteCard } from "./invite-card";
import { MembersCard } from "./members-card";
import { OwnerSettings } from "./owner-settings";

/** The owner's and teachers' side column: the invitation, the members, and for the owner the class's settings. */
export function ClassManagement({ cls }: { cls: ClassView }) {
  return (
    <div className="grid min-w-0 gap-6">
      <InviteCard cls={cls} />
      <MembersCard cls={cls} />
      {cls.role === "owner" ? <OwnerSettings cls={cls} /> : null}
    </div>
  );
}
