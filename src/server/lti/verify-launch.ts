import { errors, jwtVerify } from "jose";

import { LTI_CLOCK_SKEW_SECONDS } from "~/lib/rules/lti";
import type { PlatformRow } from "~/server/db/queries/lti";

import { LTI_CLAIM, type LaunchClaims, launchClaims } from "./claims";
import { platformKeySet } from "./platform-keys";

/** Why a launch was refused: for the log only; the platform's user sees one plain message. */
export class LaunchRefused extends Error {
  override readonly name = "LaunchRefused";
}

/** Asymmetric algorithms only: "none" and the HMAC family (a key the platform would share) are refused. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512"];

/**
 * Checks an id_token as LTI 1.3 and the IMS Security Framework ask: the signature against the
 * platform's published keys, the issuer, the audience (and `azp` when several audiences, or any),
 * the times with LTI_CLOCK_SKEW_SECONDS of skew, the nonce issued with the login, then the claims:
 * message type, version 1.3.0 and a deployment the platform registered. Answers the claims or
 * throws LaunchRefused.
 */
export async function verifyLaunchToken(idToken: string, { platform, nonce, now }: { platform: PlatformRow; nonce: string; now: Date }): Promise<LaunchClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, platformKeySet(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: LTI_CLOCK_SKEW_SECONDS,
      currentDate: now,
      requiredClaims: ["iat", "exp", "sub", "nonce"],
    }));
  } catch (error) {
    throw new LaunchRefused(error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : "the id_token could not be read");
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== platform.clientId) throw new LaunchRefused("azp is not this tool's client id");
  if (typeof payload.iat !== "number" || payload.iat > now.getTime() / 1000 + LTI_CLOCK_SKEW_SECONDS) throw new LaunchRefused("iat is in the future");
  if (payload.nonce !== nonce) throw new LaunchRefused("the nonce is not the one issued with this login");
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) throw new LaunchRefused(`claims: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
  const claims = parsed.data;
  if (!platform.deploymentIds.includes(claims[LTI_CLAIM.deploymentId])) throw new LaunchRefused("the deployment is not registered");
  if (claims[LTI_CLAIM.messageType] === "LtiResourceLinkRequest" && !claims[LTI_CLAIM.resourceLink])
    throw new LaunchRefused("a resource link launch without resource_link");
  if (claims[LTI_CLAIM.messageType] === "LtiDeepLinkingRequest" && !claims[LTI_CLAIM.deepLinkingSettings])
    throw new LaunchRefused("a deep linking request without its settings");
  return claims;
}
