"use client";

import { useEffect, useId, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Check } from "~/components/ui/icons/check";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { ClassView } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { ConfirmAction } from "./confirm-action";
import { formatDate } from "./format";
import { FormError } from "./states";
import { useMinuteClock } from "./use-now";
import { useRefreshClass } from "./use-refresh-class";
import { INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS } from "~/lib/rules/classes";

/** The class's invite link: copy it, make a new one for some days, or revoke it. */
export function InviteCard({ cls }: { cls: ClassView }) {
  const refresh = useRefreshClass(cls.id);
  const now = useMinuteClock();
  const [copied, setCopied] = useState(false);
  const [days, setDays] = useState(String(INVITE_DEFAULT_DAYS));
  const [error, setError] = useState<string | null>(null);
  const daysId = useId();
  const rotate = api.classes.rotateInvite.useMutation({
    onSuccess({ inviteExpiresAt }) {
      toast({ title: "New invite link", description: `The old link no longer works. The new one expires ${formatDate(inviteExpiresAt)}.` });
      setError(null);
      refresh();
    },
    onError: (failure) => setError(failureText(failure, "Could not make a new link. Please try again.")),
  });
  const revoke = api.classes.revokeInvite.useMutation({
    onSuccess() {
      toast({ title: "Invite link revoked", description: "No one can join with it any more. Make a new link to invite again." });
      setError(null);
      refresh();
    },
    onError: (failure) => setError(failureText(failure, "Could not revoke the link. Please try again.")),
  });

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  const link = cls.inviteCode ? `${window.location.origin}/join/${cls.inviteCode}` : null;
  const expired = cls.inviteExpiresAt !== null && new Date(cls.inviteExpiresAt).getTime() <= now;
  const usable = link !== null && !cls.inviteRevoked && !expired;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: "Invite link copied" });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy the link", description: "Select it and copy it by hand." });
    }
  }

  function onRotate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(days);
    if (!Number.isInteger(value) || value < 1 || value > INVITE_MAX_DAYS) {
      setError(`An invitation lasts 1 to ${INVITE_MAX_DAYS} days`);
      return;
    }
    rotate.mutate({ id: cls.id, expiresInDays: value });
  }

  let status;
  if (cls.inviteRevoked) status = "Revoked: this link lets no one in. Make a new link to invite again.";
  else if (expired && cls.inviteExpiresAt) status = `Expired on ${formatDate(cls.inviteExpiresAt)}. Make a new link to invite again.`;
  else if (cls.inviteExpiresAt) status = `Anyone signed in who has it can join until ${formatDate(cls.inviteExpiresAt)}.`;

  return (
    <Card data-testid="invite-card">
      <CardHeader>
        <CardTitle as="h2">Invite learners</CardTitle>
        <CardDescription>Send this link to your learners: they see the class and what you will see before they join.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {link ? (
          <div className="grid gap-2">
            <Label htmlFor={`${daysId}-link`}>Invite link</Label>
            <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
              <Input
                id={`${daysId}-link`}
                readOnly
                value={link}
                className="font-mono text-xs"
                data-testid="invite-link"
                aria-describedby={`${daysId}-status`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="outline" disabled={!usable || cls.archived} onClick={() => void copy()}>
                {copied ? <Check aria-hidden="true" /> : null}
                {copied ? "Copied" : "Copy"}
              </Button>
            </div>
          </div>
        ) : null}
        <p id={`${daysId}-status`} className={usable ? "text-sm text-muted-foreground" : "text-sm font-medium"} data-testid="invite-status">
          {status}
        </p>
        {cls.archived ? (
          <p className="text-sm text-muted-foreground">An archived class takes no new members.</p>
        ) : (
          <>
            <form onSubmit={onRotate} noValidate className="flex flex-wrap items-end gap-2" aria-label="Make a new invite link">
              <div className="grid gap-2">
                <Label htmlFor={daysId}>Valid for (days)</Label>
                <Input
                  id={daysId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={INVITE_MAX_DAYS}
                  value={days}
                  onChange={(event) => setDays(event.target.value)}
                  className="w-24"
                />
              </div>
              <Button type="submit" variant="outline" disabled={rotate.isPending}>
                {rotate.isPending ? <Spinner tone="current" /> : null}
                New link
              </Button>
            </form>
            <p className="text-xs text-muted-foreground">A new link replaces this one at once: the old link stops working.</p>
            {cls.inviteRevoked ? null : (
              <ConfirmAction
                label="Revoke link"
                question="No one can join with it until you make a new one."
                confirmLabel="Revoke now"
                pending={revoke.isPending}
                onConfirm={() => revoke.mutate({ id: cls.id })}
              />
            )}
          </>
        )}
        <FormError message={error} />
      </CardContent>
    </Card>
  );
}
