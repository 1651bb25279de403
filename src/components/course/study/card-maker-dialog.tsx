"use client";

import { useId, useState } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { useMomentLabel } from "../course-text";

import type { CardDraft } from "./card-draft";
import { CARD_BACK_MAX_LENGTH, CARD_FRONT_MAX_LENGTH } from "~/lib/rules/cards";

type CardMakerDialogProps = { courseId: number; draft: CardDraft; onClose: () => void };

/**
 * 'Make a card': a modal dialog with the card's two sides filled in from the note or the
 * transcript line, for the learner to phrase as a question and answer before saving. The card
 * keeps the moment, so /review can send the learner back to it.
 */
export default function CardMakerDialog({ courseId, draft, onClose }: CardMakerDialogProps) {
  const momentAt = useMomentLabel();
  const [front, setFront] = useState(draft.front);
  const [back, setBack] = useState(draft.back);
  const frontId = useId();
  const backId = useId();
  const utils = api.useUtils();
  const create = api.cards.create.useMutation({
    onSuccess() {
      void utils.review.dueCount.invalidate();
      void utils.review.queue.invalidate();
      toast({ title: "Card made", description: "It is due for review now." });
      onClose();
    },
    onError(error) {
      toast({ variant: "destructive", title: "The card was not made", description: failureText(error) });
    },
  });

  return (
    <Dialog
      titleId={`${frontId}-title`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-lg border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/40"
    >
      <form
        className="grid gap-3 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ id: courseId, source: draft.source, noteId: draft.noteId, front, back, timeSeconds: draft.timeSeconds });
        }}
      >
        <h2 id={`${frontId}-title`} className="text-base font-semibold">
          Make a card{draft.timeSeconds !== null ? ` at ${momentAt(draft.timeSeconds)}` : ""}
        </h2>
        <label htmlFor={frontId} className="text-sm font-medium">
          Front (the question)
        </label>
        <Textarea id={frontId} value={front} required rows={3} maxLength={CARD_FRONT_MAX_LENGTH} autoFocus onChange={(event) => setFront(event.target.value)} />
        <label htmlFor={backId} className="text-sm font-medium">
          Back (the answer)
        </label>
        <Textarea id={backId} value={back} required rows={4} maxLength={CARD_BACK_MAX_LENGTH} onChange={(event) => setBack(event.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={create.isPending || front.trim() === "" || back.trim() === ""}>
            Make card
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
