/**
 * Real Request → Response calls through the HTTP entrypoints (handleRest for /api/*,
 * handleTrpc for /api/trpc/*), including http-guards: what a browser or curl would get.
 */
import { expect } from "vitest";

import { handleRest, handleTrpc } from "~/server/api/handlers";
import { ERROR_BODY_SCHEMA, openApiDocument } from "~/server/api/openapi";
import { compilePath } from "~/server/api/paths";
import { serveApiRoute } from "~/server/api/routes";

import { randomIp, sessionCookieHeader, sessionTokenFromSetCookie } from "./caller";

export const ORIGIN = "http://localhost";

export type ApiRequestOptions = {
  /** A value to send as JSON, or a raw string/bytes body sent as is. */
  json?: unknown;
  body?: BodyInit;
  sessionToken?: string | null;
  headers?: HeadersInit;
  ip?: string;
};

export function apiRequest(method: string, pathAndQuery: string, options: ApiRequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", options.ip ?? randomIp());
  if (options.sessionToken) headers.set("cookie", sessionCookieHeader(options.sessionToken));
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(`${ORIGIN}${pathAndQuery}`, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) });
}

/** Calls the REST adapter: `rest("POST", "/api/login", { json: {...} })`. */
export function rest(method: string, pathAndQuery: string, options?: ApiRequestOptions): Promise<Response> {
  return handleRest(apiRequest(method, pathAndQuery, options));
}

export function sessionTokenOf(response: Response): string | null {
  return sessionTokenFromSetCookie(response.headers);
}

/** Reads a response body once, as text and (when it is JSON) parsed. */
export async function readBody(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: callers assert on text
  }
  return { text, json };
}

/** Stack frames ("at fn (/path/file.ts:1:2)") or absolute source paths must never reach a client. */
export const STACK_TRACE = /\bat\s+\S*\s*\(?(?:file:\/\/)?\/[^\s)]+:\d+|\/(?:work|home|root|usr|node_modules|src)\/[\w./-]+\.(?:ts|js|mjs|cjs)\b/;

/** Secrets and internals that must never appear in a response body. */
export function expectNoLeak(text: string): void {
  expect(text, "a response body leaks a stack trace or a source path").not.toMatch(STACK_TRACE);
  expect(text, "a response body leaks a password hash").not.toMatch(/\$argon2id\$/);
  expect(text, "a response body leaks SQL or Prisma internals").not.toMatch(/\b(SELECT|INSERT INTO|UPDATE "|prisma\.\w+\.\w+\(\)|PrismaClient\w*Error)\b/);
  expect(text, "a response body leaks a database URL").not.toMatch(/postgres(ql)?:\/\//);
}

export type ApiResult<T = unknown> = { response: Response; status: number; headers: Headers; text: string; json: T };

async function send<T>(handler: (req: Request) => Promise<Response>, method: string, pathAndQuery: string, options?: ApiRequestOptions): Promise<ApiResult<T>> {
  const response = await handler(apiRequest(method, pathAndQuery, options));
  const { text, json } = await readBody(response);
  // Every response of every test is checked: no stack traces, hashes, SQL or URLs, ever.
  expectNoLeak(text);
  if (handler === handleRest || handler === serveApiRoute) expectDocumentedResponse(method, pathAndQuery, response.status, json);
  return { response, status: response.status, headers: response.headers, text, json: json as T };
}

/** REST call with its body read and checked for leaks: `await restCall("GET", "/api/user")`. */
export const restCall = <T = Record<string, unknown>>(method: string, pathAndQuery: string, options?: ApiRequestOptions) =>
  send<T>(handleRest, method, pathAndQuery, options);

/** A call through the route table, as production dispatches it (the rows that are not procedures too), read and checked like restCall. */
export const routeCall = <T = Record<string, unknown>>(method: string, pathAndQuery: string, options?: ApiRequestOptions) =>
  send<T>(serveApiRoute, method, pathAndQuery, options);

/** tRPC HTTP call with its body read and checked for leaks. */
export const trpcCall = <T = unknown>(method: string, pathAndQuery: string, options?: ApiRequestOptions) => send<T>(handleTrpc, method, pathAndQuery, options);

/** Every documented operation of the OpenAPI document, as "METHOD /path" ("GET /courses/{id}"). */
export function documentedOperations(): string[] {
  return Object.entries(openApiDocument(`${ORIGIN}/api`).paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

type DocumentedOperation = { method: string; template: string; matches: (pathname: string) => unknown; statuses: Set<number> };
let documented: DocumentedOperation[] | undefined;

function documentedOperationsFor(method: string, pathname: string): DocumentedOperation[] {
  documented ??= Object.entries(openApiDocument(`${ORIGIN}/api`).paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item ?? {}).map(([operationMethod, operation]) => ({
      method: operationMethod.toUpperCase(),
      template,
      matches: compilePath(`/api${template}`),
      statuses: new Set(Object.keys((operation as { responses: object }).responses).map(Number)),
    })),
  );
  return documented.filter((operation) => operation.method === method && operation.matches(pathname));
}

const ERROR_CODES = new Set(ERROR_BODY_SCHEMA.properties.code.enum);

/**
 * The OpenAPI document tells the truth: whatever a test provokes on a documented path, the
 * status is one the document lists for that operation, and an error has the documented body.
 */
export function expectDocumentedResponse(method: string, pathAndQuery: string, status: number, json: unknown): void {
  const operations = documentedOperationsFor(method, new URL(pathAndQuery, ORIGIN).pathname);
  if (!operations.length) return;
  const where = `${method} ${operations.map((operation) => operation.template).join(" | ")}`;
  expect(
    operations.some((operation) => operation.statuses.has(status)),
    `${where} answered ${status}, which its OpenAPI operation does not list`,
  ).toBe(true);
  if (status < 400) return;
  const body = json as { message?: unknown; code?: unknown };
  expect(typeof body?.message, `${where} ${status}: the error body's message`).toBe("string");
  expect(ERROR_CODES.has(body.code as string), `${where} ${status}: the error body's code ${String(body.code)} is documented`).toBe(true);
}
