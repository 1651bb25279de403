import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler, type OpenApiRouter } from "trpc-to-openapi";

import { parseJsonBody } from "./http-guards";
import { queryKeysByPath } from "./query-keys";

/**
 * trpc-to-openapi's core with its route table built once. The package's fetch adapter
 * (`createOpenApiFetchHandler`) builds this core, with a regular expression for every documented
 * path, on each request (outside production it also generates the whole OpenAPI document each
 * time, ~6 ms). This builds it once and calls it the way that adapter does: the request as a
 * fetch Request seen through a Proxy (the path without the endpoint prefix, the JSON body parsed
 * up front: a parse failure becomes PARSE_ERROR when the body is read), and a response sink that
 * becomes a Response. `resHeaders` are the response's own headers, so a cookie set by a procedure
 * is sent with it. The body comes as bytes already read and checked (http-guards.ts: JSON only);
 * an empty one is the empty object, so a bodiless POST (POST /api/logout) works.
 */
type Sink = { headers: Headers; statusCode: number; setHeader(name: string, value: string | string[]): void; end(body?: string): void };
type Options<TContext> = {
  router: OpenApiRouter;
  endpoint: string;
  createContext: (req: Request, resHeaders: Headers) => TContext | Promise<TContext>;
  responseMeta?: (opts: { errors: { cause?: unknown }[] }) => { status?: number; headers?: Record<string, string> };
  onError?: (opts: { error: TRPCError; path?: string }) => void;
};

/** The core's signature at run time: it takes a fetch Request (its `instanceof Request` branches), though its types name only Node's. */
type FetchCore = (req: Request, res: Sink) => Promise<void>;

export function createOpenApiFetch<TContext>(options: Options<TContext>): (req: Request, body: Uint8Array | null) => Promise<Response> {
  const handle = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req, res }) => options.createContext(req as unknown as Request, (res as unknown as Sink).headers),
    responseMeta: options.responseMeta,
    onError: options.onError,
  }) as unknown as FetchCore;

  const knownQueryKeys = queryKeysByPath(options.router);

  return async (req, bytes) => {
    const url = new URL(req.url);
    if (url.pathname.startsWith(options.endpoint)) url.pathname = url.pathname.slice(options.endpoint.length) || "/";
    dropUnknownQueryKeys(url, knownQueryKeys(req.method, url.pathname));
    const body = parseJsonBody(bytes);
    // The core refuses a body without a JSON content type; a bodiless POST has none.
    const headers = bytes && !req.headers.get("content-type")?.includes("application/json") ? withJsonContentType(req.headers) : req.headers;
    const request = new Proxy(req, {
      get(target, property) {
        if (property === "url") return url.toString();
        if (property === "headers") return headers;
        if (property === "body") {
          if (!body.ok) throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: body.cause });
          return body.data;
        }
        return Reflect.get(target, property) as unknown;
      },
    });
    return new Promise<Response>((resolve, reject) => {
      const sink: Sink = {
        headers: new Headers(),
        statusCode: 200,
        setHeader(name, value) {
          if (typeof value === "string") this.headers.set(name, value);
          else for (const item of value) this.headers.append(name, item);
        },
        end(text) {
          resolve(new Response(text, { status: this.statusCode, headers: this.headers }));
        },
      };
      handle(request, sink).catch(reject);
    });
  };
}

/**
 * Old clients add a cache-buster to every call (`?t=1732435200000`, `?_=…`); the input schemas
 * are strict, so such a key would be refused. A key that no procedure of the path reads is
 * dropped before validation; the keys a procedure does read are still validated as declared.
 * Bodies are left alone: they stay strict.
 */
function dropUnknownQueryKeys(url: URL, known: ReadonlySet<string> | null): void {
  if (!known) return;
  for (const key of [...url.searchParams.keys()]) if (!known.has(key)) url.searchParams.delete(key);
}

function withJsonContentType(source: Headers): Headers {
  const headers = new Headers(source);
  headers.set("content-type", "application/json");
  return headers;
}
