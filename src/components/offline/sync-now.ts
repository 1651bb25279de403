import { pendingCount, syncQueue, type Send } from "~/lib/offline/queue";
import { openOfflineDb } from "~/lib/offline/store";

import { setPendingOfflineWork } from "./offline-flags";

const send: Send = async (path, body) => {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return { status: response.status, json: response.ok ? ((await response.json()) as unknown) : null };
};

let running: Promise<number> | null = null;

/** Sends the offline queue (one run at a time); how many reviews the server applied. */
export function syncNow(): Promise<number> {
  running ??= (async () => {
    const db = openOfflineDb();
    try {
      const outcome = await syncQueue(db, send);
      setPendingOfflineWork((await pendingCount(db)) > 0);
      return outcome.reviews;
    } finally {
      db.close();
      running = null;
    }
  })();
  return running;
}
