/**
 * Without LTI_ALLOW_HTTP_PLATFORMS (production), a launch keeps a line item or memberships URL only
 * when it is https: the tool sends its bearer tokens there. The fake platform itself is on
 * http://127.0.0.1, so it is registered here directly, as `lti:platform add` would refuse it.
 */
import { afterAll, beforeAll, expect, test } from "vitest";

import { env } from "~/env";
import { decodeSessionToken } from "~/server/auth/session";
import { LTI_CLAIM, LTI_SCOPE } from "~/server/lti/claims";

import { sessionTokenFromSetCookie } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { uniqueSuffix } from "../../../../test/factories";
import { type FakeLms, startFakeLms } from "../../../../test/fakes/lms";
import { ltiLaunch, ltiLogin } from "../../../../test/lti";

import { COURSE_ID_PARAMETER } from "./accept-launch";

let lms: FakeLms;
beforeAll(async () => {
  lms = await startFakeLms();
  await db.ltiPlatform.create({ data: lms.registration });
});
afterAll(() => lms.close());

async function launch(claims: Record<string, unknown>) {
  const { state, nonce } = await ltiLogin(lms);
  const response = await ltiLaunch(lms, { state, id_token: await lms.idToken(nonce, claims) });
  expect(response.status).toBe(303);
  return (await decodeSessionToken(sessionTokenFromSetCookie(response.headers)!))!.userId;
}

test("http:// service URLs are not kept, https:// ones are", async () => {
  expect(env.LTI_ALLOW_HTTP_PLATFORMS).toBe(false);
  const contextId = `ctx-${uniqueSuffix()}`;
  const custom = { [LTI_CLAIM.custom]: { [COURSE_ID_PARAMETER]: "12345" } };
  const plain = await launch({
    sub: `l-${uniqueSuffix()}`,
    [LTI_CLAIM.context]: { id: contextId },
    [LTI_CLAIM.resourceLink]: { id: "link-http" },
    ...custom,
    ...lms.gradeClaim("item-1"),
    ...lms.rosterClaim(contextId),
  });
  expect(await db.ltiLineItem.findFirstOrThrow({ where: { userId: plain } })).toMatchObject({ lineItemUrl: null, lineItemKey: null, lineItemsUrl: null });
  expect(await db.ltiContext.findFirstOrThrow({ where: { contextId } })).toMatchObject({ membershipsUrl: null, platformId: null });

  const secure = await launch({
    sub: `l-${uniqueSuffix()}`,
    [LTI_CLAIM.context]: { id: contextId },
    [LTI_CLAIM.resourceLink]: { id: "link-https" },
    ...custom,
    [LTI_CLAIM.gradeService]: { scope: [LTI_SCOPE.score], lineitem: "https://lms.example/lineitems/1", lineitems: "https://lms.example/lineitems" },
    [LTI_CLAIM.rosterService]: { context_memberships_url: "https://lms.example/memberships/1" },
  });
  expect(await db.ltiLineItem.findFirstOrThrow({ where: { userId: secure } })).toMatchObject({
    lineItemUrl: "https://lms.example/lineitems/1",
    lineItemsUrl: "https://lms.example/lineitems",
    courseId: 12345,
    scopes: [LTI_SCOPE.score],
  });
  expect(await db.ltiContext.findFirstOrThrow({ where: { contextId } })).toMatchObject({ membershipsUrl: "https://lms.example/memberships/1" });
});
