/**
 * School sign-in (OpenID Connect, issue 46) in Chromium, on a desktop and a phone: the button
 * named by OIDC_NAME opens the same popup as Google's, the app goes through the fake school
 * provider (test/fakes/openid-provider.mjs in strict mode: PKCE S256, nonce and state required,
 * a token request without the right code_verifier refused), and the learner lands signed in to a
 * new account made from the provider's claims.
 */
import { createHash, randomBytes } from "node:crypto";

import { SCHOOL_SIGN_IN_NAME } from "./constants";
import { expect, expectAccessible, test, VIEWPORTS } from "./fixtures";

const SCHOOL_IDP = "http://127.0.0.1:3108";
const SCHOOL_IDP_CONTROL = "http://127.0.0.1:3109";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: a pupil signs in with the school's provider (PKCE, state, nonce) and lands signed in`, async ({ page, authPage, shell, request }) => {
    await page.setViewportSize(viewport);
    const pupil = `pupil${Date.now().toString(36)}${name}`;
    const identity = {
      sub: `school-${pupil}`,
      preferred_username: `${pupil}@springfield.example`,
      name: `Pupil ${name}`,
      email: `${pupil}@springfield.example`,
    };
    expect((await request.post(`${SCHOOL_IDP_CONTROL}/identity`, { data: { ...identity, email_verified: true } })).status()).toBe(200);

    await authPage.goto();
    const button = authPage.schoolButton(SCHOOL_SIGN_IN_NAME);
    await expect(button).toBeVisible();
    await expect(authPage.googleButton()).toBeVisible();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page);

    const popupPromise = page.waitForEvent("popup");
    await button.click();
    await (await popupPromise).waitForEvent("close");
    await expect(shell.toast("Welcome!")).toBeVisible();
    await shell.expectSignedInAs(identity.name);
    const me = (await (await page.request.get("/api/user")).json()) as { username: string; email: string };
    expect(me).toMatchObject({ username: pupil, email: identity.email });

    const authorize = (await (await request.get(`${SCHOOL_IDP_CONTROL}/last-authorize`)).json()) as Record<string, string>;
    expect(authorize).toMatchObject({ response_type: "code", scope: "openid email profile", code_challenge_method: "S256", client_id: "e2e-school-client" });
    expect(authorize.state && authorize.nonce && authorize.code_challenge).toBeTruthy();

    // The fake is a real check: a code exchanged with a code_verifier that does not match its challenge is refused.
    const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
    const redirect = await request.get(`${SCHOOL_IDP}/authorize`, {
      params: {
        response_type: "code",
        client_id: "e2e-school-client",
        redirect_uri: "http://localhost/cb",
        scope: "openid",
        state: "s",
        nonce: "n",
        code_challenge: challenge,
        code_challenge_method: "S256",
      },
      maxRedirects: 0,
    });
    const code = new URL(redirect.headers().location ?? "").searchParams.get("code") ?? "";
    const exchange = await request.post(`${SCHOOL_IDP}/token`, {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: "http://localhost/cb",
        client_id: "e2e-school-client",
        code_verifier: randomBytes(32).toString("base64url"),
      },
    });
    expect(exchange.status()).toBe(400);
  });
}
