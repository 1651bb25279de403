import { createTRPCClient, httpBatchLink, httpLink, type TRPCClient, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import superjson from "superjson";

import { MAX_TRPC_BATCH } from "../lib/api-limits";
import type { AppRouter } from "../server/api/root";
import { toCourseCraftError } from "./errors";

/** How the client signs in. */
export type CourseCraftAuth =
  /** Signs in once through `auth.login` (on the first call), then sends the session cookie it got; signs in again once if the session is refused (401). */
  | { kind: "password"; username: string; password: string }
  /** A session cookie the app set: `next-auth.session-token=…` (a `Cookie` header), or the token alone. */
  | { kind: "cookie"; value: string }
  /** A personal API token, sent as `Authorization: Bearer <token>`. */
  | { kind: "token"; token: string };

export type CourseCraftClientOptions = {
  /** The app's address, e.g. `http://localhost:3000` (the client calls `<url>/api/trpc`). */
  url: string;
  /** Omitted: anonymous, and only public procedures answer. */
  auth?: CourseCraftAuth;
  /** The learner's IANA time zone (learning days, streaks); default: this machine's. */
  timeZone?: string;
  /** More headers for every request. */
  headers?: Record<string, string>;
  /** Another fetch (tests, a proxy agent); default: the global fetch. */
  fetch?: typeof globalThis.fetch;
};

/** The typed client: `client.course.byId.query({ id })`, `client.progress.update.mutate({ … })`. */
export type CourseCraftClient = TRPCClient<AppRouter>;

/** The server refuses batches of more than this many calls. */
export const MAX_BATCH_ITEMS = MAX_TRPC_BATCH;

const SESSION_COOKIE = "next-auth.session-token";

/** `<url>/api/trpc`, whether `url` is the app's origin, has a trailing slash or already ends in /api/trpc. */
export function trpcUrlOf(url: string): string {
  const base = url.replace(/\/+$/, "");
  return base.endsWith("/api/trpc") ? base : `${base}/api/trpc`;
}

/** A cookie value on its own is the session token: named as the app names it (with __Secure- over https). */
export function cookieHeaderOf(value: string, url: string): string {
  const trimmed = value.trim();
  if (trimmed.includes("=")) return trimmed;
  const secure = url.startsWith("https://") ? "__Secure-" : "";
  return `${secure}${SESSION_COOKIE}=${trimmed}`;
}

/** The cookies the server has set so far, sent back on every request (a session rotated by changePassword, cleared by logout). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header = "") {
    for (const part of header.split(";")) this.put(part);
  }

  private put(pair: string, expired = false) {
    const index = pair.indexOf("=");
    if (index <= 0) return;
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  /** Reads a response's Set-Cookie headers. */
  update(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const expired = attributes.some((attribute) => {
        const [key = "", value = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(value) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
        return false;
      });
      this.put(pair, expired);
    }
  }

  get size() {
    return this.cookies.size;
  }

  clear() {
    this.cookies.clear();
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * An error answer that is not JSON (a proxy's page, a server that is starting) as the JSON
 * refusal the app itself sends, so the error still carries its HTTP status.
 */
function jsonErrorOf(response: Response): Response {
  if (response.status < 400 || /^application\/json\b/i.test(response.headers.get("content-type") ?? "")) return response;
  const message = `The server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  void response.body?.cancel().catch(() => undefined);
  const retryAfter = response.headers.get("retry-after");
  return Response.json({ message }, { status: response.status, statusText: response.statusText, headers: retryAfter ? { "retry-after": retryAfter } : {} });
}

/** Turns every failure into a CourseCraftError, so `catch` gets `code` and `httpStatus` whatever went wrong. */
function courseCraftErrorLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const subscription = next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => observer.error(toCourseCraftError(error)),
          complete: () => observer.complete(),
        });
        return () => subscription.unsubscribe();
      });
}

/**
 * A typed client of the CourseCraft API for scripts and internal tools (Node 20+, or anywhere
 * with fetch): the app's own tRPC router over HTTP, with superjson and batches of at most 10
 * calls, as the web app sends them. Every failure is a CourseCraftError.
 *
 * ```ts
 * const client = createCourseCraftClient({ url: "http://localhost:3000", auth: { kind: "password", username, password } });
 * const courses = await client.course.mine.query();
 * ```
 */
export function createCourseCraftClient(options: CourseCraftClientOptions): CourseCraftClient {
  const url = trpcUrlOf(options.url);
  const baseFetch = options.fetch ?? globalThis.fetch;
  const auth = options.auth;
  const jar = new CookieJar(auth?.kind === "cookie" ? cookieHeaderOf(auth.value, options.url) : "");
  const timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  function send(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    headers.set("x-trpc-source", "coursecraft-client");
    if (timeZone) headers.set("x-time-zone", timeZone);
    if (auth?.kind === "token") headers.set("authorization", `Bearer ${auth.token}`);
    if (jar.size > 0) headers.set("cookie", jar.header());
    return baseFetch(input, { ...init, headers }).then((response) => {
      jar.update(response.headers);
      return jsonErrorOf(response);
    });
  }

  // Password sign-in: once, on the first call; again (once) when a call is refused with 401.
  let signedIn: Promise<void> | null = null;
  const loginClient =
    auth?.kind === "password" ? createTRPCClient<AppRouter>({ links: [courseCraftErrorLink(), httpLink({ url, transformer: superjson, fetch: send })] }) : null;
  function signIn(): Promise<void> {
    if (!loginClient || auth?.kind !== "password") return Promise.resolve();
    signedIn ??= loginClient.auth.login.mutate({ username: auth.username, password: auth.password }).then(
      () => undefined,
      (error: unknown) => {
        signedIn = null;
        throw error;
      },
    );
    return signedIn;
  }

  async function authenticatedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    if (!loginClient) return send(input, init);
    const session = signIn();
    await session;
    const response = await send(input, init);
    if (response.status !== 401) return response;
    // The session was refused (expired, revoked by a logout or a password change): sign in again
    // (once for all the calls refused with it) and retry once. A 401 means no procedure ran.
    if (signedIn === session) {
      jar.clear();
      signedIn = null;
    }
    await signIn();
    return send(input, init);
  }

  return createTRPCClient<AppRouter>({
    links: [courseCraftErrorLink(), httpBatchLink({ url, transformer: superjson, maxItems: MAX_BATCH_ITEMS, fetch: authenticatedFetch })],
  });
}
