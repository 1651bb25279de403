/**
 * Where a run's CPU went on this machine: the server under test (its whole process group), the
 * PostgreSQL processes, and the load generator (this process), read from /proc before and after.
 * On a machine without /proc the split is null and the bench prints no CPU columns.
 */
import { readdirSync, readFileSync } from "node:fs";

export type CpuSplit = { serverMs: number; databaseMs: number; loadMs: number };

const TICK_MS = 10; // USER_HZ is 100 on every Linux Node supports

type Sample = { server: Map<string, number>; database: Map<string, number>; load: NodeJS.CpuUsage };

/**
 * CPU ticks of each process in the group `groupId` and of each process named postgres, by pid, or
 * null without /proc. By pid, because a process that ends during the run (an idle pool connection
 * closing) must not subtract its whole life's CPU from the others'.
 */
function sample(groupId: number): Sample | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  const server = new Map<string, number>();
  const database = new Map<string, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended between the listing and the read
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    // After "(name) ": state, ppid, pgrp, … utime is the 12th field, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number(fields[2]) === groupId) server.set(entry, ticks);
    else if (name === "postgres") database.set(entry, ticks);
  }
  return { server, database, load: process.cpuUsage() };
}

/** Starts measuring; the returned function ends it and answers the CPU each side used, in ms. */
export function measureCpu(serverGroupId: number | undefined): () => CpuSplit | null {
  const before = serverGroupId ? sample(serverGroupId) : null;
  return () => {
    const after = before && serverGroupId ? sample(serverGroupId) : null;
    if (!before || !after) return null;
    const load = process.cpuUsage(before.load);
    return {
      serverMs: ticksSince(before.server, after.server) * TICK_MS,
      databaseMs: ticksSince(before.database, after.database) * TICK_MS,
      loadMs: (load.user + load.system) / 1000,
    };
  };
}

/** The ticks the processes alive at the end used since the start (all of them for one started since). */
function ticksSince(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) total += ticks - (before.get(pid) ?? 0);
  return total;
}
