import { AppError } from "~/server/errors";

/**
 * An Anki deck is built in memory: the cards are read, written into an SQLite database compiled
 * to WebAssembly, exported and zipped, a few bytes of memory per character of the cards at each
 * step. So this process builds at most MAX_CONCURRENT_DECK_BUILDS decks at once (the others wait
 * their turn, first come first served, before they read any card), and one per learner: a second
 * deck asked for while the learner's first is building is refused with a 429, so no learner can
 * queue more than one. The per-learner rate limit (LIMITS.cardExportsPerUser) bounds the rest.
 */
export const MAX_CONCURRENT_DECK_BUILDS = 2;
/** Seconds a learner is asked to wait when a deck of theirs is still building. */
export const DECK_BUSY_RETRY_SECONDS = 5;
export const DECK_BUSY_MESSAGE = "An Anki deck of yours is still being built. Please wait for it to download, then try again.";

const learnersBuilding = new Set<number>();
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < MAX_CONCURRENT_DECK_BUILDS) {
    running += 1;
    return;
  }
  // The slot is handed over by release(), so `running` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/** Runs `build` (a deck of `userId`'s) in a build slot; refuses while another deck of theirs is building. */
export async function withDeckBuildSlot<T>(userId: number, build: () => Promise<T>): Promise<T> {
  if (learnersBuilding.has(userId)) throw new AppError("TOO_MANY_REQUESTS", DECK_BUSY_MESSAGE, { retryAfterSeconds: DECK_BUSY_RETRY_SECONDS });
  learnersBuilding.add(userId);
  try {
    await acquire();
    try {
      return await build();
    } finally {
      release();
    }
  } finally {
    learnersBuilding.delete(userId);
  }
}
