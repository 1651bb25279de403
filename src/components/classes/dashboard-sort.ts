import type { ClassDashboard } from "~/lib/schemas/assignments";

export type DashboardMember = ClassDashboard["members"][number];
export type MemberStanding = DashboardMember["assignments"][number];

export type SortKey = { kind: "username" } | { kind: "lastActive" } | { kind: "assignment"; id: number };
type SortDirection = "ascending" | "descending";
export type DashboardSort = { key: SortKey; direction: SortDirection };

export const DEFAULT_SORT: DashboardSort = { key: { kind: "username" }, direction: "ascending" };

export const sameKey = (a: SortKey, b: SortKey) => a.kind === b.kind && (a.kind !== "assignment" || (b.kind === "assignment" && a.id === b.id));

/** A member's standing on one assignment; a member without a row has done nothing of it. */
export function standingOf(member: DashboardMember, assignmentId: number, sectionsTotal: number): MemberStanding {
  return (
    member.assignments.find((standing) => standing.assignmentId === assignmentId) ?? {
      assignmentId,
      sectionsDone: 0,
      sectionsTotal,
      quizAverage: null,
      completedAt: null,
    }
  );
}

/** How far along: completion first, then the share of sections done, then the quiz average (none below 0%). */
function progressRank(standing: MemberStanding): number[] {
  const share = standing.sectionsTotal > 0 ? standing.sectionsDone / standing.sectionsTotal : 0;
  return [standing.completedAt === null ? 0 : 1, share, standing.quizAverage ?? -1];
}

function compareRanks(a: number[], b: number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return 0;
}

const byName = (a: DashboardMember, b: DashboardMember) => a.username.localeCompare(b.username, undefined, { sensitivity: "base" }) || a.userId - b.userId;

/**
 * The members in the order the teacher picked: by username, by last activity (never active first
 * when ascending), or by progress on one assignment (least first when ascending). Ties go by username.
 */
export function sortMembers(members: readonly DashboardMember[], sort: DashboardSort, sectionsTotals: ReadonlyMap<number, number>): DashboardMember[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const { key } = sort;
  const compare = (a: DashboardMember, b: DashboardMember): number => {
    if (key.kind === "username") return sign * byName(a, b);
    let primary: number;
    if (key.kind === "lastActive") {
      const time = (member: DashboardMember) => (member.lastActiveAt === null ? Number.NEGATIVE_INFINITY : new Date(member.lastActiveAt).getTime());
      const [left, right] = [time(a), time(b)];
      primary = left === right ? 0 : left < right ? -1 : 1;
    } else {
      const total = sectionsTotals.get(key.id) ?? 0;
      primary = compareRanks(progressRank(standingOf(a, key.id, total)), progressRank(standingOf(b, key.id, total)));
    }
    return sign * primary || byName(a, b);
  };
  return [...members].sort(compare);
}

/** The sort after a click on a column's header: the same column turns around, another starts ascending. */
export function nextSort(current: DashboardSort, key: SortKey): DashboardSort {
  if (sameKey(current.key, key)) return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
  return { key, direction: "ascending" };
}
