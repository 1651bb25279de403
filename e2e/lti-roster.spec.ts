/**
 * LTI roster sync in Chromium, on a desktop and a phone (issue 46): a teacher opens CourseCraft
 * from the fake LMS (test/fakes/lms-roster-server.ts: login initiation, the platform's authorization step,
 * the signed launch posted back), lands on the class the LMS course made, clicks "Sync roster" and
 * is told how many learners were added; they show among the members before their first launch, and
 * a second sync adds none. A member of the class sees no such button.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, expectAccessible, test, VIEWPORTS } from "./fixtures";

const FAKE_LMS = "http://127.0.0.1:3110";
const CLIENT_ID = "e2e-tool";
const DEPLOYMENT_ID = "e2e-deployment";
const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";
const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";
const CLAIM = "https://purl.imsglobal.org/spec/lti/claim";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Tells the fake LMS what the next launch of `loginHint` carries. */
async function prepareLaunch(request: APIRequestContext, loginHint: string, claims: Record<string, unknown>) {
  const response = await request.post(`${FAKE_LMS}/__launch`, { data: { loginHint, claims } });
  expect(response.status()).toBe(200);
}

/** The LMS course's context, with its roster service. */
function contextClaims(contextId: string, title: string) {
  return {
    [`${CLAIM}/context`]: { id: contextId, title },
    "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": { context_memberships_url: `${FAKE_LMS}/memberships/${contextId}` },
    [`${CLAIM}/deployment_id`]: DEPLOYMENT_ID,
  };
}

/** The LMS's login initiation URL for `loginHint`, as the platform would open it. */
function launchUrl(baseURL: string, loginHint: string) {
  const query = new URLSearchParams({ iss: FAKE_LMS, login_hint: loginHint, target_link_uri: `${baseURL}/api/lti/launch`, client_id: CLIENT_ID });
  return `${baseURL}/api/lti/login?${query}`;
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a teacher launched from the LMS syncs the roster: the learners are members before their first launch", async ({ page, browser, baseURL }) => {
      const contextId = `e2e-${unique()}`;
      const title = `Biology ${unique().slice(0, 4)}`;
      const teacherHint = `teacher-${unique()}`;
      await prepareLaunch(page.request, teacherHint, {
        sub: teacherHint,
        name: "Rosa Franklin",
        [`${CLAIM}/roles`]: [INSTRUCTOR],
        ...contextClaims(contextId, title),
      });
      const learners = ["Ada Lovelace", "Alan Turing", "Grace Hopper"].map((full) => ({
        user_id: `l-${unique()}`,
        roles: [LEARNER],
        name: `${full} ${unique().slice(0, 3)}`,
      }));
      const roster = [
        { user_id: teacherHint, roles: [INSTRUCTOR], name: "Rosa Franklin" },
        ...learners,
        { user_id: `gone-${unique()}`, roles: [LEARNER], status: "Inactive" },
      ];
      expect((await page.request.post(`${FAKE_LMS}/__roster`, { data: { contextId, members: roster } })).status()).toBe(200);

      await page.goto(launchUrl(baseURL!, teacherHint));
      await expect(page).toHaveURL(/\/classes\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const members = page.getByRole("list", { name: "Members" });
      await expect(members.getByTestId("class-member")).toHaveCount(1);

      await page.getByRole("button", { name: "Sync roster" }).click();
      await expect(page.getByTestId("roster-sync").getByRole("status")).toHaveText("Added 3 learners from the LMS course.");
      await expect(members.getByTestId("class-member")).toHaveCount(4);
      await expectAccessible(page);

      await page.getByRole("button", { name: "Sync roster" }).click();
      await expect(page.getByTestId("roster-sync").getByRole("status")).toHaveText("No new learners: everyone in the LMS course is here already.");
      await expect(members.getByTestId("class-member")).toHaveCount(4);

      // A learner's first launch signs them into the account the sync made: a member, with no button.
      const learner = learners[0]!;
      await prepareLaunch(page.request, learner.user_id, {
        sub: learner.user_id,
        name: learner.name,
        [`${CLAIM}/roles`]: [LEARNER],
        ...contextClaims(contextId, title),
      });
      const context = await browser.newContext({ baseURL, viewport });
      try {
        const learnerPage = await context.newPage();
        await learnerPage.goto(launchUrl(baseURL!, learner.user_id));
        await expect(learnerPage).toHaveURL(/\/classes\/\d+$/);
        await expect(learnerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(learnerPage.getByRole("button", { name: "Sync roster" })).toHaveCount(0);
      } finally {
        await context.close();
      }
      await page.reload();
      await expect(members.getByTestId("class-member")).toHaveCount(4);
    });
  });
}
