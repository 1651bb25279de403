"use client";

import { useState, type FormEvent } from "react";

import { FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";
import { MAX_DESIRED_RETENTION, MIN_DESIRED_RETENTION } from "~/lib/rules/cards";

const MIN_PERCENT = Math.round(MIN_DESIRED_RETENTION * 100);
const MAX_PERCENT = Math.round(MAX_DESIRED_RETENTION * 100);

/** The learner's desired retention for spaced review, as a percentage (70-99). */
export function ReviewRetentionCard() {
  const settings = api.review.settings.useQuery();
  const utils = api.useUtils();
  const [error, setError] = useState<string | undefined>();
  const update = api.review.updateSettings.useMutation({
    onSuccess(saved) {
      utils.review.settings.setData(undefined, saved);
      void utils.review.queue.invalidate();
      toast({ title: "Review setting saved", description: `Cards are now scheduled for ${Math.round(saved.desiredRetention * 100)}% recall.` });
    },
    onError(failure) {
      toast({ variant: "destructive", title: "Could not save the setting", description: failureText(failure, "Please try again.") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const percent = Number(new FormData(event.currentTarget).get("retention"));
    if (!Number.isFinite(percent) || percent < MIN_PERCENT || percent > MAX_PERCENT) {
      setError(`Choose a number from ${MIN_PERCENT} to ${MAX_PERCENT}`);
      return;
    }
    setError(undefined);
    update.mutate({ desiredRetention: percent / 100 });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Spaced review</CardTitle>
        <CardDescription>
          How likely you want to be to remember a card when it comes back. Higher means more frequent reviews; 90% suits most learners.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[12rem_auto] sm:items-end" aria-label="Spaced review setting">
            <FormField
              key={settings.data.desiredRetention}
              id="desired-retention"
              label="Desired retention (%)"
              name="retention"
              type="number"
              inputMode="numeric"
              min={MIN_PERCENT}
              max={MAX_PERCENT}
              step={1}
              defaultValue={Math.round(settings.data.desiredRetention * 100)}
              error={error}
            />
            <Button type="submit" disabled={update.isPending} className="justify-self-start">
              {update.isPending ? <Spinner tone="current" /> : null}
              Save
            </Button>
          </form>
        ) : (
          <Spinner label="Loading your review setting" />
        )}
      </CardContent>
    </Card>
  );
}
