"use client";

import { useId, useState, type FormEvent } from "react";

import { fieldErrors } from "~/components/auth/field-errors";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { type AssignErrors, checkAssignment } from "./assign-check";
import { localDay } from "./format";
import { FormError } from "./states";
import { useMinuteClock } from "./use-now";
import { ASSIGNMENT_NOTE_MAX_LENGTH } from "~/lib/rules/classes";

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
    const { errors: next, courseId, dueAt, note } = checkAssignment(new FormData(event.currentTarget));
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
