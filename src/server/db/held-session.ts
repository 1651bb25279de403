import net from "node:net";

import pg from "pg";

/**
 * A PostgreSQL session of its own, kept open: for state that lives as long as a session does
 * (a session advisory lock), which a pooled connection would hand to other queries.
 * `setup` runs on every new connection and returns a value; `onLive(value)` follows once it
 * succeeds, `onLive(null)` when the connection is lost. It reconnects with a growing delay until
 * closed or the pool is ended. Its socket and timers never keep the process alive.
 */
export type HeldSession = { close(): Promise<void> };

const RETRY_MS = [250, 1_000, 5_000, 15_000];

export function holdSession<Value>(
  pool: pg.Pool,
  handlers: { setup: (client: pg.Client) => Promise<Value>; onLive: (value: Value | null) => void },
): HeldSession {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const drop = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    handlers.onLive(null);
    void current.end().catch(() => undefined);
    if (closed || pool.ended) return;
    retry = setTimeout(() => void connect(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    retry.unref();
  };

  const connect = async () => {
    if (closed || pool.ended) return;
    const current = new pg.Client({
      ...pool.options,
      stream: () => {
        const socket = new net.Socket();
        socket.unref();
        return socket;
      },
    });
    client = current;
    current.on("error", () => drop(current));
    current.on("end", () => drop(current));
    try {
      await current.connect();
      const value = await handlers.setup(current);
      if (client !== current || closed) return void current.end().catch(() => undefined);
      failures = 0;
      handlers.onLive(value);
    } catch {
      drop(current);
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        handlers.onLive(null);
        await current.end().catch(() => undefined);
      }
    },
  };
}
