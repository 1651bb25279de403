import { z } from "zod";

import { idParam, learnerText, storableText, wholeNumberSchema } from "./common";
import { CLASS_NAME_MAX_LENGTH, INVITE_CODE_MAX_LENGTH, INVITE_MAX_DAYS } from "~/lib/rules/classes";

const CLASS_ROLES = ["owner", "teacher", "member"] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];

const className = learnerText("Name", "one-line")
  .min(1, "Please give the class a name")
  .max(CLASS_NAME_MAX_LENGTH, `A class name can be at most ${CLASS_NAME_MAX_LENGTH} characters`);

/** Compared as typed: a code is random text, never cleaned. */
const inviteCode = storableText("Code")
  .min(1, "Please enter an invite code")
  .max(INVITE_CODE_MAX_LENGTH, `An invite code is at most ${INVITE_CODE_MAX_LENGTH} characters`);

/** POST /api/classes */
export const classCreateInput = z.object({ name: className }).strict();

/** GET, PATCH (no fields) and DELETE /api/classes/{id}, POST /api/classes/{id}/leave, DELETE /api/classes/{id}/invite */
export const classIdInput = z.object({ id: idParam }).strict();

/** PATCH /api/classes/{id}: what is sent changes. */
export const classUpdateInput = z
  .object({ id: idParam, name: className.optional(), archived: z.boolean({ error: "archived must be true or false" }).optional() })
  .strict();
export type ClassUpdateInput = z.infer<typeof classUpdateInput>;

/** POST /api/classes/join */
export const classJoinInput = z.object({ code: inviteCode }).strict();

/** GET /api/classes/join/{code} */
export const classPreviewInput = z.object({ code: inviteCode }).strict();

/** POST /api/classes/{id}/invite: a new code, the old one stops working at once. */
export const classInviteInput = z
  .object({
    id: idParam,
    expiresInDays: wholeNumberSchema("expiresInDays", {
      kind: "a number of days",
      wholeMessage: "expiresInDays must be a whole number of days",
      min: 1,
      minMessage: "An invitation must last at least 1 day",
      max: INVITE_MAX_DAYS,
      maxMessage: `An invitation can last at most ${INVITE_MAX_DAYS} days`,
    }).optional(),
  })
  .strict();

/**
 * PATCH /api/classes/{id}/members/{memberId}. The member is named `memberId`, not `userId`: in
 * this API a `userId` input is always the caller's own (ownUserIdOnly).
 */
export const classMemberRoleInput = z
  .object({ id: idParam, memberId: idParam, role: z.enum(["teacher", "member"], { error: "role must be teacher or member" }) })
  .strict();

/** DELETE /api/classes/{id}/members/{memberId} */
export const classMemberInput = z.object({ id: idParam, memberId: idParam }).strict();

const person = z.object({ userId: z.number().int(), username: z.string() });

const classMemberOutput = person.extend({ role: z.enum(CLASS_ROLES), joinedAt: z.string().describe("ISO 8601") });
export type ClassMemberView = z.infer<typeof classMemberOutput>;

/** A class as one of its members sees it: the invitation and the member list only for its owner and teachers. */
const classOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(CLASS_ROLES).describe("The caller's role in the class"),
  archived: z.boolean(),
  memberCount: z.number().int(),
  owner: person,
  teachers: z.array(person),
  inviteCode: z.string().nullable().describe("Owner and teachers only; null for members"),
  inviteExpiresAt: z.string().nullable().describe("ISO 8601; owner and teachers only"),
  inviteRevoked: z.boolean().nullable().describe("Owner and teachers only"),
  members: z.array(classMemberOutput).nullable().describe("Every member with their role, by join time; owner and teachers only"),
  rosterSync: z.boolean().nullable().describe("Owner and teachers only: whether the class comes from an LMS course whose roster can be synced"),
});
export type ClassView = z.infer<typeof classOutput>;

export const classResultOutput = z.object({ class: classOutput });

/** POST /api/classes/join: `joined` is false when the caller was a member already. */
export const classJoinOutput = z.object({ class: classOutput, joined: z.boolean() });

/** GET /api/classes */
export const classListOutput = z.object({
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(CLASS_ROLES), archived: z.boolean(), memberCount: z.number().int() })),
});

/** GET /api/classes/join/{code}: what the join screen asks the learner to confirm. */
export const classPreviewOutput = z.object({
  class: z.object({ name: z.string(), owner: z.string().describe("The owner's username"), teachers: z.array(z.string()), memberCount: z.number().int() }),
  alreadyMember: z.boolean(),
});

/** POST /api/classes/{id}/roster-sync */
export const classRosterSyncOutput = z.object({
  learners: z.number().int().describe("Active learners in the LMS course's roster"),
  added: z.number().int().describe("Of them, how many this sync added to the class"),
  notAdded: z.number().int().describe("Learners left out because the class is full (1,000 members)"),
});
export type ClassRosterSync = z.infer<typeof classRosterSyncOutput>;

export const classInviteOutput = z.object({ inviteCode: z.string(), inviteExpiresAt: z.string().describe("ISO 8601") });

export const classMemberResultOutput = z.object({ member: classMemberOutput });
