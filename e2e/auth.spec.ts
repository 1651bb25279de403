import { expect, registerViaApi, test, uniqueUser } from "./fixtures";

test.describe("sign in and out", () => {
  test("a new learner registers, stays signed in across a reload, logs out, and the old cookie is refused", async ({
    page,
    authPage,
    shell,
    context,
    playwright,
    baseURL,
  }) => {
    const user = uniqueUser();
    await authPage.goto();
    await authPage.register(user);
    await expect(shell.toast("Registration successful")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await shell.expectSignedInAs(user.username);

    await page.reload();
    await shell.expectSignedInAs(user.username);

    const session = (await context.cookies()).find((cookie) => cookie.name === "next-auth.session-token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    await shell.signOut();
    await expect(shell.toast("Logged out")).toBeVisible();
    await expect(shell.signInLink()).toBeVisible();

    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `next-auth.session-token=${session?.value}` } });
    expect((await replay.get("/api/user")).status()).toBe(401);
    await replay.dispose();
  });

  test("a sign-out the server does not confirm says so, and the learner stays signed in", async ({ page, shell }) => {
    const user = await registerViaApi(page.request);
    await page.goto("/");
    await page.route("**/api/trpc/auth.logout**", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify([
          {
            error: {
              json: {
                message: "The service is temporarily unavailable. Please try again.",
                code: -32603,
                data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503 },
              },
            },
          },
        ]),
      }),
    );
    await shell.signOut();
    await expect(page.getByTestId("toast").filter({ hasText: "Logout failed" })).toContainText("The service is temporarily unavailable. Please try again.");
    await page.unroute("**/api/trpc/auth.logout**");
    await page.reload();
    await shell.expectSignedInAs(user.username);
  });

  test("an existing learner logs in; a wrong password is refused with a message", async ({ page, authPage, shell, playwright, baseURL }) => {
    const other = await playwright.request.newContext({ baseURL });
    const user = await registerViaApi(other);
    await other.dispose();

    await authPage.goto();
    await authPage.login(user.username, "wrong password");
    await expect(shell.toast("Login failed")).toBeVisible();
    await expect(shell.toast("Invalid username or password")).toBeVisible();

    await authPage.login(user.username, user.password);
    await expect(shell.toast("Welcome back!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await shell.expectSignedInAs(user.username);
  });

  test("the forms explain what is missing", async ({ page, authPage, shell }) => {
    await authPage.goto();
    await page.getByRole("form", { name: "Login" }).getByRole("button", { name: "Login", exact: true }).click();
    await expect(shell.toast("Please enter both username and password")).toBeVisible();

    await authPage.register({ username: "someone" });
    await expect(shell.toast("Please fill all the fields")).toBeVisible();

    await authPage.register({ ...uniqueUser(), confirmPassword: "something else" });
    await expect(shell.toast("Passwords do not match")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a protected page sends a visitor to /auth and back after login", async ({ page, authPage, playwright, baseURL }) => {
    const other = await playwright.request.newContext({ baseURL });
    const user = await registerViaApi(other);
    await other.dispose();

    await page.goto("/create-course");
    await expect(page).toHaveURL(/\/auth$/);
    await authPage.login(user.username, user.password);
    await expect(page).toHaveURL(/\/create-course$/);
  });
});

test.describe("Google sign-in", () => {
  test("opens a 500x600 popup, forces account selection, and signs the learner in from the server-side exchange", async ({
    page,
    authPage,
    shell,
    request,
  }) => {
    await authPage.goto();
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const calls: string[] = [];
      Object.assign(window, { openFeatures: calls });
      window.open = (url, target, features) => {
        calls.push(String(features));
        return open(url, target, features);
      };
    });
    const popupPromise = page.waitForEvent("popup");
    await authPage.googleButton().click();
    const popup = await popupPromise;
    const [features] = await page.evaluate(() => (window as unknown as { openFeatures: string[] }).openFeatures);
    expect(features).toMatch(/width=500/);
    expect(features).toMatch(/height=600/);
    await popup.waitForEvent("close");

    await expect(shell.toast("Welcome!")).toBeVisible();
    await shell.expectSignedInAs("Google Learner");

    const authorize = (await (await request.get("http://127.0.0.1:3102/last-authorize")).json()) as { prompt?: string };
    expect(authorize.prompt).toBe("select_account");
  });

  test("when the server cannot finish the sign-in, the page says so and the learner can try again", async ({ page, authPage }) => {
    await authPage.goto();
    await page.route("**/api/trpc/auth.googleSync**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify([
          { error: { json: { message: "Internal server error", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } } },
        ]),
      }),
    );
    const popupPromise = page.waitForEvent("popup");
    await authPage.googleButton().click();
    await (await popupPromise).waitForEvent("close");

    await expect(page.getByTestId("toast").filter({ hasText: "Authentication error" })).toContainText("Failed to authenticate with server. Please try again.");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(authPage.googleButton()).toBeEnabled();
  });
});

test.describe("account", () => {
  test("changing the password keeps this browser signed in and revokes every other session", async ({ page, context, shell, playwright, baseURL }) => {
    const user = await registerViaApi(page.request);
    const oldCookie = (await context.cookies()).find((cookie) => cookie.name === "next-auth.session-token")?.value;

    await page.goto("/account");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current Password").fill(user.password);
    await form.getByLabel("New Password", { exact: true }).fill("a brand new passphrase");
    await form.getByLabel("Confirm New Password").fill("something else");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(shell.toast("Passwords do not match")).toBeVisible();

    await form.getByLabel("Confirm New Password").fill("a brand new passphrase");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(shell.toast("Password changed")).toBeVisible();

    await page.reload();
    await shell.expectSignedInAs(user.username);
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `next-auth.session-token=${oldCookie}` } });
    expect((await replay.get("/api/user")).status()).toBe(401);
    expect((await replay.post("/api/login", { data: { username: user.username, password: "a brand new passphrase" } })).status()).toBe(200);
    await replay.dispose();
  });
});
