import { encode, type JWT } from "next-auth/jwt";
import { afterEach, describe, expect, test, vi } from "vitest";

import {
  claimsFromToken,
  clearedSessionCookie,
  decodeSessionToken,
  encodeSessionToken,
  readSessionClaims,
  SESSION_MAX_AGE_SECONDS,
  sessionCookie,
  sessionCookieName,
} from "./session";

/** Cookie attributes by lower-cased name ("httponly" → ""), plus the name=value pair. */
function parseSetCookie(header: string) {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const index = pair.indexOf("=");
  const attrs = new Map(
    attributes.map((attribute) => {
      const [key = "", ...value] = attribute.split("=");
      return [key.toLowerCase(), value.join("=")] as const;
    }),
  );
  return { name: pair.slice(0, index), value: pair.slice(index + 1), attrs };
}

describe("session cookie", () => {
  test("is HttpOnly, SameSite=Lax, Path=/, with a 30-day Max-Age; not Secure over http", () => {
    const cookie = parseSetCookie(sessionCookie("token-value"));
    expect(cookie.name).toBe("next-auth.session-token");
    expect(cookie.value).toBe("token-value");
    expect(cookie.attrs.has("httponly")).toBe(true);
    expect(cookie.attrs.get("samesite")).toBe("Lax");
    expect(cookie.attrs.get("path")).toBe("/");
    expect(cookie.attrs.get("max-age")).toBe(String(SESSION_MAX_AGE_SECONDS));
    expect(SESSION_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(cookie.attrs.has("secure")).toBe(false);
    expect(cookie.attrs.has("domain")).toBe(false);
  });

  test("the cleared cookie has the same name and flags and Max-Age=0", () => {
    const cookie = parseSetCookie(clearedSessionCookie());
    expect(cookie.name).toBe(sessionCookieName());
    expect(cookie.value).toBe("");
    expect(cookie.attrs.get("max-age")).toBe("0");
    expect(cookie.attrs.has("httponly")).toBe(true);
    expect(cookie.attrs.get("samesite")).toBe("Lax");
    expect(cookie.attrs.get("path")).toBe("/");
  });

  describe("when NEXTAUTH_URL is https", () => {
    afterEach(() => {
      delete process.env.NEXTAUTH_URL;
      vi.resetModules();
    });

    test("the cookie is __Secure- prefixed and Secure", async () => {
      process.env.NEXTAUTH_URL = "https://coursecraft.example";
      vi.resetModules();
      const secure = await import("./session");
      expect(secure.sessionCookieName()).toBe("__Secure-next-auth.session-token");
      const cookie = parseSetCookie(secure.sessionCookie("v"));
      expect(cookie.name).toBe("__Secure-next-auth.session-token");
      expect(cookie.attrs.has("secure")).toBe(true);
      expect(cookie.attrs.has("httponly")).toBe(true);
      expect(parseSetCookie(secure.clearedSessionCookie()).attrs.has("secure")).toBe(true);
    });
  });
});

describe("session token", () => {
  test("encode → decode round-trips the user id and session version", async () => {
    const token = await encodeSessionToken({ userId: 42, sessionVersion: 7, name: "Ada", email: "ada@example.com" });
    expect(token.split(".")).toHaveLength(5); // an encrypted JWT (JWE compact form)
    expect(token).not.toContain("ada@example.com");
    expect(await decodeSessionToken(token)).toEqual({ userId: 42, sessionVersion: 7 });
  });

  test("a tampered token → null", async () => {
    const token = await encodeSessionToken({ userId: 42, sessionVersion: 0 });
    const parts = token.split(".");
    const ciphertext = parts[3] ?? "";
    const flipped = ciphertext[5] === "A" ? "B" : "A";
    parts[3] = `${ciphertext.slice(0, 5)}${flipped}${ciphertext.slice(6)}`;
    expect(await decodeSessionToken(parts.join("."))).toBeNull();
    expect(await decodeSessionToken(`${token}x`)).toBeNull();
    expect(await decodeSessionToken(token.slice(0, -4))).toBeNull();
  });

  test("garbage and empty tokens → null", async () => {
    for (const value of ["", "not-a-jwt", "a.b.c.d.e", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic3YiOjB9."]) {
      expect(await decodeSessionToken(value), value).toBeNull();
    }
  });

  test("a token signed with another secret → null", async () => {
    const foreign = await encode({ token: { sub: "42", sv: 0 }, secret: "another-secret-that-is-at-least-32-characters", maxAge: 60 });
    expect(await decodeSessionToken(foreign)).toBeNull();
  });

  test("an expired token → null", async () => {
    const expired = await encode({ token: { sub: "42", sv: 0 }, secret: process.env.NEXTAUTH_SECRET ?? "", maxAge: -60 });
    expect(await decodeSessionToken(expired)).toBeNull();
  });

  test("a remembered token still expires at its own exp", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const token = await encode({ token: { sub: "42", sv: 1 }, secret: process.env.NEXTAUTH_SECRET ?? "", maxAge: 60 });
      expect(await decodeSessionToken(token)).toEqual({ userId: 42, sessionVersion: 1 });
      vi.setSystemTime(Date.now() + 30_000);
      expect(await decodeSessionToken(token)).toEqual({ userId: 42, sessionVersion: 1 });
      // next-auth's own check allows 15 s of clock skew
      vi.setSystemTime(Date.now() + 50_000);
      expect(await decodeSessionToken(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  test("a rejected token is not remembered as valid, and a valid one never stands in for another", async () => {
    const mine = await encodeSessionToken({ userId: 1, sessionVersion: 0 });
    const theirs = await encodeSessionToken({ userId: 2, sessionVersion: 0 });
    expect(await decodeSessionToken(mine)).toEqual({ userId: 1, sessionVersion: 0 });
    expect(await decodeSessionToken(theirs)).toEqual({ userId: 2, sessionVersion: 0 });
    expect(await decodeSessionToken(`${mine}x`)).toBeNull();
    expect(await decodeSessionToken(mine)).toEqual({ userId: 1, sessionVersion: 0 });
  });

  test("claims need a positive integer user id and a numeric session version", () => {
    expect(claimsFromToken({ sub: "5", sv: 0 })).toEqual({ userId: 5, sessionVersion: 0 });
    expect(claimsFromToken({ sub: "0", sv: 0 })).toBeNull();
    expect(claimsFromToken({ sub: "-1", sv: 0 })).toBeNull();
    expect(claimsFromToken({ sub: "1.5", sv: 0 })).toBeNull();
    expect(claimsFromToken({ sub: "abc", sv: 0 })).toBeNull();
    expect(claimsFromToken({ sub: "5" })).toBeNull();
    expect(claimsFromToken({ sub: "5", sv: "0" } as unknown as JWT)).toBeNull();
    expect(claimsFromToken(null)).toBeNull();
  });
});

describe("readSessionClaims", () => {
  test("finds the session cookie among others", async () => {
    const token = await encodeSessionToken({ userId: 9, sessionVersion: 3 });
    const headers = new Headers({ cookie: `theme=dark; ${sessionCookieName()}=${token}; other=1` });
    expect(await readSessionClaims(headers)).toEqual({ userId: 9, sessionVersion: 3 });
  });

  test("no cookie, another cookie, or a look-alike name → null", async () => {
    const token = await encodeSessionToken({ userId: 9, sessionVersion: 3 });
    expect(await readSessionClaims(new Headers())).toBeNull();
    expect(await readSessionClaims(new Headers({ cookie: "theme=dark" }))).toBeNull();
    expect(await readSessionClaims(new Headers({ cookie: `x-${sessionCookieName()}=${token}` }))).toBeNull();
  });

  test("a malformed %-escape in the cookie → null (signed out), not an exception", async () => {
    const headers = new Headers({ cookie: `${sessionCookieName()}=%E0%A4%A` });
    await expect(readSessionClaims(headers)).resolves.toBeNull();
  });
});
