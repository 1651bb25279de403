import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "vitest";

import { renderApiDocs } from "./docs-page";
import { openApiDocument, SECURITY_SCHEMES } from "./openapi";
import { CHAT_MESSAGE_MAX_LENGTH } from "~/lib/rules/chat";

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

const document = openApiDocument("http://localhost:3000/api");
const operations: { key: string; method: string; operation: Operation }[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item ?? {}).map(([method, operation]: [string, unknown]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method,
    operation: operation as Operation,
  })),
);
const PUBLIC = new Set([
  ...["POST /login", "POST /register", "POST /logout", "POST /user/email/verify", "GET /push/vapid-public-key"],
  ...["POST /auth/password-reset", "POST /auth/password-reset/confirm"],
]);

describe("the OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document, with every $ref resolving", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  test("the validator does refuse a broken document (its negative control)", async () => {
    const broken = structuredClone(document) as { info: Partial<typeof document.info>; paths: Record<string, unknown> };
    delete broken.info.title;
    broken.paths["/courses/{id}"] = { get: { responses: "none" } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test("describes both ways to sign in, and which paths need one", () => {
    expect(document.components?.securitySchemes).toEqual(SECURITY_SCHEMES);
    for (const { key, operation } of operations) {
      if (PUBLIC.has(key)) expect(operation.security, key).toBeUndefined();
      else expect(operation.security, key).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    }
  });

  test("every error response of every path has the one Error body", () => {
    for (const { key, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, key).toEqual(expect.arrayContaining(["500", "503"]));
      if (!PUBLIC.has(key)) expect(statuses, key).toContain("401");
      if (method === "post") expect(statuses, key).toEqual(expect.arrayContaining(["400", "403", "413", "415"]));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith("2")) continue;
        expect(response.content?.["application/json"]?.schema, `${key} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
    expect(document.components?.schemas?.Error).toMatchObject({ required: ["message", "code"] });
  });

  test("documents the chat stream and the query-string rule", () => {
    const stream = operations.find((entry) => entry.key === "POST /courses/{id}/chat/stream");
    expect(stream?.operation.responses["200"]?.content).toHaveProperty("text/event-stream");
    expect(Object.keys(stream!.operation.responses)).toEqual(expect.arrayContaining(["401", "403", "404", "429", "503"]));
    expect(document.info.description).toMatch(/cache-buster/);
  });

  test("the chat stream takes the parameters and body of POST /courses/{id}/chat, its limits from the same schema", () => {
    const stream = operations.find((entry) => entry.key === "POST /courses/{id}/chat/stream")!.operation;
    const send = operations.find((entry) => entry.key === "POST /courses/{id}/chat")!.operation;
    expect(stream.parameters).toEqual(send.parameters);
    expect(stream.requestBody).toEqual(send.requestBody);
    expect(JSON.stringify(stream.requestBody)).toContain(`"maxLength":${CHAT_MESSAGE_MAX_LENGTH}`);
  });

  test("documents the two downloads, each with its file type and its refusals", () => {
    const course = operations.find((entry) => entry.key === "GET /courses/{id}/export");
    expect(course?.operation.responses["200"]?.content).toHaveProperty("text/markdown");
    expect(Object.keys(course!.operation.responses)).toEqual(expect.arrayContaining(["400", "401", "404", "500", "503"]));
    const cards = operations.find((entry) => entry.key === "GET /cards/export");
    expect(Object.keys(cards?.operation.responses["200"]?.content ?? {})).toEqual(["application/apkg", "text/tab-separated-values"]);
    expect(Object.keys(cards!.operation.responses)).toEqual(expect.arrayContaining(["400", "401", "404"]));
  });

  test("documents the editing paths: what each edit can refuse, and the version every edit names", () => {
    const responses = (key: string) => Object.keys(operations.find((entry) => entry.key === key)?.operation.responses ?? {});
    const edits = [
      "PATCH /courses/{id}",
      "PATCH /chapters/{id}",
      "PATCH /sections/{id}",
      "POST /sections/{id}/split",
      "POST /sections/{id}/merge-next",
      "DELETE /questions/{id}",
      "POST /courses/{id}/versions/{version}/restore",
    ];
    for (const key of edits) expect(responses(key), key).toEqual(expect.arrayContaining(["200", "400", "401", "404", "409"]));
    // A time that leaves a section under 15 s (or outside its video) is a 422 where a path moves times.
    for (const key of ["PATCH /sections/{id}", "POST /sections/{id}/split", "POST /sections/{id}/merge-next"]) expect(responses(key), key).toContain("422");
    for (const key of ["PATCH /courses/{id}", "PATCH /chapters/{id}", "DELETE /questions/{id}"]) expect(responses(key), key).not.toContain("422");
    // Reading versions changes nothing: no 409.
    for (const key of ["GET /courses/{id}/versions", "GET /courses/{id}/versions/{version}"]) {
      expect(responses(key), key).toContain("404");
      expect(responses(key), key).not.toContain("409");
    }
    type Body = { content: { "application/json": { schema: { required?: string[]; properties: Record<string, unknown> } } } };
    for (const key of edits.filter((edit) => edit.startsWith("PATCH") || edit.includes("/sections/"))) {
      const body = operations.find((entry) => entry.key === key)!.operation.requestBody as Body;
      expect(body.content["application/json"].schema.required, key).toContain("version");
    }
    // DELETE has no body: its version is a required query key, a whole number from 1.
    const parameters = operations.find((entry) => entry.key === "DELETE /questions/{id}")!.operation.parameters as {
      name: string;
      in: string;
      required?: boolean;
      schema: unknown;
    }[];
    expect(parameters.find((parameter) => parameter.name === "version")).toMatchObject({
      in: "query",
      required: true,
      schema: { type: "integer", minimum: 1 },
    });
  });
});

describe("/api/docs", () => {
  const html = renderApiDocs(document);

  test("lists every operation, the ways to sign in and the error body", () => {
    for (const { key } of operations) expect(html).toContain(`${key.split(" ")[0]} /api${key.split(" ")[1]}`);
    expect(html).toContain("Authorization: Bearer");
    expect(html).toContain("next-auth.session-token");
    expect(html).toMatch(/id="error-body"/);
  });
});
