"use client";

import { useEffect, useId, useState, type FormEvent } from "react";

import { endOfLocalDay, localDay } from "~/components/classes/format";
import { FormError } from "~/components/classes/states";
import { useMinuteClock } from "~/components/classes/use-now";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Thumbnail } from "~/components/ui/thumbnail";
import { failureText } from "~/lib/failure-text";
import { LTI_MESSAGES, LTI_PICKER_QUERY_MAX_LENGTH } from "~/lib/rules/lti";
import type { LtiPicker, PickableCourse } from "~/lib/schemas/lti";
import { api } from "~/trpc/react";

/** Where the pick goes: a form post, so that the answer (a page posting to the LMS) replaces this one in the LMS's frame. */
const ANSWER_PATH = "/api/lti/deep-link";
/** How long typing pauses before the list is searched again. */
const SEARCH_DELAY_MS = 250;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The deep-linking picker: a teacher who chose "add content" in their LMS picks one of their
 * finished courses, or a public one, and maybe a due day; the form posts { launchId, courseId,
 * dueAt } to /api/lti/deep-link, whose answer sends the link back to the LMS.
 */
export function DeepLinkPicker({ initial }: { initial: LtiPicker }) {
  const launchId = initial.launch.id;
  const [query, setQuery] = useState("");
  const settled = useSettled(query.trim(), SEARCH_DELAY_MS);
  const picker = api.lti.picker.useQuery(settled ? { launchId, q: settled } : { launchId }, {
    initialData: settled ? undefined : initial,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
  const [selected, setSelected] = useState<PickableCourse | null>(null);
  const [dueAt, setDueAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const now = useMinuteClock();
  const ids = { search: useId(), due: useId(), error: useId() };

  const data = picker.data ?? initial;
  const state = data.launch.state;
  const heading = data.launch.contextTitle ? `Add a course to ${data.launch.contextTitle}` : "Add a CourseCraft course";

  if (state !== "open") {
    return (
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold tracking-tight">{heading}</h1>
        </CardHeader>
        <CardContent>
          <p role="status" data-testid="picker-closed">
            {state === "used" ? LTI_MESSAGES.launchUsed : LTI_MESSAGES.launchExpired}
          </p>
        </CardContent>
      </Card>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const day = new FormData(event.currentTarget).get("dueDay");
    const due = typeof day === "string" && day ? endOfLocalDay(day) : "";
    if (sending) return event.preventDefault();
    if (!selected) {
      event.preventDefault();
      setError("Choose a course to add.");
      return;
    }
    if (due === null) {
      event.preventDefault();
      setError("Pick a day such as 2026-12-24, or leave the due date empty.");
      return;
    }
    // Not prevented: the form posts itself, its answer being a page and not data.
    setError(null);
    setSending(true);
  }

  const lists = [
    { key: "own", title: "Your courses", courses: data.own, empty: settled ? "None of your finished courses matches." : "You have no finished courses yet." },
    {
      key: "public",
      title: "Public courses",
      courses: data.public,
      empty: settled ? "No public course matches." : "No other learner has shared a course yet.",
    },
  ] as const;
  const shownIds = new Set([...data.own, ...data.public].map((course) => course.id));

  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl leading-tight font-semibold tracking-tight">{heading}</h1>
        <CardDescription>
          Pick a course: your LMS gets a link to it, and everyone who opens the link there lands in it, with their progress in the class.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={ids.search}>Find a course</Label>
          <Input
            id={ids.search}
            type="search"
            value={query}
            maxLength={LTI_PICKER_QUERY_MAX_LENGTH}
            autoComplete="off"
            placeholder="Words of its title"
            onChange={(event) => setQuery(event.target.value)}
          />
          <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite">
            {picker.isFetching ? "Searching…" : picker.isError ? failureText(picker.error, "The list could not be searched. Please try again.") : ""}
          </p>
        </div>
        <form method="post" action={ANSWER_PATH} onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Add a course" data-testid="picker-form">
          <input type="hidden" name="launchId" value={launchId} />
          <input type="hidden" name="dueAt" value={dueAt} />
          {selected && !shownIds.has(selected.id) ? <input type="hidden" name="courseId" value={selected.id} /> : null}
          {lists.map((list) => (
            <fieldset key={list.key} className="grid min-w-0 gap-2" aria-describedby={error ? ids.error : undefined}>
              <legend className="mb-2 text-sm font-semibold">{list.title}</legend>
              {list.courses.length === 0 ? (
                <p className="rounded-lg border border-dashed px-4 py-4 text-sm text-muted-foreground">{list.empty}</p>
              ) : (
                <ul className="grid max-h-80 gap-2 overflow-y-auto" data-testid={`picker-${list.key}`}>
                  {list.courses.map((course) => (
                    <li key={course.id}>
                      <label className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                        <input
                          type="radio"
                          name="courseId"
                          value={course.id}
                          checked={selected?.id === course.id}
                          onChange={() => {
                            setSelected(course);
                            setError(null);
                          }}
                          className="size-4 shrink-0 accent-primary"
                        />
                        <Thumbnail src={course.thumbnailUrl} width={64} height={36} className="hidden h-9 w-16 shrink-0 rounded sm:flex" />
                        <span className="grid min-w-0 gap-0.5">
                          <span className="font-medium break-words" dir="auto">
                            {course.title}
                          </span>
                          <span className="text-xs text-muted-foreground">
                            {course.isPublic ? "Public" : "Private"} · {course.language.toUpperCase()}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          ))}
          <div className="grid content-start gap-2 sm:max-w-56">
            <Label htmlFor={ids.due}>Due date (optional)</Label>
            <Input
              id={ids.due}
              name="dueDay"
              type="date"
              min={localDay(now)}
              onChange={(event) => {
                setDueAt(event.target.value ? (endOfLocalDay(event.target.value) ?? "") : "");
                setError(null);
              }}
            />
          </div>
          <FormError id={ids.error} message={error} />
          <div className="grid gap-3 sm:flex sm:items-center">
            <Button type="submit" disabled={sending} className="justify-self-start">
              {sending ? <Spinner tone="current" /> : null}
              Add this course
            </Button>
            <p className="min-w-0 text-sm break-words text-muted-foreground" aria-live="polite" data-testid="picker-selection">
              {selected ? `Selected: ${selected.title}` : "Choose a course above."}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
