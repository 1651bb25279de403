"use client";

import { type FormEvent, type ReactNode, useId, useState } from "react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import type { RouterOutputs } from "~/trpc/react";

import { useMomentLabel } from "../course-text";
import { SectionContent } from "../section-content";
import { formatTime } from "../section-navigation";

import { parseMoment } from "./edit-words";
import { COURSE_DESCRIPTION_MAX_LENGTH, COURSE_TITLE_MAX_LENGTH, SECTION_CONTENT_MAX_LENGTH } from "~/lib/rules/editing";

type CourseDetail = RouterOutputs["course"]["byId"];

/** An onSubmit that keeps the page and runs the handler. */
export function submitting(handler: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    handler();
  };
}

export function Field({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** The course's title and description. */
export function CourseFields({
  detail,
  busy,
  onSave,
}: {
  detail: CourseDetail;
  busy: boolean;
  onSave: (fields: { title?: string; description?: string }) => void;
}) {
  const [title, setTitle] = useState(detail.course.title);
  const [description, setDescription] = useState(detail.course.description ?? "");
  const titleId = useId();
  const descriptionId = useId();
  const changed = {
    ...(title !== detail.course.title ? { title } : {}),
    ...(description !== (detail.course.description ?? "") ? { description } : {}),
  };
  return (
    <form className="grid gap-3" onSubmit={submitting(() => onSave(changed))} aria-label="Course">
      <Field id={titleId} label="Course title">
        <Input id={titleId} value={title} maxLength={COURSE_TITLE_MAX_LENGTH} required onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field id={descriptionId} label="Course description">
        <Textarea
          id={descriptionId}
          rows={3}
          value={description}
          maxLength={COURSE_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={busy || Object.keys(changed).length === 0}>
          Save course
        </Button>
      </div>
    </form>
  );
}

/** One title (the chapter's) and its save button. */
export function TitleForm({ label, initial, busy, onSave }: { label: string; initial: string; busy: boolean; onSave: (title: string) => void }) {
  const [title, setTitle] = useState(initial);
  const id = useId();
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submitting(() => onSave(title))} aria-label={label}>
      <div className="min-w-0 flex-1">
        <Field id={id} label={label}>
          <Input id={id} value={title} maxLength={COURSE_TITLE_MAX_LENGTH} required onChange={(event) => setTitle(event.target.value)} />
        </Field>
      </div>
      <Button type="submit" size="sm" disabled={busy || title.trim() === "" || title === initial}>
        Save {label.toLowerCase()}
      </Button>
    </form>
  );
}

type EditableSection = { id: number; title: string; content: string };

/** The section's title and its Markdown content, written or previewed. */
export function SectionFields({
  section,
  busy,
  onSave,
}: {
  section: EditableSection;
  busy: boolean;
  onSave: (fields: { title?: string; content?: string }) => void;
}) {
  const [title, setTitle] = useState(section.title);
  const [content, setContent] = useState(section.content);
  const titleId = useId();
  const contentId = useId();
  const changed = { ...(title !== section.title ? { title } : {}), ...(content !== section.content ? { content } : {}) };
  return (
    <form className="grid gap-3" onSubmit={submitting(() => onSave(changed))} aria-label="Section">
      <Field id={titleId} label="Section title">
        <Input id={titleId} value={title} maxLength={COURSE_TITLE_MAX_LENGTH} required onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Tabs defaultValue="write">
        <TabsList aria-label="Write or preview the content">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="mt-2">
          <Field
            id={contentId}
            label="Section content"
            hint={`Markdown; [m:ss] becomes a link to that moment. ${content.length.toLocaleString()} / ${SECTION_CONTENT_MAX_LENGTH.toLocaleString()} characters.`}
          >
            <Textarea
              id={contentId}
              className="font-mono"
              rows={12}
              value={content}
              maxLength={SECTION_CONTENT_MAX_LENGTH}
              onChange={(event) => setContent(event.target.value)}
            />
          </Field>
        </TabsContent>
        <TabsContent value="preview" className="mt-2 rounded-md border bg-background p-3" data-testid="content-preview">
          <SectionContent content={content} onSeek={() => undefined} />
        </TabsContent>
      </Tabs>
      <div>
        <Button type="submit" size="sm" disabled={busy || Object.keys(changed).length === 0 || title.trim() === "" || content.trim() === ""}>
          Save section
        </Button>
      </div>
    </form>
  );
}

/** A typed start: m:ss in the section's own video. */
export function StartForm({ start, videoOffset, onMove }: { start: number; videoOffset: number; onMove: (seconds: number) => void }) {
  const moment = useMomentLabel();
  const [text, setText] = useState(() => formatTime(start - videoOffset));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Section start"
      onSubmit={submitting(() => {
        const seconds = parseMoment(text);
        if (seconds === null) return setError("Type a time as m:ss, for example 3:05");
        setError(null);
        onMove(videoOffset + seconds);
      })}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Starts at (m:ss)</Label>
        <Input
          id={id}
          className="w-28 font-mono"
          value={text}
          inputMode="numeric"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" size="sm">
        Move start
      </Button>
      {error ? (
        <p id={`${id}-error`} className="basis-full text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p className="basis-full text-xs text-muted-foreground">Now {moment(start)}.</p>
      )}
    </form>
  );
}
