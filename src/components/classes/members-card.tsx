"use client";

import { useId } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { ClassMemberView, ClassView } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { RoleBadge } from "./badges";
import { ConfirmAction } from "./confirm-action";
import { RosterSync } from "./roster-sync";
import { useRefreshClass } from "./use-refresh-class";

function MemberRow({ cls, member }: { cls: ClassView; member: ClassMemberView }) {
  const refresh = useRefreshClass(cls.id);
  const setRole = api.classes.setRole.useMutation({
    onSuccess({ member: changed }) {
      toast({ title: changed.role === "teacher" ? `${changed.username} is now a teacher` : `${changed.username} is now a member` });
      refresh();
    },
    onError: (failure) => toast({ variant: "destructive", title: "Could not change the role", description: failureText(failure, "Please try again.") }),
  });
  const remove = api.classes.removeMember.useMutation({
    onSuccess() {
      toast({ title: `${member.username} was removed from the class` });
      refresh();
    },
    onError: (failure) => toast({ variant: "destructive", title: "Could not remove the member", description: failureText(failure, "Please try again.") }),
  });

  const { user } = useSessionUser();
  const nameId = useId();
  const owner = cls.role === "owner";
  const isSelf = member.userId === user?.id;
  const canChangeRole = owner && member.role !== "owner" && !cls.archived;
  const canRemove = !cls.archived && member.role !== "owner" && !isSelf && (owner || member.role === "member");

  return (
    <li className="grid gap-2 p-3" data-testid="class-member" data-user-id={member.userId}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span id={nameId} className="font-medium break-all">
          {member.username}
        </span>
        <RoleBadge role={member.role} />
      </div>
      {canChangeRole || canRemove ? (
        <div className="flex flex-wrap items-center gap-2">
          {canChangeRole ? (
            <Button
              variant="outline"
              size="sm"
              disabled={setRole.isPending}
              aria-describedby={nameId}
              onClick={() => setRole.mutate({ id: cls.id, memberId: member.userId, role: member.role === "teacher" ? "member" : "teacher" })}
            >
              {setRole.isPending ? <Spinner tone="current" /> : null}
              {member.role === "teacher" ? "Make member" : "Make teacher"}
            </Button>
          ) : null}
          {canRemove ? (
            <ConfirmAction
              label="Remove"
              ariaLabel={`Remove ${member.username}`}
              question="They lose the class's private courses at once."
              confirmLabel="Remove now"
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ id: cls.id, memberId: member.userId })}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The class's members; the owner changes roles, the owner and teachers remove members. */
export function MembersCard({ cls }: { cls: ClassView }) {
  const members = cls.members ?? [];
  return (
    <Card data-testid="members-card">
      <CardHeader>
        <CardTitle as="h2">Members</CardTitle>
        <CardDescription>
          {cls.role === "owner" ? "Make a member a teacher to let them assign courses and see the dashboard." : "The owner decides who teaches."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <RosterSync cls={cls} />
        <ul aria-label="Members" className="max-h-[28rem] divide-y overflow-y-auto rounded-md border">
          {members.map((member) => (
            <MemberRow key={member.userId} cls={cls} member={member} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
