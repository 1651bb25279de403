import { type AnyTRPCProcedure, type AnyTRPCRouter, TRPCError } from "@trpc/server";
import { getErrorShape, getHTTPStatusCodeFromError, getTRPCErrorFromUnknown, type TRPCErrorShape } from "@trpc/server/unstable-core-do-not-import";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z, ZodError } from "zod";

import { callProcedure } from "./call-procedure";
import { parseJsonBody } from "./http-guards";
import type { PlainAnswer } from "./api-request";
import { jsonOf } from "./output-once";
import { readableValidationMessage } from "./trpc";

/**
 * The documented REST paths, served from the procedures that declare them (`meta.openapi`).
 * trpc-to-openapi still writes the OpenAPI document; this replaces its request handler, which
 * on every request built a fetch Request proxy and a caller, walked each input schema to switch
 * its numbers and booleans to coercion (so `true` or `[5]` passed as a number, for tRPC calls
 * too, since the schemas are shared) and answered through a response object. Everything a
 * path needs is worked out once here: its matcher, its procedure, which query keys its input
 * declares and which of them are arrays.
 *
 * The answers are trpc-to-openapi's, so documented clients see no change: a procedure's data as
 * JSON; an error as `{ message, code, data, issues? }` with the status of its tRPC code, a
 * validation failure's message phrased for a person (`readableValidationMessage`). A query
 * value is a string (a repeated key an array) and a key the procedure does not declare is
 * ignored (an old client's cache-buster); bodies are JSON and stay strict.
 */
type Endpoint = {
  method: string;
  /** The path's parameters, or null when it does not match (case-insensitive, as before). */
  match: (path: string) => Record<string, string> | null;
  literals: number;
  /** The status of a success (meta.successStatus; 200 unless set). */
  successStatus: number;
  procedurePath: string;
  procedure: AnyTRPCProcedure;
  /** No input at all (z.void()): nothing is read. */
  voidInput: boolean;
  /** The keys a query may carry (those its input declares) and those read as arrays. */
  queryKeys: ReadonlySet<string>;
  arrayKeys: ReadonlySet<string>;
};

type Options<Context> = {
  router: AnyTRPCRouter;
  /** The prefix of every path (`/api`). */
  prefix: string;
  createContext: (headers: Headers, resHeaders: Headers) => Context;
  /** Headers for every answer, given the errors (Retry-After). */
  responseHeaders: (errors: TRPCError[]) => Record<string, string>;
  onError: (opts: { error: TRPCError; path?: string }) => void;
};

const QUERY_METHODS = new Set(["GET", "DELETE"]);

export function createRestAdapter<Context>(options: Options<Context>) {
  const endpoints = buildEndpoints(options.router);
  const byMethod = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) byMethod.set(endpoint.method, [...(byMethod.get(endpoint.method) ?? []), endpoint]);
  // Where two templates match ("/courses/user", "/courses/{id}"), the one with more literal segments serves.
  for (const list of byMethod.values()) list.sort((a, b) => b.literals - a.literals);

  /** The path below the prefix, without its edge slashes: "/api/courses/12/" is "/courses/12". */
  const pathOf = (pathname: string) => `/${pathname.slice(options.prefix.length).replace(/^\/|\/$/g, "")}`;

  const find = (method: string, path: string) => {
    for (const endpoint of byMethod.get(method) ?? []) {
      const parameters = endpoint.match(path);
      if (parameters) return { endpoint, parameters };
    }
    return null;
  };

  // Asked on every request: the answers for the paths seen last are kept (a course's id repeats).
  const recentMethods = new Map<string, readonly string[]>();

  /**
   * The methods documented on a pathname (empty when no procedure serves it), matched exactly as
   * requests are. Where several templates match ("/courses/user", "/courses/{id}"), the ones with
   * the most literal segments own the path, so `GET /api/courses/generate-from-topic` is a wrong
   * method on that POST path (405), not an invalid `{id}` of another path (400).
   */
  function methodsFor(pathname: string): readonly string[] {
    const known = recentMethods.get(pathname);
    if (known) return known;
    const path = pathOf(pathname);
    const matching = endpoints.filter((endpoint) => endpoint.match(path));
    const most = Math.max(0, ...matching.map((endpoint) => endpoint.literals));
    const methods = [...new Set(matching.filter((endpoint) => endpoint.literals === most).map((endpoint) => endpoint.method))];
    if (recentMethods.size >= 1_000) recentMethods.clear();
    recentMethods.set(pathname, methods);
    return methods;
  }

  /** Answers one request: `url` its URL, `body` its checked bytes (null for a GET). */
  async function handle(req: { method: string; url: URL; headers: Headers; signal?: AbortSignal }, body: Uint8Array | null): Promise<PlainAnswer> {
    const resHeaders = new Headers();
    const found = find(req.method, pathOf(req.url.pathname));
    let input: unknown = undefined;
    let ctx: Context | undefined;
    try {
      if (!found) throw new TRPCError({ code: "NOT_FOUND", message: "Not found" });
      const { endpoint, parameters } = found;
      if (!endpoint.voidInput) input = { ...readInput(endpoint, req.url, body), ...parameters };
      ctx = options.createContext(req.headers, resHeaders);
      const data = await callProcedure(endpoint.procedure, {
        path: endpoint.procedurePath,
        type: endpoint.procedure._def.type,
        ctx,
        getRawInput: () => Promise.resolve(input),
        get signal() {
          return req.signal;
        },
        batchIndex: 0,
      });
      return answer(endpoint.successStatus, { "Content-Type": "application/json", ...options.responseHeaders([]) }, resHeaders, jsonOf(data));
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      const procedurePath = found?.endpoint.procedurePath;
      options.onError({ error, path: procedurePath });
      const type = found?.endpoint.procedure._def.type ?? "unknown";
      // An error formatter always returns a TRPCErrorShape; on AnyTRPCRouter it is typed `any`.
      const shape = getErrorShape({ config: options.router._def._config, error, type, path: procedurePath, input, ctx }) as TRPCErrorShape;
      const issues = error.code === "BAD_REQUEST" && error.cause instanceof ZodError ? error.cause.issues : undefined;
      const message = issues?.length ? readableValidationMessage(issues) : (shape.message ?? error.message);
      const status = getHTTPStatusCodeFromError(error);
      const headers = { "Content-Type": "application/json", ...options.responseHeaders([error]) };
      return answer(status, headers, resHeaders, JSON.stringify({ ...shape, message, code: error.code, issues }));
    }
  }

  return { handle, methodsFor };
}

/** The result, with the headers a procedure set (a session cookie) beside the adapter's own. */
function answer(status: number, headers: Record<string, string>, resHeaders: Headers, body: PlainAnswer["body"]): PlainAnswer {
  for (const [name, value] of Object.entries(headers)) resHeaders.set(name, value);
  return { status, headers: resHeaders, body };
}

function readInput(endpoint: Endpoint, url: URL, body: Uint8Array | null): Record<string, unknown> {
  if (QUERY_METHODS.has(endpoint.method)) {
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of url.searchParams) {
      if (!endpoint.queryKeys.has(key)) continue;
      const before = query[key];
      query[key] = before === undefined ? (endpoint.arrayKeys.has(key) ? [value] : value) : [...(Array.isArray(before) ? before : [before]), value];
    }
    return query;
  }
  const parsed = parseJsonBody(body ?? new Uint8Array());
  if (!parsed.ok) throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: parsed.cause });
  return { ...(parsed.data as object) };
}

function buildEndpoints(router: AnyTRPCRouter): Endpoint[] {
  return Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>).flatMap(([procedurePath, procedure]) => {
    const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!openapi || procedure._def.type === "subscription") return [];
    const inputs = procedure._def.inputs as unknown[];
    const template = `/${openapi.path.replace(/^\/|\/$/g, "")}`;
    return [
      {
        method: openapi.method,
        match: compileTemplate(template),
        literals: template.split("/").filter((segment) => segment && !segment.startsWith("{")).length,
        successStatus: (procedure._def.meta as { successStatus?: number } | undefined)?.successStatus ?? 200,
        procedurePath,
        procedure,
        voidInput: inputs.length === 1 && isVoid(inputs[0]),
        queryKeys: new Set(inputKeys(inputs)),
        arrayKeys: new Set(arrayKeysOf(inputs)),
      },
    ];
  });
}

function compileTemplate(template: string): (path: string) => Record<string, string> | null {
  const pattern = new RegExp(`^${template.replace(/\{(.+?)\}/g, (_, key: string) => `(?<${key}>[^/]+)`)}$`, "i");
  return (path) => {
    const match = pattern.exec(path);
    return match ? { ...match.groups } : null;
  };
}

const kind = (schema: unknown) => (schema as { _zod?: { def?: { type?: string } } })?._zod?.def?.type;
const isVoid = (schema: unknown) => ["void", "undefined", "never"].includes(kind(schema) ?? "");

/** An object input's shape, through `.optional()`, `.default()` and the like; null for another input. */
function objectShape(input: unknown): Record<string, unknown> | null {
  const schema = unwrapped(input);
  return schema instanceof z.ZodObject ? schema.shape : null;
}

function unwrapped(schema: unknown): unknown {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable) inner = inner.unwrap();
  return inner;
}

/** The top-level keys of the procedure's object input. */
const inputKeys = (inputs: readonly unknown[]): string[] => inputs.flatMap((input) => Object.keys(objectShape(input) ?? {}));

/** Top-level keys whose schema is an array: a single query value becomes a one-item array. */
const arrayKeysOf = (inputs: readonly unknown[]): string[] =>
  inputs.flatMap((input) => Object.entries(objectShape(input) ?? {}).flatMap(([key, field]) => (unwrapped(field) instanceof z.ZodArray ? [key] : [])));
