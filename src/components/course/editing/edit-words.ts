/**
 * The words of the course editor: what a version changed, said as a sentence, and the moments an
 * owner types. Pure, so they are tested without a browser.
 */
import type { CourseChange } from "~/lib/schemas/editing";

/** One sentence for what a version changed; `moment` words a course time ("3:45", "Video 2 · 3:45"). */
export function describeChange(change: CourseChange, moment: (seconds: number) => string): string {
  switch (change.kind) {
    case "generated":
      return "The course as it was generated";
    case "course":
      return change.fields.length === 2
        ? "Renamed the course and changed its description"
        : change.fields[0] === "title"
          ? "Renamed the course"
          : "Changed the course's description";
    case "chapter":
      return `Renamed a chapter to “${change.title}”`;
    case "section": {
      const what = change.fields.map((field) => ({ title: "renamed", content: "rewrote", timeStart: "moved the start of" })[field]);
      const sentence = what.length > 1 ? `${what.slice(0, -1).join(", ")} and ${what.at(-1)!}` : what[0]!;
      return `${sentence[0]!.toUpperCase()}${sentence.slice(1)} “${change.title}”`;
    }
    case "split":
      return `Split “${change.title}” at ${moment(change.atSeconds)}`;
    case "merge":
      return `Merged “${change.title}” with the next section`;
    case "question":
      return `Deleted a quiz question of “${change.title}”`;
    case "regenerate":
      return change.instructions ? `Regenerated “${change.title}” (${change.instructions})` : `Regenerated “${change.title}”`;
    case "restore":
      return `Restored version ${change.from}`;
  }
}

/**
 * A moment the owner typed: "m:ss", "h:mm:ss" or plain seconds ("75"), as seconds; null when it
 * is not one.
 */
export function parseMoment(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,6}$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d{1,3}):)?(\d{1,3}):(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}
