import { logger } from "~/server/logger";

export type PollLoop = { wake: () => void; stop: () => Promise<void> };

/**
 * Runs `pass` over and over in the background: again at once when woken (something was queued in
 * this process), else when `msUntilNext` says the next item falls due, and at least every `pollMs`
 * (another process may have queued). A failed pass is logged and retried after `pollMs`. The mail
 * and LTI score senders run on it; `enabled: false` makes no loop (tests drain by hand).
 */
export function startPollLoop({
  name,
  pollMs,
  enabled = true,
  pass,
  msUntilNext,
}: {
  name: string;
  pollMs: number;
  enabled?: boolean;
  pass: () => Promise<unknown>;
  msUntilNext: () => Promise<number | null>;
}): PollLoop {
  let running = true;
  let woken = false;
  let wakeUp: (() => void) | null = null;

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  const loop = (async () => {
    while (running && enabled) {
      try {
        await pass();
        const dueIn = await msUntilNext();
        if (running) await sleep(Math.min(pollMs, Math.max(50, dueIn ?? pollMs)));
      } catch (error) {
        if (!running) break;
        logger.error(`${name} pass failed`, { error: String(error) });
        await sleep(pollMs);
      }
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
