import { parseTimestampCitations } from "./retrieval";

/** The moments a reply may cite: its passages' spans and the outline's section starts. */
export type KnownMoments = { passages: { start: number; end: number }[]; sectionStarts: number[] };

/** The longest citation, "[h:mm:ss]" or "[mmm:ss]", plus the space before it. */
const LONGEST_CITATION = 10;

/**
 * The answer with only the citations it could have taken from what it was given: a [m:ss]
 * inside a passage (with a few seconds of slack) or at a section start. Others are removed, so
 * a link never sends the learner to a moment the tutor made up.
 */
export function keepKnownCitations(answer: string, known: KnownMoments): string {
  let result = "";
  let last = 0;
  for (const citation of parseTimestampCitations(answer)) {
    const seconds = citation.seconds;
    const ok =
      known.passages.some((p) => seconds >= p.start - 5 && seconds <= p.end + 5) || known.sectionStarts.some((start) => Math.abs(start - seconds) <= 1);
    if (ok) continue;
    result += answer.slice(last, citation.index).replace(/ $/, "");
    last = citation.index + citation.raw.length;
  }
  return result + answer.slice(last);
}

/**
 * keepKnownCitations over a reply as it streams. A piece that ends inside what may become a
 * citation ("… at [1:0") is held back until the bracket closes or cannot be one, so a made-up
 * moment never reaches the learner, even for a moment.
 */
export async function* keepKnownCitationsInStream(pieces: AsyncIterable<string>, known: KnownMoments): AsyncGenerator<string> {
  let pending = "";
  for await (const piece of pieces) {
    pending += piece;
    const held = heldBackFrom(pending);
    if (held === 0) continue;
    const ready = keepKnownCitations(pending.slice(0, held), known);
    pending = pending.slice(held);
    if (ready) yield ready;
  }
  const rest = keepKnownCitations(pending, known);
  if (rest) yield rest;
}

/** Where the part of `text` that may still turn into a citation (or precede one) starts. */
function heldBackFrom(text: string): number {
  const open = text.lastIndexOf("[");
  const maybeCitation = open >= 0 && text.length - open < LONGEST_CITATION && /^\[[\d:]*$/.test(text.slice(open));
  const from = maybeCitation ? open : text.length;
  // The space before a citation goes with it when the citation is removed.
  return from > 0 && text[from - 1] === " " ? from - 1 : from;
}
