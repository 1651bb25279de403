import { describe, expect, it } from "vitest";

import { DEFAULT_SORT, nextSort, sortMembers, type DashboardMember } from "./dashboard-sort";

const member = (userId: number, username: string, lastActiveAt: string | null, standings: DashboardMember["assignments"] = []): DashboardMember => ({
  userId,
  username,
  lastActiveAt,
  assignments: standings,
});
const standing = (sectionsDone: number, quizAverage: number | null = null, completedAt: string | null = null) => ({
  assignmentId: 7,
  sectionsDone,
  sectionsTotal: 4,
  quizAverage,
  completedAt,
});

const totals = new Map([[7, 4]]);
const members = [
  member(1, "carol", "2026-03-02T10:00:00Z", [standing(4, 90, "2026-03-02T10:00:00Z")]),
  member(2, "alice", null),
  member(3, "Bob", "2026-03-01T10:00:00Z", [standing(2, 40)]),
  member(4, "dave", "2026-03-03T10:00:00Z", [standing(2, 80)]),
];
const names = (list: DashboardMember[]) => list.map((m) => m.username);

describe("sortMembers", () => {
  it("sorts by username without regard to case, both ways", () => {
    expect(names(sortMembers(members, DEFAULT_SORT, totals))).toEqual(["alice", "Bob", "carol", "dave"]);
    expect(names(sortMembers(members, { key: { kind: "username" }, direction: "descending" }, totals))).toEqual(["dave", "carol", "Bob", "alice"]);
  });

  it("sorts by last activity, never active first", () => {
    expect(names(sortMembers(members, { key: { kind: "lastActive" }, direction: "ascending" }, totals))).toEqual(["alice", "Bob", "carol", "dave"]);
    expect(names(sortMembers(members, { key: { kind: "lastActive" }, direction: "descending" }, totals))).toEqual(["dave", "carol", "Bob", "alice"]);
  });

  it("sorts by progress on an assignment: least first, the quiz breaking a tie, a missing row as nothing done", () => {
    const sort = { key: { kind: "assignment" as const, id: 7 }, direction: "ascending" as const };
    expect(names(sortMembers(members, sort, totals))).toEqual(["alice", "Bob", "dave", "carol"]);
    expect(names(sortMembers(members, { ...sort, direction: "descending" }, totals))).toEqual(["carol", "dave", "Bob", "alice"]);
  });

  it("leaves the list it was given as it was", () => {
    const before = names(members);
    sortMembers(members, { key: { kind: "lastActive" }, direction: "descending" }, totals);
    expect(names(members)).toEqual(before);
  });
});

describe("nextSort", () => {
  it("turns the same column around and starts another ascending", () => {
    expect(nextSort(DEFAULT_SORT, { kind: "username" })).toEqual({ key: { kind: "username" }, direction: "descending" });
    expect(nextSort(DEFAULT_SORT, { kind: "assignment", id: 7 })).toEqual({ key: { kind: "assignment", id: 7 }, direction: "ascending" });
    expect(nextSort({ key: { kind: "assignment", id: 7 }, direction: "ascending" }, { kind: "assignment", id: 8 }).direction).toBe("ascending");
  });
});
