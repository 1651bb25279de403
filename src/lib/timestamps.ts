/** Video timestamps as the chat tutor writes and cites them; pure, shared by server and browser. */

/** "m:ss" under an hour, "h:mm:ss" from an hour: 65 → "1:05", 3725 → "1:02:05". */
export function formatTimestamp(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export type TimestampCitation = {
  /** The citation as written, brackets included. */
  raw: string;
  seconds: number;
  /** Character offset of the opening bracket in the text. */
  index: number;
};

/** [m:ss], [mm:ss] (minutes may exceed 59, as some writers do past an hour) or [h:mm:ss]. */
const CITATION = /\[(?:(\d{1,2}):([0-5]\d):([0-5]\d)|(\d{1,3}):([0-5]\d))\]/g;

/** Every well-formed timestamp citation in `text`, in order; "[99:99]" or "[1:5]" are not citations. */
export function parseTimestampCitations(text: string): TimestampCitation[] {
  const citations: TimestampCitation[] = [];
  for (const match of text.matchAll(CITATION)) {
    const [raw, hours, minutes, seconds, shortMinutes, shortSeconds] = match;
    const value = hours !== undefined ? Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) : Number(shortMinutes) * 60 + Number(shortSeconds);
    citations.push({ raw, seconds: value, index: match.index });
  }
  return citations;
}
