import { describe, expect, test } from "vitest";

import { changePasswordInput, loginInput, registerInput, usernameSchema } from "./auth";

const valid = { username: "alice_01", email: "alice@example.com", password: "password123", confirmPassword: "password123" };

/** The messages of every issue, for asserting what the person would read. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("registerInput", () => {
  test("accepts a valid registration (positive control)", () => {
    const result = registerInput.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  test("confirmPassword is optional for API clients", () => {
    const { confirmPassword: _omitted, ...withoutConfirm } = valid;
    expect(registerInput.safeParse(withoutConfirm).success).toBe(true);
  });

  test("a mismatched confirmation → 'Passwords do not match' on confirmPassword", () => {
    const result = registerInput.safeParse({ ...valid, confirmPassword: "password124" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: "Passwords do not match", path: ["confirmPassword"] })]);
  });

  test("a NUL character is refused in every text field", () => {
    for (const field of ["username", "email", "password"] as const) {
      const value = field === "email" ? "ali\u0000ce@example.com" : `${valid[field]}\u0000`;
      const input = { ...valid, [field]: value, confirmPassword: field === "password" ? value : valid.confirmPassword };
      const result = registerInput.safeParse(input);
      expect(result.success, field).toBe(false);
      expect(messages(result).join(" "), field).toMatch(/NUL/);
    }
  });

  test("a lone surrogate is refused (it would not round-trip through UTF-8)", () => {
    for (const lone of ["\uD83D", "\uDE00", "abc\uD800def"]) {
      const password = `password${lone}`;
      const result = registerInput.safeParse({ ...valid, password, confirmPassword: password });
      expect(result.success).toBe(false);
      expect(messages(result)).toContain("Password contains an invalid character");
    }
    // A complete surrogate pair (an emoji) is fine.
    const emoji = "password😀";
    expect(registerInput.safeParse({ ...valid, password: emoji, confirmPassword: emoji }).success).toBe(true);
  });

  test("an unknown field is refused (.strict())", () => {
    const result = registerInput.safeParse({ ...valid, isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["isAdmin"] });
  });

  test("the e-mail is trimmed and lower-cased", () => {
    const result = registerInput.safeParse({ ...valid, email: "  Alice.Smith@Example.COM " });
    expect(result.data?.email).toBe("alice.smith@example.com");
  });

  test("an invalid e-mail is refused", () => {
    expect(messages(registerInput.safeParse({ ...valid, email: "not-an-email" }))).toContain("Please enter a valid email address");
  });

  test("password length: 8 to 256 characters", () => {
    expect(registerInput.safeParse({ ...valid, password: "1234567", confirmPassword: undefined }).success).toBe(false);
    expect(registerInput.safeParse({ ...valid, password: "12345678", confirmPassword: undefined }).success).toBe(true);
    expect(registerInput.safeParse({ ...valid, password: "x".repeat(256), confirmPassword: undefined }).success).toBe(true);
    expect(registerInput.safeParse({ ...valid, password: "x".repeat(257), confirmPassword: undefined }).success).toBe(false);
  });
});

describe("usernameSchema", () => {
  test.each(["abc", "Alice", "a.b-c_d", "x".repeat(32), "0123456789"])("accepts %j", (username) => {
    expect(usernameSchema.safeParse(username).success).toBe(true);
  });

  test.each([
    ["ab", "Username must be at least 3 characters"],
    ["x".repeat(33), "Username must be at most 32 characters"],
    ["has space", "Username may only contain letters, digits, '.', '_' and '-'"],
    ["<script>", "Username may only contain letters, digits, '.', '_' and '-'"],
    ["ünïcode", "Username may only contain letters, digits, '.', '_' and '-'"],
    ["ｆｕｌｌｗｉｄｔｈ", "Username may only contain letters, digits, '.', '_' and '-'"],
    ["bob\u202Eevil", "Username may only contain letters, digits, '.', '_' and '-'"],
  ])("refuses %j", (username, message) => {
    const result = usernameSchema.safeParse(username);
    expect(result.success).toBe(false);
    expect(messages(result)).toContain(message);
  });

  test("surrounding whitespace is trimmed before the checks", () => {
    expect(usernameSchema.parse("  alice  ")).toBe("alice");
    expect(usernameSchema.safeParse("  ab  ").success).toBe(false);
  });

  test("a non-string is refused with a readable message", () => {
    expect(messages(usernameSchema.safeParse(42))).toContain("Username must be text");
  });
});

describe("loginInput", () => {
  test("accepts username and password; trims the username", () => {
    expect(loginInput.parse({ username: " alice ", password: " secret " })).toEqual({ username: "alice", password: " secret " });
  });

  test("empty fields → 'Please enter both username and password'", () => {
    expect(messages(loginInput.safeParse({ username: "", password: "x" }))).toContain("Please enter both username and password");
    expect(messages(loginInput.safeParse({ username: "alice", password: "" }))).toContain("Please enter both username and password");
  });

  test("NUL and unknown fields are refused", () => {
    expect(loginInput.safeParse({ username: "al\u0000ice", password: "x" }).success).toBe(false);
    expect(loginInput.safeParse({ username: "alice", password: "x", remember: true }).success).toBe(false);
  });
});

describe("changePasswordInput", () => {
  test("the new password follows the registration rules", () => {
    expect(changePasswordInput.safeParse({ currentPassword: "old", newPassword: "new-password" }).success).toBe(true);
    expect(changePasswordInput.safeParse({ currentPassword: "old", newPassword: "short" }).success).toBe(false);
    expect(changePasswordInput.safeParse({ currentPassword: "old", newPassword: "new-password\u0000" }).success).toBe(false);
    expect(changePasswordInput.safeParse({ currentPassword: "old", newPassword: "new-password", extra: 1 }).success).toBe(false);
  });
});
