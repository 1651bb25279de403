"use client";

import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { type Note } from "~/lib/schemas/notes";
import { activeLineIndex } from "~/lib/transcript";
import { api } from "~/trpc/react";

import { useMomentLabel } from "../course-text";

import { NoteMarkdown } from "./note-markdown";
import { NOTE_TEXT_MAX_LENGTH } from "~/lib/rules/notes";

/** A request from the player to write a note at a moment ('Add note' or the key N); `nonce` tells two requests apart. */
export type ComposeRequest = { seconds: number; nonce: number };

export type NotesPanelProps = {
  courseId: number;
  onSeek: (seconds: number) => void;
  compose: ComposeRequest | null;
  onComposeDone: () => void;
  /** Extra actions shown on each note (e.g. making a card from it); none by default. */
  noteActions?: (note: Note) => ReactNode;
  className?: string;
};

/** The learner's notes at moments of the video, in time order: write, seek, edit, delete. */
export default function NotesPanel({ courseId, onSeek, compose, onComposeDone, noteActions, className }: NotesPanelProps) {
  const notes = api.notes.list.useQuery({ id: courseId });
  const list = notes.data?.notes ?? [];

  return (
    <div className={cn("flex min-h-0 flex-col gap-3", className)} data-testid="notes-panel">
      {compose ? <NoteComposer key={compose.nonce} courseId={courseId} seconds={compose.seconds} onDone={onComposeDone} /> : null}
      {notes.isPending ? (
        <Spinner label="Loading notes" />
      ) : notes.isError ? (
        <p className="text-sm text-destructive">Your notes could not be loaded: {failureText(notes.error)}</p>
      ) : list.length === 0 && !compose ? (
        <p className="text-sm text-muted-foreground">No notes yet. Press N or “Add note” while watching to note a moment.</p>
      ) : (
        <ol aria-label="Your notes" className="grid min-h-0 gap-2 overflow-y-auto">
          {list.map((note) => (
            <NoteItem key={note.id} note={note} courseId={courseId} onSeek={onSeek} actions={noteActions} />
          ))}
        </ol>
      )}
    </div>
  );
}

function useInvalidateNotes(courseId: number) {
  const utils = api.useUtils();
  return () => utils.notes.list.invalidate({ id: courseId });
}

function NoteComposer({ courseId, seconds, onDone }: { courseId: number; seconds: number; onDone: () => void }) {
  const momentAt = useMomentLabel();
  const transcript = api.transcript.byCourse.useQuery({ id: courseId }, { staleTime: Infinity });
  const line = useMemo(() => {
    const segments = transcript.data?.segments ?? [];
    return segments[activeLineIndex(segments, seconds)]?.text ?? null;
  }, [transcript.data, seconds]);
  const [text, setText] = useState("");
  const [quote, setQuote] = useState(false);
  const invalidate = useInvalidateNotes(courseId);
  const create = api.notes.create.useMutation({
    onSuccess() {
      void invalidate();
      onDone();
    },
    onError(error) {
      toast({ variant: "destructive", title: "The note was not saved", description: failureText(error) });
    },
  });
  const textId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);

  return (
    <form
      aria-label="New note"
      className="grid gap-2 rounded-md border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ id: courseId, timeSeconds: seconds, text, quote: quote && line ? line : null });
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone();
      }}
    >
      <label htmlFor={textId} className="text-sm font-medium">
        Note at <span className="font-mono">{momentAt(seconds)}</span>
      </label>
      <Textarea
        ref={ref}
        id={textId}
        dir="auto"
        value={text}
        maxLength={NOTE_TEXT_MAX_LENGTH}
        required
        rows={4}
        onChange={(event) => setText(event.target.value)}
        placeholder="Markdown works: **bold**, lists, links"
      />
      {line ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={quote} onChange={(event) => setQuote(event.target.checked)} className="mt-1" />
          <span>
            Quote the current line <span className="text-muted-foreground">“{line}”</span>
          </span>
        </label>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={create.isPending || text.trim() === ""}>
          Save note
        </Button>
      </div>
    </form>
  );
}

function NoteItem({
  note,
  courseId,
  onSeek,
  actions,
}: {
  note: Note;
  courseId: number;
  onSeek: (seconds: number) => void;
  actions?: (note: Note) => ReactNode;
}) {
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const [draft, setDraft] = useState(note.text);
  const invalidate = useInvalidateNotes(courseId);
  const onError = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: failureText(error) });
  const update = api.notes.update.useMutation({
    onSuccess() {
      void invalidate();
      setMode("view");
    },
    onError: onError("The note was not changed"),
  });
  const remove = api.notes.delete.useMutation({ onSuccess: () => void invalidate(), onError: onError("The note was not deleted") });
  const momentAt = useMomentLabel();
  const time = momentAt(note.timeSeconds);
  const editId = useId();

  return (
    <li className="grid gap-1 rounded-md border p-3" data-testid="note">
      <div className="flex items-center gap-2">
        <Button variant="link" size="sm" className="h-auto p-0 font-mono" aria-label={`Play from ${time}`} onClick={() => onSeek(note.timeSeconds)}>
          {time}
        </Button>
        <div className="ml-auto flex items-center gap-1">
          {actions?.(note)}
          {mode === "view" ? (
            <>
              <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={`Edit the note at ${time}`} onClick={() => setMode("edit")}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={`Delete the note at ${time}`} onClick={() => setMode("confirm-delete")}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {note.quote ? <blockquote className="border-l-2 pl-2 text-sm whitespace-pre-line text-muted-foreground">{note.quote}</blockquote> : null}
      {mode === "edit" ? (
        <form
          aria-label={`Edit the note at ${time}`}
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: note.id, text: draft });
          }}
        >
          <label htmlFor={editId} className="sr-only">
            Note text
          </label>
          <Textarea id={editId} dir="auto" value={draft} maxLength={NOTE_TEXT_MAX_LENGTH} rows={4} onChange={(event) => setDraft(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(note.text);
                setMode("view");
              }}
            >
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={update.isPending || draft.trim() === ""}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <NoteMarkdown text={note.text} />
      )}
      {mode === "confirm-delete" ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          Delete this note?
          <Button variant="destructive" size="sm" className="h-7 px-2" disabled={remove.isPending} onClick={() => remove.mutate({ id: note.id })}>
            Yes, delete
          </Button>
          <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setMode("view")}>
            Keep it
          </Button>
        </div>
      ) : null}
    </li>
  );
}
