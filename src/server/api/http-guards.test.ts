import { describe, expect, test } from "vitest";

import { checkApiRequest, crossSiteRefusal, guardApiRequest, MAX_BODY_BYTES } from "./http-guards";

const URL_ = "http://localhost:3000/api/login";
const JSON_HEADERS = { "content-type": "application/json", host: "localhost:3000" };

function post(init: { headers?: Record<string, string>; body?: BodyInit | null } = {}, url = URL_): Request {
  const body = init.body ?? null;
  return new Request(url, {
    method: "POST",
    headers: { ...JSON_HEADERS, ...init.headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
}

async function expectRefusal(result: Request | Response, status: number, code: string) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(body.message).toEqual(expect.any(String));
}

/** A body streamed in 64 KiB chunks with no Content-Length; counts the chunks actually pulled. */
function streamedBody(totalBytes: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled * chunk.byteLength >= totalBytes) return controller.close();
      state.pulled++;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("cross-site requests", () => {
  test("same-origin POST passes (positive control)", async () => {
    const result = await guardApiRequest(post({ headers: { origin: "http://localhost:3000" }, body: "{}" }));
    expect(result).toBeInstanceOf(Request);
  });

  test("POST without an Origin (curl, server-to-server) passes", async () => {
    expect(await guardApiRequest(post({ body: "{}" }))).toBeInstanceOf(Request);
  });

  test("a foreign Origin → 403", async () => {
    await expectRefusal(await guardApiRequest(post({ headers: { origin: "https://evil.example" }, body: "{}" })), 403, "FORBIDDEN");
  });

  test("a look-alike origin (other port, other scheme, suffix) → 403", () => {
    for (const origin of ["http://localhost:3001", "https://localhost:3000", "http://localhost:3000.evil.example", "null"]) {
      expect(crossSiteRefusal(post({ headers: { origin } }))?.status, origin).toBe(403);
    }
  });

  test("Sec-Fetch-Site: cross-site → 403 even without an Origin", async () => {
    await expectRefusal(await guardApiRequest(post({ headers: { "sec-fetch-site": "cross-site" }, body: "{}" })), 403, "FORBIDDEN");
  });

  test("Sec-Fetch-Site: same-origin / same-site / none pass", () => {
    for (const site of ["same-origin", "same-site", "none"]) {
      expect(crossSiteRefusal(post({ headers: { "sec-fetch-site": site, origin: "http://localhost:3000" } })), site).toBeNull();
    }
  });

  test("forged forwarded headers that name the foreign origin do not make it this site's (no TRUST_PROXY)", () => {
    const forgeries: Record<string, string>[] = [
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      { "x-forwarded-host": "evil.example:443", "x-forwarded-proto": "https", "x-forwarded-port": "443" },
      { "x-forwarded-host": "localhost:3000, evil.example", "x-forwarded-proto": "http, https" },
      { forwarded: "host=evil.example;proto=https" },
      { forwarded: 'for=1.2.3.4;host="evil.example";proto=https, host=evil.example;proto=https' },
      { "x-forwarded-proto": "https", "x-forwarded-port": "443" },
      { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", forwarded: "host=evil.example;proto=https" },
    ];
    for (const forged of forgeries) {
      expect(crossSiteRefusal(post({ headers: { origin: "https://evil.example", ...forged } }))?.status, JSON.stringify(forged)).toBe(403);
    }
  });

  test("GET, HEAD and OPTIONS pass even cross-site (they must not change anything)", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const request = new Request(URL_, { method, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
      const result = await guardApiRequest(request);
      expect(result, method).toBe(request);
    }
  });

  test("a bearer token without a cookie passes from any origin (a browser never adds it by itself); with a cookie it does not", () => {
    const foreign = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    expect(crossSiteRefusal(post({ headers: { ...foreign, authorization: "Bearer cc_pat_x" } }))).toBeNull();
    expect(crossSiteRefusal(post({ headers: { ...foreign, authorization: "Bearer cc_pat_x", cookie: "next-auth.session-token=a" } }))?.status).toBe(403);
    expect(crossSiteRefusal(post({ headers: { ...foreign, cookie: "next-auth.session-token=a" } }))?.status).toBe(403);
    // Another scheme is no token.
    expect(crossSiteRefusal(post({ headers: { ...foreign, authorization: "Basic dXNlcjpwYXNz" } }))?.status).toBe(403);
  });
});

describe("body size", () => {
  test(`a body of exactly ${MAX_BODY_BYTES} bytes passes, byte for byte`, async () => {
    const body = `"${"a".repeat(MAX_BODY_BYTES - 2)}"`;
    const result = await guardApiRequest(post({ body }));
    expect(result).toBeInstanceOf(Request);
    expect(await (result as Request).text()).toBe(body);
  });

  test("Content-Length over 1 MiB → 413 before the body is read", async () => {
    const { stream, state } = streamedBody(10);
    const request = post({ headers: { "content-length": String(MAX_BODY_BYTES + 1) }, body: stream });
    await expectRefusal(await guardApiRequest(request), 413, "PAYLOAD_TOO_LARGE");
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  test("a streamed body over 1 MiB without Content-Length → 413, and reading stops there", async () => {
    const { stream, state } = streamedBody(64 * MAX_BODY_BYTES);
    const request = post({ body: stream });
    expect(request.headers.get("content-length")).toBeNull();
    await expectRefusal(await guardApiRequest(request), 413, "PAYLOAD_TOO_LARGE");
    // 1 MiB is 16 chunks of 64 KiB: it stops a chunk or two after the limit, not at 64 MiB.
    expect(state.pulled).toBeLessThanOrEqual(20);
    expect(state.cancelled).toBe(true);
  });

  test("a Content-Length that lies low does not get a big body through", async () => {
    const { stream } = streamedBody(2 * MAX_BODY_BYTES);
    const request = post({ headers: { "content-length": "10" }, body: stream });
    await expectRefusal(await guardApiRequest(request), 413, "PAYLOAD_TOO_LARGE");
  });
});

describe("content type", () => {
  test("a JSON body passes with its bytes intact (positive control)", async () => {
    const body = JSON.stringify({ username: "ünïcode 😀 \u202E", password: "<script>alert(1)</script>" });
    const result = await guardApiRequest(post({ headers: { "content-type": "application/json; charset=utf-8" }, body }));
    expect(result).toBeInstanceOf(Request);
    expect(await (result as Request).text()).toBe(body);
  });

  test.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""])("a body sent as %j → 415", async (type) => {
    const headers = new Headers({ host: "localhost:3000" });
    if (type) headers.set("content-type", type);
    const request = new Request(URL_, { method: "POST", headers, body: '{"username":"a"}' });
    if (!type) request.headers.delete("content-type");
    await expectRefusal(await guardApiRequest(request), 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  test("an empty POST passes without a content type (tRPC mutations without input)", async () => {
    const request = new Request(URL_, { method: "POST" });
    const result = await guardApiRequest(request);
    expect(result).toBeInstanceOf(Request);
    expect(await (result as Request).text()).toBe("");
  });

  test("for the REST adapter an empty POST becomes a JSON {} body", async () => {
    const result = await guardApiRequest(new Request("http://localhost/api/logout", { method: "POST" }), { emptyBodyAsJsonObject: true });
    expect(result).toBeInstanceOf(Request);
    const request = result as Request;
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.json()).toEqual({});
  });

  // Regression (bad-input suite): bytes that are not UTF-8 were decoded leniently downstream and
  // stored as U+FFFD in place of what was sent (a chat message "bad \xFF" became "bad \uFFFD").
  test("a body that is not valid UTF-8 → 400; a BOM and any well-formed character pass", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    for (const bad of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]]) {
      const body = new Uint8Array([...encode('{"content":"bad '), ...bad, ...encode('"}')]);
      await expectRefusal(await guardApiRequest(post({ body })), 400, "BAD_REQUEST");
    }
    const good = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"content":"😀 \u202E é 𓀀"}')]);
    const result = await guardApiRequest(post({ body: good }));
    expect(result).toBeInstanceOf(Request);
    expect(new Uint8Array(await (result as Request).arrayBuffer())).toEqual(good);
  });

  test("the returned request keeps method, URL and headers", async () => {
    const result = (await guardApiRequest(post({ headers: { cookie: "a=b", "x-request-id": "r1" }, body: "{}" }))) as Request;
    expect(result.method).toBe("POST");
    expect(result.url).toBe(URL_);
    expect(result.headers.get("cookie")).toBe("a=b");
    expect(result.headers.get("x-request-id")).toBe("r1");
  });
});

describe("a body the caller has read already", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  test("is checked like a read one: the same refusals, and the bytes come back", async () => {
    const checked = await checkApiRequest(post(), { body: bytes('{"a":1}') });
    expect(checked).toEqual({ body: bytes('{"a":1}') });
    await expectRefusal(
      (await checkApiRequest(post({ headers: { "content-type": "text/plain" } }), { body: bytes("hello") })) as Response,
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    await expectRefusal((await checkApiRequest(post(), { body: new Uint8Array(MAX_BODY_BYTES + 1) })) as Response, 413, "PAYLOAD_TOO_LARGE");
    await expectRefusal((await checkApiRequest(post({ headers: { origin: "https://evil.example" } }), { body: bytes("{}") })) as Response, 403, "FORBIDDEN");
  });

  test("guardApiRequest rebuilds the request around it; a safe method has no body to check", async () => {
    const rebuilt = await guardApiRequest(post(), { body: bytes('{"b":2}') });
    expect(rebuilt).toBeInstanceOf(Request);
    expect(await (rebuilt as Request).json()).toEqual({ b: 2 });
    expect(await checkApiRequest(new Request(URL_))).toEqual({ body: null });
  });
});
