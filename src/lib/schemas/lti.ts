import { z } from "zod";

import { LTI_MAX_CLAIM_LENGTH, LTI_MAX_ID_LENGTH } from "~/lib/rules/lti";

const id = z.string().trim().min(1).max(LTI_MAX_ID_LENGTH);

/** What a platform sends to start a launch (OIDC third-party login initiation), by GET query or POST form. */
export const ltiLoginParams = z.object({
  iss: id,
  login_hint: z.string().min(1).max(LTI_MAX_CLAIM_LENGTH),
  target_link_uri: z.url().max(LTI_MAX_CLAIM_LENGTH),
  lti_message_hint: z.string().max(LTI_MAX_CLAIM_LENGTH).optional(),
  client_id: id.optional(),
  lti_deployment_id: id.optional(),
});
export type LtiLoginParams = z.infer<typeof ltiLoginParams>;

/** What the platform posts back to /api/lti/launch. */
export const ltiLaunchForm = z.object({
  id_token: z.string().min(1).max(60_000),
  state: z.string().min(1).max(64),
});

/** A registration as an operator gives it (npm run lti:platform -- add). */
export const ltiPlatformInput = z.object({
  issuer: id,
  clientId: id,
  deploymentIds: z.array(id).min(1).max(50),
  authUrl: z.url().max(2048),
  tokenUrl: z.url().max(2048),
  jwksUrl: z.url().max(2048),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInput>;

/** The teacher's pick in the deep-linking picker (JSON, or the picker's form: its numbers and date come as text). */
export const ltiDeepLinkInput = z.object({
  launchId: z.uuid(),
  courseId: z.coerce.number().int().positive().max(2_147_483_647),
  dueAt: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.date().optional()),
});
