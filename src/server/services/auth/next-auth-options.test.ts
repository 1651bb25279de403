/** Which sign-in providers next-auth gets from the environment, and the environment's rules for the school's issuer. */
import { afterEach, describe, expect, test, vi } from "vitest";

const SCHOOL = { OIDC_ISSUER: "https://idp.springfield.example/realms/pupils", OIDC_CLIENT_ID: "coursecraft", OIDC_CLIENT_SECRET: "s3cret" };

async function providersWith(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  const { authOptions } = await import("./next-auth-options");
  return authOptions().providers.map((provider) => ({ id: provider.id, name: provider.name }));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("authOptions().providers", () => {
  test("the school's provider only with issuer, client id and secret; named by OIDC_NAME or the default", async () => {
    expect(await providersWith({})).toEqual([]);
    expect(await providersWith({ OIDC_ISSUER: SCHOOL.OIDC_ISSUER, OIDC_CLIENT_ID: "coursecraft" })).toEqual([]);
    expect(await providersWith(SCHOOL)).toEqual([{ id: "oidc", name: "Sign in with your school account" }]);
    expect(await providersWith({ ...SCHOOL, OIDC_NAME: "Sign in with Springfield SSO" })).toEqual([{ id: "oidc", name: "Sign in with Springfield SSO" }]);
  });

  test("beside Google, Google first", async () => {
    expect(await providersWith({ ...SCHOOL, GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "gs" })).toEqual([
      { id: "google", name: "Google" },
      { id: "oidc", name: "Sign in with your school account" },
    ]);
  });
});

describe("OIDC_ISSUER in src/env.ts", () => {
  const load = async (variables: Record<string, string>) => {
    vi.resetModules();
    // t3-env prints the refused variables before it throws.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
    return import("~/env");
  };

  test("http:// on another host stops the app, unless OIDC_ALLOW_HTTP_ISSUER=1; on localhost it is taken", async () => {
    await expect(load({ OIDC_ISSUER: "http://keycloak.springfield.example/realms/pupils" })).rejects.toThrow();
    await expect(load({ OIDC_ISSUER: "http://keycloak:8080/realms/pupils", OIDC_ALLOW_HTTP_ISSUER: "1" })).resolves.toBeDefined();
    await expect(load({ OIDC_ISSUER: "http://localhost:8080/realms/pupils" })).resolves.toBeDefined();
  });

  test("a query, a name longer than 60 characters or an empty one after trimming stop the app", async () => {
    await expect(load({ OIDC_ISSUER: "https://idp.example/?tenant=1" })).rejects.toThrow();
    await expect(load({ ...SCHOOL, OIDC_NAME: "x".repeat(61) })).rejects.toThrow();
    await expect(load({ ...SCHOOL, OIDC_NAME: "   " })).rejects.toThrow();
  });
});
