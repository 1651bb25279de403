import { describe, expect, test } from "vitest";

import { issuerUrlAllowed, normalizedIssuer } from "./oidc";

describe("issuerUrlAllowed", () => {
  test.each([
    "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
    "https://keycloak.school.example/realms/pupils",
    "https://accounts.google.com",
    "https://dev-123.okta.com/oauth2/default/",
    "http://localhost:8080/realms/dev",
    "http://127.0.0.1:3108",
    "http://[::1]:9000",
  ])("takes %s", (url) => expect(issuerUrlAllowed(url, { allowHttp: false })).toBe(true));

  test.each([
    ["http on another host", "http://keycloak.school.example/realms/pupils"],
    ["a host that only starts like localhost", "http://localhost.evil.example"],
    ["another scheme", "ftp://idp.example"],
    ["credentials", "https://user:secret@idp.example"],
    ["a query", "https://idp.example/?tenant=1"],
    ["a fragment", "https://idp.example/#x"],
    ["not a URL", "idp.example"],
  ])("refuses %s", (_, url) => expect(issuerUrlAllowed(url, { allowHttp: false })).toBe(false));

  test("http on another host only with allowHttp", () => {
    expect(issuerUrlAllowed("http://keycloak:8080/realms/dev", { allowHttp: true })).toBe(true);
    expect(issuerUrlAllowed("ftp://keycloak", { allowHttp: true })).toBe(false);
  });
});

test("normalizedIssuer drops trailing slashes only", () => {
  expect(normalizedIssuer("https://dev-123.okta.com/oauth2/default/")).toBe("https://dev-123.okta.com/oauth2/default");
  expect(normalizedIssuer("https://accounts.google.com")).toBe("https://accounts.google.com");
});
