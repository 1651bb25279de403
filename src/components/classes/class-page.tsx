"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense } from "react";

import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { AssignmentView } from "~/lib/schemas/assignments";
import type { ClassView } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { AssignmentList } from "./assignment-item";
import { ArchivedBadge, RoleBadge } from "./badges";
import { ConfirmAction } from "./confirm-action";
import { canManage } from "~/lib/class-roles";

import { membersText } from "./format";
import { EmptyNote, LoadFailed, LoadingRow } from "./states";
import { useMinuteClock } from "./use-now";

// What only the owner and teachers use loads with them: a member downloads none of it.
const ClassDashboard = lazy(() => import("./class-dashboard"));
const AssignForm = lazy(() => import("./assign-form").then((module) => ({ default: module.AssignForm })));
const ClassManagement = lazy(() => import("./class-manage").then((module) => ({ default: module.ClassManagement })));

function ClassNotFound() {
  return (
    <PageContainer title="Class Not Found" description={<p>This class does not exist, or you are not in it.</p>}>
      <Link href="/classes" className={buttonVariants()}>
        Go to your classes
      </Link>
    </PageContainer>
  );
}

function PanelLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-6">
      <Spinner label={label} />
    </div>
  );
}

/** Who runs the class and who you are in it. */
function ClassFacts({ cls }: { cls: ClassView }) {
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <span>You are:</span>
        <RoleBadge role={cls.role} />
        <span aria-hidden="true">·</span>
        <span>{membersText(cls.memberCount)}</span>
        {cls.archived ? <ArchivedBadge /> : null}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt>Owner</dt>
        <dd className="font-medium break-words text-foreground" data-testid="class-owner">
          {cls.owner.username}
        </dd>
        <dt>Teachers</dt>
        <dd className="break-words text-foreground" data-testid="class-teachers">
          {cls.teachers.length > 0 ? cls.teachers.map((teacher) => teacher.username).join(", ") : "The owner only"}
        </dd>
      </dl>
    </div>
  );
}

function DeleteAssignment({ classId, assignment }: { classId: number; assignment: AssignmentView }) {
  const utils = api.useUtils();
  const remove = api.assignments.delete.useMutation({
    onSuccess() {
      toast({ title: "Assignment deleted", description: `“${assignment.title}” is no longer assigned to the class.` });
      void utils.classes.assignments.invalidate({ id: classId });
      void utils.classes.dashboard.invalidate({ id: classId });
      void utils.assignments.mine.invalidate();
    },
    onError(error) {
      toast({ variant: "destructive", title: "Could not delete the assignment", description: failureText(error, "Please try again.") });
    },
  });
  return (
    <ConfirmAction
      label="Delete"
      ariaLabel={`Delete the assignment ${assignment.title}`}
      question="Members lose access to it if it is private."
      confirmLabel="Delete assignment"
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ id: assignment.id })}
    />
  );
}

function ClassAssignments({ cls }: { cls: ClassView }) {
  const assignments = api.classes.assignments.useQuery({ id: cls.id });
  const now = useMinuteClock();
  const manager = canManage(cls.role);
  const editable = manager && !cls.archived;

  let list;
  if (assignments.isPending) list = <LoadingRow label="Loading the assignments" />;
  else if (assignments.isError)
    list = <LoadFailed what="the assignments" message={failureText(assignments.error)} onRetry={() => void assignments.refetch()} />;
  else if (assignments.data.assignments.length === 0)
    list = (
      <EmptyNote testId="class-assignments-empty">
        {manager ? "Nothing is assigned yet: assign a course below and each member sees it with its due date." : "Nothing is assigned yet."}
      </EmptyNote>
    );
  else
    list = (
      <AssignmentList
        assignments={assignments.data.assignments}
        now={now}
        label="Assignments"
        actions={editable ? (assignment) => <DeleteAssignment classId={cls.id} assignment={assignment} /> : undefined}
      />
    );

  return (
    <section aria-labelledby="class-assignments-title" className="grid gap-3">
      <h2 id="class-assignments-title" className="text-xl font-semibold">
        Assignments
      </h2>
      {list}
      {editable ? (
        <Suspense fallback={<PanelLoading label="Loading the assignment form" />}>
          <AssignForm classId={cls.id} />
        </Suspense>
      ) : null}
    </section>
  );
}

function LeaveClass({ cls }: { cls: ClassView }) {
  const router = useRouter();
  const utils = api.useUtils();
  const leave = api.classes.leave.useMutation({
    onSuccess() {
      toast({ title: "You left the class", description: `You are no longer in “${cls.name}”.` });
      void utils.classes.mine.invalidate();
      void utils.assignments.mine.invalidate();
      // What this page and its courses loaded is no longer theirs to see: read again on the next visit, not from the cache.
      void utils.classes.byId.invalidate({ id: cls.id }, { refetchType: "none" });
      void utils.classes.assignments.invalidate({ id: cls.id }, { refetchType: "none" });
      void utils.course.byId.invalidate(undefined, { refetchType: "none" });
      router.push("/classes");
    },
    onError(error) {
      toast({ variant: "destructive", title: "Could not leave the class", description: failureText(error, "Please try again.") });
    },
  });
  return (
    <section aria-labelledby="leave-class-title" className="grid justify-items-start gap-2 border-t pt-6">
      <h2 id="leave-class-title" className="text-sm font-medium">
        Leave the class
      </h2>
      <p className="text-sm text-muted-foreground">
        You keep your own progress, notes and cards; courses assigned here that are private to their author close to you.
      </p>
      <ConfirmAction
        label="Leave class"
        question={`Leave “${cls.name}”?`}
        confirmLabel="Leave now"
        pending={leave.isPending}
        onConfirm={() => leave.mutate({ id: cls.id })}
        testId="leave-class"
      />
    </section>
  );
}

/** /classes/{id}: the class, its assignments with my progress; for its owner and teachers the invitation, the members, the dashboard. */
export function ClassPage({ classId }: { classId: number }) {
  const query = api.classes.byId.useQuery({ id: classId });

  if (query.isPending) return <PageContainer title="Class">{<PanelLoading label="Loading the class" />}</PageContainer>;
  if (query.isError) {
    if (query.error.data?.httpStatus === 404) return <ClassNotFound />;
    return (
      <PageContainer title="Class">
        <LoadFailed what="the class" message={failureText(query.error)} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }

  const cls = query.data.class;
  const manager = canManage(cls.role);

  return (
    <PageContainer title={cls.name} className="max-w-6xl" description={<ClassFacts cls={cls} />}>
      <div className="grid gap-10">
        {cls.archived ? (
          <p className="rounded-lg border border-dashed p-4 text-sm" data-testid="class-archived-notice">
            This class is archived: it is read-only. Its assignments and progress stay as they are; nothing can be assigned or changed
            {cls.role === "owner" ? " until you unarchive it." : " until its owner unarchives it."}
          </p>
        ) : null}
        {manager ? (
          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <ClassAssignments cls={cls} />
            <Suspense fallback={<PanelLoading label="Loading the class's settings" />}>
              <ClassManagement cls={cls} />
            </Suspense>
          </div>
        ) : (
          <ClassAssignments cls={cls} />
        )}
        {manager ? (
          <Suspense fallback={<PanelLoading label="Loading the class's progress" />}>
            <ClassDashboard classId={cls.id} />
          </Suspense>
        ) : null}
        {cls.role === "owner" ? null : <LeaveClass cls={cls} />}
      </div>
    </PageContainer>
  );
}
