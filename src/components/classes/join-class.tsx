"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";

import { PageContainer } from "~/components/layout/page-container";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Lock } from "~/components/ui/icons/lock";
import { CenteredSpinner, Spinner } from "~/components/ui/spinner";
import { failureText, isRateLimited } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { FormError } from "./states";

/** What joining shows a class's teachers, and what it never does: said before the learner confirms. */
function TeacherVisibility() {
  return (
    <section aria-labelledby="teacher-visibility-title" className="grid gap-2 rounded-lg border bg-muted/50 p-4 text-sm" data-testid="teacher-visibility">
      <h3 id="teacher-visibility-title" className="flex items-center gap-2 font-semibold">
        <Lock aria-hidden="true" className="size-4" />
        What your teachers see
      </h3>
      <p>
        Your teachers see your username, your progress and quiz answers on the courses they assign, and when you were last active on them. They never see your
        notes, chat, flashcards, API tokens, other courses or e-mail address.
      </p>
      <p className="text-muted-foreground">You can leave the class at any time.</p>
    </section>
  );
}

function CannotJoin({ message, rateLimited }: { message: string; rateLimited: boolean }) {
  return (
    <PageContainer title="Cannot join this class">
      <div className="grid justify-items-start gap-4">
        <p role="alert" className="font-medium" data-testid="join-error">
          {message}
        </p>
        {rateLimited ? null : <p className="text-sm text-muted-foreground">Check that you opened the whole link your teacher sent.</p>}
        <Link href="/classes" className={buttonVariants({ variant: "outline" })}>
          Go to your classes
        </Link>
      </div>
    </PageContainer>
  );
}

/** /join/{code}: the class the code joins, who teaches it and what they will see; the learner confirms, then lands on the class. */
export function JoinClass({ code }: { code: string }) {
  const router = useRouter();
  const utils = api.useUtils();
  const preview = api.classes.preview.useQuery({ code });
  const join = api.classes.join.useMutation({
    onSuccess({ class: joined }) {
      void utils.classes.mine.invalidate();
      void utils.assignments.mine.invalidate();
      router.push(`/classes/${joined.id}`);
    },
  });

  if (preview.isPending) return <CenteredSpinner label="Loading the invitation" />;
  if (preview.isError) {
    return (
      <CannotJoin message={failureText(preview.error, "This invitation could not be read. Please try again.")} rateLimited={isRateLimited(preview.error)} />
    );
  }

  const { class: found, alreadyMember } = preview.data;
  const teachers = found.teachers.length > 0 ? found.teachers.join(", ") : null;
  const joinError = join.isError ? failureText(join.error, "Could not join the class. Please try again.") : null;

  return (
    <PageContainer title="Join a class" description={<p>Check the class before you join it.</p>}>
      <Card className="max-w-2xl" data-testid="join-preview">
        <CardHeader>
          <CardTitle as="h2" className="text-2xl break-words" dir="auto">
            {found.name}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Owner</dt>
            <dd className="break-words" data-testid="join-owner">
              {found.owner}
            </dd>
            <dt className="text-muted-foreground">Teachers</dt>
            <dd className="break-words">{teachers ?? "The owner only"}</dd>
            <dt className="text-muted-foreground">Members</dt>
            <dd>{found.memberCount.toLocaleString("en-US")}</dd>
          </dl>
          <TeacherVisibility />
          {alreadyMember ? (
            <p className="text-sm font-medium" data-testid="join-already-member">
              You are already a member of this class.
            </p>
          ) : null}
          <FormError message={joinError} />
          <div className="flex flex-wrap gap-2">
            <Button disabled={join.isPending} onClick={() => join.mutate({ code })}>
              {join.isPending ? <Spinner tone="current" /> : null}
              {alreadyMember ? "Open the class" : "Join class"}
            </Button>
            <Link href="/classes" className={buttonVariants({ variant: "ghost" })}>
              Not now
            </Link>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
