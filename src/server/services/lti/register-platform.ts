import { env } from "~/env";
import { ltiPlatformInput, type LtiPlatformInput } from "~/lib/schemas/lti";
import type { DbClient } from "~/server/db/client";
import { deletePlatform, type PlatformRow, selectPlatforms, upsertPlatform } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";

const allowsScheme = (protocol: string) => protocol === "https:" || (protocol === "http:" && env.LTI_ALLOW_HTTP_PLATFORMS);

/**
 * Registers a platform (or replaces its registration: same issuer and client id). Its URLs must be
 * https; http:// only with LTI_ALLOW_HTTP_PLATFORMS (a local LMS, the tests), because the tool
 * trusts the keys and tokens it fetches there. Frame origins are origins alone (no path), under
 * the same rule: they go into the Content-Security-Policy of the sessions the platform's launches
 * sign in.
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
    if (!allowsScheme(new URL(url).protocol))
      throw new AppError("BAD_REQUEST", `The ${name} must be https:// (http:// only with LTI_ALLOW_HTTP_PLATFORMS=1, for a local platform)`);
  }
  const frameOrigins = platform.frameOrigins.map((value) => {
    const url = new URL(value);
    if (!allowsScheme(url.protocol))
      throw new AppError("BAD_REQUEST", "A frame origin must be https:// (http:// only with LTI_ALLOW_HTTP_PLATFORMS=1, for a local platform)");
    if (url.href !== `${url.origin}/` || !/^[a-z0-9.-]+$/.test(url.hostname))
      throw new AppError("BAD_REQUEST", `A frame origin is a scheme, host and port only, such as ${url.origin}`);
    return url.origin;
  });
  return upsertPlatform(db, { ...platform, deploymentIds: [...new Set(platform.deploymentIds)], frameOrigins: [...new Set(frameOrigins)] });
}

export function listPlatforms(db: DbClient): Promise<PlatformRow[]> {
  return selectPlatforms(db);
}

export async function removePlatform(db: DbClient, registration: { issuer: string; clientId: string }): Promise<void> {
  if (!(await deletePlatform(db, registration))) throw new AppError("NOT_FOUND", "No platform is registered with this issuer and client id");
}
