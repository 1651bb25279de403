"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { fieldErrors } from "~/components/auth/field-errors";
import { FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import type { ClassRole } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { AssignmentList } from "./assignment-item";
import { ArchivedBadge, RoleBadge } from "./badges";
import { inviteCodeFrom, membersText } from "./format";
import { EmptyNote, LoadFailed, LoadingRow } from "./states";
import { useMinuteClock } from "./use-now";
import { CLASS_NAME_MAX_LENGTH } from "~/lib/rules/classes";

type ClassSummary = { id: number; name: string; role: ClassRole; archived: boolean; memberCount: number };

function ClassRow({ item }: { item: ClassSummary }) {
  return (
    <li data-testid="class-row" data-class-id={item.id}>
      <Link
        href={`/classes/${item.id}`}
        className="flex flex-col gap-1 p-4 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset sm:flex-row sm:items-center sm:justify-between"
      >
        <span className="min-w-0 font-semibold break-words" dir="auto">
          {item.name}
        </span>
        <span className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <RoleBadge role={item.role} />
          <span>{membersText(item.memberCount)}</span>
          {item.archived ? <ArchivedBadge /> : null}
        </span>
      </Link>
    </li>
  );
}

function MyClasses() {
  const classes = api.classes.mine.useQuery();
  if (classes.isPending) return <LoadingRow label="Loading your classes" />;
  if (classes.isError) return <LoadFailed what="your classes" message={failureText(classes.error)} onRetry={() => void classes.refetch()} />;
  if (classes.data.classes.length === 0) {
    return (
      <EmptyNote testId="classes-empty">You are in no class yet. Create one for your learners, or join one with the code your teacher gave you.</EmptyNote>
    );
  }
  return (
    <ul aria-label="Your classes" className="divide-y overflow-hidden rounded-lg border bg-card text-card-foreground">
      {classes.data.classes.map((item) => (
        <ClassRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function MyAssignments() {
  const assignments = api.assignments.mine.useQuery();
  const now = useMinuteClock();
  if (assignments.isPending) return <LoadingRow label="Loading your assignments" />;
  if (assignments.isError) return <LoadFailed what="your assignments" message={failureText(assignments.error)} onRetry={() => void assignments.refetch()} />;
  if (assignments.data.assignments.length === 0) {
    return <EmptyNote testId="assignments-empty">No assignments yet: the courses your teachers assign show here, soonest due first.</EmptyNote>;
  }
  return <AssignmentList assignments={assignments.data.assignments} now={now} showClass label="Your assignments" />;
}

function CreateClassForm() {
  const router = useRouter();
  const utils = api.useUtils();
  const [error, setError] = useState<string | null>(null);
  const create = api.classes.create.useMutation({
    onSuccess({ class: created }) {
      void utils.classes.mine.invalidate();
      router.push(`/classes/${created.id}`);
    },
    onError(failure) {
      setError(fieldErrors(failure, ["name"]).name ?? failureText(failure, "Could not create the class. Please try again."));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = formText(new FormData(event.currentTarget), "name").trim();
    if (!name) {
      setError("Please give the class a name");
      return;
    }
    if (name.length > CLASS_NAME_MAX_LENGTH) {
      setError(`A class name can be at most ${CLASS_NAME_MAX_LENGTH} characters`);
      return;
    }
    setError(null);
    create.mutate({ name });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create a class">
      <FormField
        id="class-name"
        name="name"
        label="Class name"
        maxLength={CLASS_NAME_MAX_LENGTH}
        aria-required="true"
        autoComplete="off"
        placeholder="e.g. Algorithms, spring term"
        error={error ?? undefined}
        onChange={() => setError(null)}
      />
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? <Spinner tone="current" /> : null}
        Create class
      </Button>
    </form>
  );
}

function JoinCodeForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = inviteCodeFrom(formText(new FormData(event.currentTarget), "code"));
    if (!code) {
      setError("Please enter an invite code or link");
      return;
    }
    router.push(`/join/${encodeURIComponent(code)}`);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Join with a code">
      <FormField
        id="join-code"
        name="code"
        label="Invite code or link"
        aria-required="true"
        autoComplete="off"
        spellCheck={false}
        error={error ?? undefined}
        onChange={() => setError(null)}
      />
      <Button type="submit" variant="outline" className="justify-self-start">
        Continue
      </Button>
    </form>
  );
}

/** /classes: the classes I am in, the courses assigned to me, and forms to create or join a class. */
export function ClassesView() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-8">
        <section aria-labelledby="my-classes-title" className="grid gap-3">
          <h2 id="my-classes-title" className="text-xl font-semibold">
            Your classes
          </h2>
          <MyClasses />
        </section>
        <section aria-labelledby="my-assignments-title" className="grid gap-3">
          <h2 id="my-assignments-title" className="text-xl font-semibold">
            Your assignments
          </h2>
          <MyAssignments />
        </section>
      </div>
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Create a class</CardTitle>
            <CardDescription>You will be its owner: invite learners with a link, assign courses and see what the class missed.</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateClassForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Join with a code</CardTitle>
            <CardDescription>Your teacher&apos;s invite code, or the whole link.</CardDescription>
          </CardHeader>
          <CardContent>
            <JoinCodeForm />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
