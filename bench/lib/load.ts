/**
 * A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending
 * its next request as soon as the previous answer is read, for `durationMs`. Loopback only.
 * Requests may carry a `label` (e.g. the endpoint): the result then also holds the figures of
 * each label in `byLabel`, for a mix of endpoints in one run.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

import { RawConnection } from "./raw-http";

export type LoadRequest = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string; label?: string };

export type LoadStats = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  byStatus: Record<string, number>;
  errors: number;
};

export type LoadResult = LoadStats & { byLabel: Record<string, LoadStats> };

/** Figures of one set of answers: latencies (ms, any order) and their statuses ("socket error" for no answer). */
function summarize(latencies: number[], byStatus: Record<string, number>, seconds: number): LoadStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const errors = Object.entries(byStatus)
    .filter(([status]) => !/^2\d\d$/.test(status))
    .reduce((sum, [, count]) => sum + count, 0);
  return { requests: sorted.length, seconds, rps: sorted.length / seconds, p50: pick(0.5), p95: pick(0.95), p99: pick(0.99), byStatus, errors };
}

/**
 * `transport`: "node" (node:http's client, the default) or "raw" (raw-http.ts: about a tenth of
 * the CPU per request, for benchmarks whose server shares the machine with the generator).
 */
export async function runLoad(
  base: string,
  next: (i: number) => LoadRequest,
  options: { connections: number; durationMs: number; transport?: "node" | "raw" },
): Promise<LoadResult> {
  const url = new URL(base);
  if (!["127.0.0.1", "localhost", "::1"].includes(url.hostname)) throw new Error("load tests target loopback only");
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  const labels = new Map<string, { latencies: number[]; byStatus: Record<string, number> }>();
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const send = (request: LoadRequest) =>
    new Promise<string>((resolve) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers: { ...request.headers, ...(request.body ? { "content-type": "application/json", "content-length": Buffer.byteLength(request.body) } : {}) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(String(res.statusCode)));
          res.on("error", () => resolve("socket error"));
        },
      );
      req.on("error", () => resolve("socket error"));
      req.end(request.body);
    });

  const loop = async () => {
    const raw = options.transport === "raw" ? new RawConnection(url.hostname, Number(url.port)) : null;
    while (performance.now() < deadline) {
      const request = next(issued++);
      const t0 = performance.now();
      const status = await (raw ? raw.send(request) : send(request));
      const ms = performance.now() - t0;
      latencies.push(ms);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      if (request.label !== undefined) {
        let entry = labels.get(request.label);
        if (!entry) labels.set(request.label, (entry = { latencies: [], byStatus: {} }));
        entry.latencies.push(ms);
        entry.byStatus[status] = (entry.byStatus[status] ?? 0) + 1;
      }
    }
    raw?.close();
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  agent.destroy();

  const seconds = (performance.now() - started) / 1000;
  const byLabel = Object.fromEntries([...labels].map(([label, entry]) => [label, summarize(entry.latencies, entry.byStatus, seconds)]));
  return { ...summarize(latencies, byStatus, seconds), byLabel };
}
