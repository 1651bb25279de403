import { z } from "zod";

import { LTI_MAX_CLAIM_LENGTH, LTI_MAX_FRAME_ORIGINS, LTI_MAX_ID_LENGTH, LTI_PICKER_QUERY_MAX_LENGTH } from "~/lib/rules/lti";

import { learnerText } from "./common";

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
  /** The origins the platform's pages frame the tool from (Canvas: the school's domain); none: the issuer's. */
  frameOrigins: z.array(z.url().max(LTI_MAX_ID_LENGTH)).max(LTI_MAX_FRAME_ORIGINS).default([]),
});
export type LtiPlatformInput = z.input<typeof ltiPlatformInput>;

/** The teacher's pick in the deep-linking picker (JSON, or the picker's form: its numbers and date come as text). */
export const ltiDeepLinkInput = z.object({
  launchId: z.uuid(),
  courseId: z.coerce.number().int().positive().max(2_147_483_647),
  dueAt: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.date().optional()),
});

/** The picker of a deep linking launch: the launch, and maybe words to find public courses by. */
export const ltiPickerInput = z
  .object({
    launchId: z.uuid(),
    q: learnerText("Search", "one-line").max(LTI_PICKER_QUERY_MAX_LENGTH).optional(),
  })
  .strict();

const pickableCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  language: z.string(),
  isPublic: z.boolean(),
  createdAt: z.date(),
});
export type PickableCourse = z.infer<typeof pickableCourse>;

export const ltiPickerOutput = z.object({
  launch: z.object({
    id: z.uuid(),
    /** open: a course may be picked; expired: too late; used: a course was picked already. */
    state: z.enum(["open", "expired", "used"]),
    /** The LMS course the link goes to, as the platform names it. */
    contextTitle: z.string().nullable(),
    expiresAt: z.date(),
  }),
  own: z.array(pickableCourse),
  public: z.array(pickableCourse),
});
export type LtiPicker = z.infer<typeof ltiPickerOutput>;
