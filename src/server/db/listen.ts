import net from "node:net";

import pg from "pg";

/**
 * LISTEN on a PostgreSQL channel over a connection of its own (a pooled one would be handed to
 * other queries). `onLive(true)` once the LISTEN is in place, `onLive(false)` when the
 * connection is lost; it reconnects with a growing delay until the pool is ended. Messages sent
 * while it was down are lost, so a caller must treat "not live" as "know nothing". Its socket
 * and timers never keep the process alive.
 */
export type Listener = { close(): Promise<void> };

const RETRY_MS = [250, 1_000, 5_000, 15_000];

export function listen(pool: pg.Pool, channel: string, handlers: { onMessage: (payload: string) => void; onLive: (live: boolean) => void }): Listener {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const drop = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    handlers.onLive(false);
    void current.end().catch(() => undefined);
    if (closed || pool.ended) return;
    retry = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
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
    current.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (client !== current || closed) return void current.end().catch(() => undefined);
      failures = 0;
      handlers.onLive(true);
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
        handlers.onLive(false);
        await current.end().catch(() => undefined);
      }
    },
  };
}
