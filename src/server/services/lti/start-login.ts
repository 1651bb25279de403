import { randomBytes } from "node:crypto";

import { LTI_LOGIN_TTL_MS, LTI_MESSAGES } from "~/lib/rules/lti";
import type { LtiLoginParams } from "~/lib/schemas/lti";
import type { DbClient } from "~/server/db/client";
import { deleteExpiredLogins, insertLogin, selectPlatformsOfIssuer } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";

export const LTI_LAUNCH_PATH = "/api/lti/launch";

/**
 * OIDC third-party login initiation (LTI 1.3): finds the registration, keeps a fresh state and
 * nonce for the launch to bring back, and answers the platform's authorization URL to redirect to.
 * `origin` is this site's: the launch must come back here, and the target link must be here.
 */
export async function startLtiLogin(db: DbClient, { params, origin, now }: { params: LtiLoginParams; origin: string; now: Date }): Promise<string> {
  if (new URL(params.target_link_uri).origin !== origin) throw new AppError("BAD_REQUEST", LTI_MESSAGES.notASite);
  const registrations = (await selectPlatformsOfIssuer(db, params.iss)).filter((platform) => !params.client_id || platform.clientId === params.client_id);
  if (registrations.length === 0) throw new AppError("BAD_REQUEST", LTI_MESSAGES.unknownPlatform);
  if (registrations.length > 1) throw new AppError("BAD_REQUEST", LTI_MESSAGES.ambiguousPlatform);
  const platform = registrations[0]!;
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id)) throw new AppError("BAD_REQUEST", LTI_MESSAGES.unknownPlatform);

  const state = randomBytes(32).toString("base64url");
  const nonce = randomBytes(32).toString("base64url");
  await insertLogin(db, { state, nonce, platformId: platform.id, expiresAt: new Date(now.getTime() + LTI_LOGIN_TTL_MS) });
  // Logins a platform never came back for, or came back for long ago, are of no use: forget them (an index range, a few rows).
  await deleteExpiredLogins(db, new Date(now.getTime() - LTI_LOGIN_TTL_MS));

  const authorize = new URL(platform.authUrl);
  const query: Record<string, string | undefined> = {
    scope: "openid",
    response_type: "id_token",
    response_mode: "form_post",
    prompt: "none",
    client_id: platform.clientId,
    redirect_uri: `${origin}${LTI_LAUNCH_PATH}`,
    login_hint: params.login_hint,
    lti_message_hint: params.lti_message_hint,
    state,
    nonce,
  };
  for (const [name, value] of Object.entries(query)) if (value !== undefined) authorize.searchParams.set(name, value);
  return authorize.toString();
}
