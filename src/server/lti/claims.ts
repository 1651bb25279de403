import { z } from "zod";

import { LTI_MAX_CLAIM_LENGTH, LTI_MAX_ID_LENGTH } from "~/lib/rules/lti";

/** The claims of an LTI 1.3 launch this tool reads (LTI Core 1.3, Deep Linking 2.0, AGS 2.0, NRPS 2.0). */
export const LTI_CLAIM = {
  messageType: "https://purl.imsglobal.org/spec/lti/claim/message_type",
  version: "https://purl.imsglobal.org/spec/lti/claim/version",
  deploymentId: "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
  targetLinkUri: "https://purl.imsglobal.org/spec/lti/claim/target_link_uri",
  resourceLink: "https://purl.imsglobal.org/spec/lti/claim/resource_link",
  roles: "https://purl.imsglobal.org/spec/lti/claim/roles",
  context: "https://purl.imsglobal.org/spec/lti/claim/context",
  custom: "https://purl.imsglobal.org/spec/lti/claim/custom",
  deepLinkingSettings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  gradeService: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  rosterService: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
} as const;

/** The OAuth scopes of the Advantage services this tool asks a platform's token URL for. */
export const LTI_SCOPE = {
  /** AGS: post scores to a line item. */
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  /** NRPS: read a context's memberships. */
  roster: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
} as const;

const LTI_MESSAGE_TYPES = ["LtiResourceLinkRequest", "LtiDeepLinkingRequest"] as const;

/** Roles that make a launcher a teacher of the context's class: the context's instructors and administrators, and the institution's administrators. */
const TEACHING_ROLES = new Set([
  "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
  "http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator",
  "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator",
  "http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator",
]);

const id = z.string().min(1).max(LTI_MAX_ID_LENGTH);
const text = z.string().max(LTI_MAX_CLAIM_LENGTH);
/** Web addresses only: a return URL the tool posts a form to must never be javascript: or data:. */
const url = z.url({ protocol: /^https?$/ }).max(LTI_MAX_CLAIM_LENGTH);

/**
 * The launch's claims, after the signature, issuer, audience and times have been checked
 * (verify-launch.ts). Bounded everywhere: an id_token is the platform's word, but its size is ours
 * to limit. Unknown claims pass untouched; names are cleaned where they are shown, not here.
 */
export const launchClaims = z.looseObject({
  sub: id,
  nonce: z.string().min(1).max(128),
  azp: id.optional(),
  name: text.optional(),
  given_name: text.optional(),
  family_name: text.optional(),
  [LTI_CLAIM.messageType]: z.enum(LTI_MESSAGE_TYPES),
  [LTI_CLAIM.version]: z.literal("1.3.0"),
  [LTI_CLAIM.deploymentId]: id,
  [LTI_CLAIM.targetLinkUri]: url.optional(),
  [LTI_CLAIM.roles]: z.array(text).max(100),
  [LTI_CLAIM.resourceLink]: z.looseObject({ id, title: text.optional() }).optional(),
  [LTI_CLAIM.context]: z.looseObject({ id, title: text.optional(), label: text.optional() }).optional(),
  [LTI_CLAIM.custom]: z.record(z.string().max(100), z.unknown()).optional(),
  [LTI_CLAIM.deepLinkingSettings]: z
    .looseObject({ deep_link_return_url: url, accept_types: z.array(text).max(20).optional(), data: text.optional() })
    .optional(),
  [LTI_CLAIM.gradeService]: z.looseObject({ scope: z.array(text).max(20).optional(), lineitems: url.optional(), lineitem: url.optional() }).optional(),
  [LTI_CLAIM.rosterService]: z.looseObject({ context_memberships_url: url }).optional(),
});

export type LaunchClaims = z.infer<typeof launchClaims>;

/** Whether the launcher teaches the context (an Instructor or an administrator). */
export function isTeaching(roles: readonly string[]): boolean {
  return roles.some((role) => TEACHING_ROLES.has(role));
}

/** The launcher's name as the claims give it, best first; null when they give none. */
export function launcherName(claims: Pick<LaunchClaims, "name" | "given_name" | "family_name">): string | null {
  const joined = [claims.given_name, claims.family_name].filter(Boolean).join(" ");
  return claims.name?.trim() || joined.trim() || null;
}
