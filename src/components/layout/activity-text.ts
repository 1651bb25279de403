import type { RecentActivity } from "~/lib/schemas/gamification";

/** The spec's text when there is no activity to show. */
export const NO_ACTIVITY = "Start learning by creating a course";

/** What an activity item says: "Completed “Binary search”". */
export function activityLabel({ kind, title }: Pick<RecentActivity[number], "kind" | "title">): string {
  switch (kind) {
    case "section":
      return `Completed “${title}”`;
    case "quiz":
      return `Passed the quiz on “${title}”`;
    case "course":
      return `Finished the course “${title}”`;
    case "badge":
      return `Earned the ${title} badge`;
  }
}

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });
}
