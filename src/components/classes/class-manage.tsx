"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";

import { fieldErrors } from "~/components/auth/field-errors";
import { FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Check } from "~/components/ui/icons/check";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { formText } from "~/lib/form-text";
import type { ClassMemberView, ClassView } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { RoleBadge } from "./badges";
import { ConfirmAction } from "./confirm-action";
import { failureText } from "~/lib/failure-text";
import { endOfLocalDay, formatDate, localDay, parseCourseReference } from "./format";
import { ASSIGNMENT_NOTE_MAX_LENGTH, CLASS_NAME_MAX_LENGTH, INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS } from "~/lib/class-limits";
import { FormError } from "./states";
import { useMinuteClock } from "./use-now";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";

/** Everything that shows a class's state: its page, its list entry, the dashboard. */
function useRefreshClass(classId: number) {
  const utils = api.useUtils();
  return () => {
    void utils.classes.byId.invalidate({ id: classId });
    void utils.classes.mine.invalidate();
    void utils.classes.dashboard.invalidate({ id: classId });
  };
}

// ——— Assigning a course ———

type AssignErrors = { course?: string; dueAt?: string; note?: string; form?: string };

/**
 * Assigns one of my finished courses, or any public course by its link or id, with an optional due
 * day (the end of that day where the teacher is) and note.
 */
export function AssignForm({ classId }: { classId: number }) {
  const utils = api.useUtils();
  const courses = api.course.mine.useQuery();
  const now = useMinuteClock();
  const [errors, setErrors] = useState<AssignErrors>({});
  const [formKey, setFormKey] = useState(0);
  const assign = api.classes.assign.useMutation({
    onSuccess({ assignment }) {
      toast({ title: "Course assigned", description: `Every member of the class now sees “${assignment.title}”.` });
      setErrors({});
      setFormKey((key) => key + 1);
      void utils.classes.assignments.invalidate({ id: classId });
      void utils.classes.dashboard.invalidate({ id: classId });
      void utils.assignments.mine.invalidate();
    },
    onError(error) {
      const fields = fieldErrors(error, ["courseId", "dueAt", "note"]);
      if (fields.courseId || fields.dueAt || fields.note) setErrors({ course: fields.courseId, dueAt: fields.dueAt, note: fields.note });
      else setErrors({ form: failureText(error, "Could not assign the course. Please try again.") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const picked = formText(form, "course");
    const typed = formText(form, "courseRef").trim();
    const day = formText(form, "dueDay");
    const note = formText(form, "note").trim();
    const next: AssignErrors = {};
    let courseId: number | null = null;
    if (typed) {
      courseId = parseCourseReference(typed);
      if (courseId === null) next.course = "Paste a course's link (…/course/42) or type its number";
    } else if (picked) courseId = Number(picked);
    else next.course = "Choose one of your courses, or paste a public course's link";
    const dueAt = day ? endOfLocalDay(day) : null;
    if (day && dueAt === null) next.dueAt = "Pick a day such as 2026-12-24";
    if (note.length > ASSIGNMENT_NOTE_MAX_LENGTH) next.note = `A note can be at most ${ASSIGNMENT_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`;
    setErrors(next);
    if (courseId === null || Object.keys(next).length > 0) return;
    assign.mutate({ id: classId, courseId, ...(dueAt ? { dueAt } : {}), ...(note ? { note } : {}) });
  }

  const ids = { course: useId(), ref: useId(), due: useId(), note: useId() };
  const described = (id: string, error?: string) => (error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});
  const fieldError = (id: string, error?: string) =>
    error ? (
      <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-300">
        {error}
      </p>
    ) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Assign a course</CardTitle>
        <CardDescription>
          Members can open it while it is assigned, even if it is private. Its progress and quiz answers show on the class&apos;s dashboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form key={formKey} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Assign a course" data-testid="assign-form">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.course}>One of your courses</Label>
              <Select
                id={ids.course}
                name="course"
                defaultValue=""
                disabled={courses.isPending}
                {...described(ids.course, errors.course)}
                onChange={() => setErrors((current) => ({ ...current, course: undefined, form: undefined }))}
              >
                <option value="">
                  {courses.isPending ? "Loading your courses…" : courses.data?.length ? "Choose a course" : "You have no finished courses"}
                </option>
                {courses.data?.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.title}
                  </option>
                ))}
              </Select>
              {courses.isError ? <p className="text-sm text-muted-foreground">Your courses could not be loaded: paste a course&apos;s link instead.</p> : null}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.ref}>Or a public course&apos;s link or number</Label>
              <Input
                id={ids.ref}
                name="courseRef"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://…/course/42"
                onChange={() => setErrors((current) => ({ ...current, course: undefined, form: undefined }))}
              />
            </div>
          </div>
          {fieldError(ids.course, errors.course)}
          <div className="grid content-start gap-2 sm:max-w-56">
            <Label htmlFor={ids.due}>Due date (optional)</Label>
            <Input
              id={ids.due}
              name="dueDay"
              type="date"
              min={localDay(now)}
              {...described(ids.due, errors.dueAt)}
              onChange={() => setErrors((current) => ({ ...current, dueAt: undefined }))}
            />
            {fieldError(ids.due, errors.dueAt)}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.note}>Note for the class (optional)</Label>
            <Textarea
              id={ids.note}
              name="note"
              rows={3}
              dir="auto"
              maxLength={ASSIGNMENT_NOTE_MAX_LENGTH}
              placeholder="e.g. Watch up to the quiz on recursion before Thursday"
              className="min-h-20"
              {...described(ids.note, errors.note)}
            />
            {fieldError(ids.note, errors.note)}
          </div>
          <FormError message={errors.form ?? null} />
          <Button type="submit" disabled={assign.isPending} className="justify-self-start">
            {assign.isPending ? <Spinner tone="current" /> : null}
            Assign
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

// ——— The invitation ———

function InviteCard({ cls }: { cls: ClassView }) {
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

// ——— The members ———

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

function MembersCard({ cls }: { cls: ClassView }) {
  const members = cls.members ?? [];
  return (
    <Card data-testid="members-card">
      <CardHeader>
        <CardTitle as="h2">Members</CardTitle>
        <CardDescription>
          {cls.role === "owner" ? "Make a member a teacher to let them assign courses and see the dashboard." : "The owner decides who teaches."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Members" className="max-h-[28rem] divide-y overflow-y-auto rounded-md border">
          {members.map((member) => (
            <MemberRow key={member.userId} cls={cls} member={member} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

// ——— The owner's settings ———

function OwnerSettings({ cls }: { cls: ClassView }) {
  const router = useRouter();
  const utils = api.useUtils();
  const refresh = useRefreshClass(cls.id);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const update = api.classes.update.useMutation({
    onSuccess({ class: updated }, input) {
      if (input.name !== undefined) toast({ title: "Class renamed", description: `It is now “${updated.name}”.` });
      else
        toast({
          title: updated.archived ? "Class archived" : "Class unarchived",
          description: updated.archived ? "It is read-only now." : "It can change again.",
        });
      utils.classes.byId.setData({ id: cls.id }, { class: updated });
      refresh();
    },
    onError(failure, input) {
      const message = fieldErrors(failure, ["name"]).name ?? failureText(failure, "Please try again.");
      if (input.name !== undefined) setNameError(message);
      else toast({ variant: "destructive", title: "Could not change the class", description: message });
    },
  });
  const remove = api.classes.delete.useMutation({
    onSuccess() {
      toast({ title: "Class deleted", description: `“${cls.name}” and its assignments are gone; its members keep their own progress.` });
      void utils.classes.mine.invalidate();
      void utils.assignments.mine.invalidate();
      void utils.classes.byId.invalidate({ id: cls.id }, { refetchType: "none" });
      router.push("/classes");
    },
    onError: (failure) => toast({ variant: "destructive", title: "Could not delete the class", description: failureText(failure, "Please try again.") }),
  });

  function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = formText(new FormData(event.currentTarget), "name").trim();
    if (!name) {
      setNameError("Please give the class a name");
      return;
    }
    setNameError(null);
    if (name !== cls.name) update.mutate({ id: cls.id, name });
  }

  return (
    <Card data-testid="class-settings">
      <CardHeader>
        <CardTitle as="h2">Class settings</CardTitle>
        <CardDescription>Only you, the owner, can rename, archive or delete the class.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {cls.archived ? null : (
          <form onSubmit={onRename} noValidate className="grid gap-3" aria-label="Rename the class">
            <FormField
              id={nameId}
              name="name"
              label="Name"
              defaultValue={cls.name}
              maxLength={CLASS_NAME_MAX_LENGTH}
              aria-required="true"
              autoComplete="off"
              error={nameError ?? undefined}
              onChange={() => setNameError(null)}
            />
            <Button type="submit" variant="outline" disabled={update.isPending} className="justify-self-start">
              Rename
            </Button>
          </form>
        )}
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted-foreground">
            {cls.archived
              ? "Unarchive it to assign, invite and change members again."
              : "An archived class is read-only: no new members, assignments or changes."}
          </p>
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: cls.id, archived: !cls.archived })}>
            {cls.archived ? "Unarchive class" : "Archive class"}
          </Button>
        </div>
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted-foreground">Deleting removes the class and its assignments. Members keep their own progress, notes and cards.</p>
          <ConfirmAction
            label="Delete class"
            question={`Delete “${cls.name}” for everyone?`}
            confirmLabel="Delete class"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ id: cls.id })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

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
