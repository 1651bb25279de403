"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";

import { fieldErrors } from "~/components/auth/field-errors";
import { FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import type { ClassView } from "~/lib/schemas/classes";
import { api } from "~/trpc/react";

import { ConfirmAction } from "./confirm-action";
import { useRefreshClass } from "./use-refresh-class";
import { CLASS_NAME_MAX_LENGTH } from "~/lib/rules/classes";

/** The owner's settings: rename, archive or delete the class. */
export function OwnerSettings({ cls }: { cls: ClassView }) {
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
