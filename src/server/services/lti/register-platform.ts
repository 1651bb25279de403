import { env } from "~/env";
import { ltiPlatformInput, type LtiPlatformInput } from "~/lib/schemas/lti";
import type { DbClient } from "~/server/db/client";
import { deletePlatform, type PlatformRow, selectPlatforms, upsertPlatform } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";

/**
 * Registers a platform (or replaces its registration: same issuer and client id). Its URLs must be
 * https; http:// only with LTI_ALLOW_HTTP_PLATFORMS (a local LMS, the tests), because the tool
 * trusts the keys and tokens it fetches there.
 */
export async function registerPlatform(db: DbClient, input: LtiPlatformInput): Promise<PlatformRow> {
  const parsed = ltiPlatformInput.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  const platform = parsed.data;
  for (const [name, url] of [
    ["auth URL", platform.authUrl],
    ["token URL", platform.tokenUrl],
    ["JWKS URL", platform.jwksUrl],
  ] as const) {
    const protocol = new URL(url).protocol;
    if (protocol !== "https:" && !(protocol === "http:" && env.LTI_ALLOW_HTTP_PLATFORMS))
      throw new AppError("BAD_REQUEST", `The ${name} must be https:// (http:// only with LTI_ALLOW_HTTP_PLATFORMS=1, for a local platform)`);
  }
  return upsertPlatform(db, { ...platform, deploymentIds: [...new Set(platform.deploymentIds)] });
}

export function listPlatforms(db: DbClient): Promise<PlatformRow[]> {
  return selectPlatforms(db);
}

export async function removePlatform(db: DbClient, registration: { issuer: string; clientId: string }): Promise<void> {
  if (!(await deletePlatform(db, registration))) throw new AppError("NOT_FOUND", "No platform is registered with this issuer and client id");
}
