import { describe, expect, test } from "vitest";

import { bearerTokenOf, generateApiToken, hashApiToken } from "./api-token";
import { API_TOKEN_PATTERN } from "~/lib/rules/api-tokens";

describe("generateApiToken", () => {
  test("cc_pat_ and 32 random bytes in base64url; the hash is the hex SHA-256; the prefix shows 4 characters of the secret", () => {
    const bytes = Buffer.alloc(32, 0xfb);
    const { token, tokenHash, prefix } = generateApiToken(bytes);
    expect(token).toBe(`cc_pat_${bytes.toString("base64url")}`);
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(tokenHash).toBe(hashApiToken(token));
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(prefix).toBe(token.slice(0, 11));
  });

  test("two tokens differ", () => {
    const a = generateApiToken();
    const b = generateApiToken();
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).not.toBe(b.tokenHash);
    expect(a.token).toMatch(API_TOKEN_PATTERN);
  });

  test("the hash is SHA-256 of the whole token", () => {
    expect(hashApiToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("bearerTokenOf", () => {
  test.each([
    ["Bearer cc_pat_x", { bearer: "cc_pat_x" }],
    ["bearer   cc_pat_x  ", { bearer: "cc_pat_x" }],
    ["BEARER cc_pat_x", { bearer: "cc_pat_x" }],
    ["Bearer", { bearer: "" }],
    ["Bearer ", { bearer: "" }],
    ["Bearer two words", { bearer: "two words" }],
  ])("%j is a bearer token", (header, expected) => {
    expect(bearerTokenOf(header)).toEqual(expected);
  });

  test.each([[null], [""], ["Basic dXNlcjpwYXNz"], ["Bearerx cc_pat_x"], ["Token cc_pat_x"]])("%j is none", (header) => {
    expect(bearerTokenOf(header)).toBeNull();
  });
});
