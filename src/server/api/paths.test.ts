import { describe, expect, test } from "vitest";

import { compilePath } from "./paths";

describe("compilePath", () => {
  test("a fixed path matches only itself", () => {
    const match = compilePath("/api/openapi.json");
    expect(match("/api/openapi.json")).toEqual({});
    expect(match("/api/openapiXjson")).toBeNull();
    expect(match("/api/openapi.json/")).toBeNull();
  });

  test("{name} is one segment, decoded", () => {
    const match = compilePath("/api/courses/{id}/chat/stream");
    expect(match("/api/courses/12/chat/stream")).toEqual({ id: "12" });
    expect(match("/api/courses/a%20b/chat/stream")).toEqual({ id: "a b" });
    expect(match("/api/courses/%E0%A4/chat/stream")).toEqual({ id: "%E0%A4" });
    expect(match("/api/courses/1/2/chat/stream")).toBeNull();
    expect(match("/api/courses//chat/stream")).toBeNull();
  });

  test("several {name}s, each its own segment", () => {
    const match = compilePath("/api/courses/{id}/versions/{version}/restore");
    expect(match("/api/courses/12/versions/3/restore")).toEqual({ id: "12", version: "3" });
    expect(match("/api/courses/12/versions/restore")).toBeNull();
    expect(match("/api/courses/12/versions/3/4/restore")).toBeNull();
    expect(match("/api/courses/12/versions/3")).toBeNull();
  });

  test("{name...} is the rest of the path", () => {
    const match = compilePath("/api/auth/{action...}");
    expect(match("/api/auth/callback/google")).toEqual({ action: "callback/google" });
    expect(match("/api/auth/")).toBeNull();
    expect(match("/api/authx")).toBeNull();
  });
});
