/** The request and answer shapes every API entry and handler shares. */

/**
 * What the API's handlers read of a request. A fetch Request is one (Next's route files pass
 * theirs); the production fast path (direct.ts) builds just these fields, since a Request costs
 * more to make than the rest of a small REST call. `body` is read only when the caller has not
 * read the bytes already.
 */
export type ApiRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly body?: ReadableStream<Uint8Array> | null;
};

/** The request as a fetch Request, for the libraries that need one (tRPC's fetch adapter). */
export const asFetchRequest = (req: ApiRequest): Request =>
  req instanceof Request ? req : new Request(req.url, { method: req.method, headers: req.headers, signal: req.signal });

/** An answer whose body is JSON in hand (the REST adapter's), as text or UTF-8 bytes, written by each entry its own way. */
export type PlainAnswer = { status: number; headers: Headers; body: string | Buffer<ArrayBuffer> };

/** Either kind of answer as a fetch Response (for Next's route files and the tests). */
export const asResponse = (answer: Response | PlainAnswer): Response =>
  answer instanceof Response ? answer : new Response(answer.body, { status: answer.status, headers: answer.headers });
