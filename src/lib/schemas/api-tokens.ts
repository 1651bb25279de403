import { z } from "zod";

import { idSchema, learnerText, wholeNumberSchema } from "./common";
import { API_TOKEN_MAX_EXPIRY_DAYS, API_TOKEN_NAME_MAX_LENGTH } from "~/lib/rules/api-tokens";

export const apiTokenCreateInput = z
  .object({
    name: learnerText("Name", "one-line")
      .min(1, "Please give the token a name")
      .max(API_TOKEN_NAME_MAX_LENGTH, `Name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`),
    /** Days until the token stops working; null: it never expires. */
    expiresInDays: wholeNumberSchema("expiresInDays", {
      kind: "a number of days or null",
      wholeMessage: "expiresInDays must be a whole number of days",
      min: 1,
      minMessage: "The expiry must be at least 1 day in the future",
      max: API_TOKEN_MAX_EXPIRY_DAYS,
      maxMessage: `The expiry must be at most ${API_TOKEN_MAX_EXPIRY_DAYS} days`,
    }).nullable(),
  })
  .strict();
export type ApiTokenCreateInput = z.infer<typeof apiTokenCreateInput>;

export const apiTokenIdInput = z.object({ id: idSchema }).strict();

const apiTokenOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters ("cc_pat_AbCd"): enough to tell tokens apart, useless to an attacker. */
  prefix: z.string(),
  createdAt: z.string().describe("ISO 8601"),
  lastUsedAt: z.string().nullable().describe("ISO 8601; updated at most once a minute"),
  expiresAt: z.string().nullable().describe("ISO 8601; null: never expires"),
  expired: z.boolean(),
});
export type ApiTokenView = z.infer<typeof apiTokenOutput>;

export const apiTokenListOutput = z.array(apiTokenOutput);

/** The token itself is in `token`, this once: only its hash is stored. */
export const apiTokenCreatedOutput = z.object({ token: z.string(), apiToken: apiTokenOutput });
