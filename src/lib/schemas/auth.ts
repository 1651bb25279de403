import { z } from "zod";

import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH } from "~/lib/rules/account";

import { storableText } from "./common";

const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;

export const usernameSchema = storableText("Username")
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(32, "Username must be at most 32 characters")
  .regex(USERNAME_PATTERN, "Username may only contain letters, digits, '.', '_' and '-'");

const passwordSchema = storableText("Password")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginInput = z
  .object({
    username: storableText("Username").trim().min(1, "Please enter both username and password").max(254),
    password: storableText("Password").min(1, "Please enter both username and password").max(PASSWORD_MAX_LENGTH),
  })
  .strict();

export const registerInput = z
  .object({
    username: usernameSchema,
    email: storableText("Email").trim().toLowerCase().pipe(z.email("Please enter a valid email address").max(254)),
    password: passwordSchema,
    /** The form sends it; other clients may omit it. */
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .strict()
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const changePasswordInput = z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: passwordSchema }).strict();

/** Sent by the browser after a provider's sign-in popup closes; never trusted, only compared with the session. */
export const googleSyncInput = z
  .object({
    uid: z.string().max(255).optional(),
    email: z.string().max(254).nullish(),
    displayName: z.string().max(200).nullish(),
    photoURL: z.string().max(2048).nullish(),
  })
  .strict()
  .optional();

export const userOutput = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
});
export type PublicUser = z.infer<typeof userOutput>;

export const okOutput = z.object({ success: z.literal(true) });

/** An address as typed on /account: one line (CR or LF anywhere is refused before trimming), at most 254 characters. */
const addressSchema = storableText("Email")
  .refine((value) => !/[\r\n]/.test(value), ACCOUNT_MESSAGES.emailLines)
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`));

export const changeEmailInput = z.object({ email: addressSchema }).strict();

/** A link's token as it stands in the URL: 32 bytes in base64url are 43 characters. */
const linkTokenSchema = z.string({ error: "The link's token is missing" }).regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.invalidLink);

export const verifyEmailInput = z.object({ token: linkTokenSchema }).strict();

export const emailStateOutput = z.object({ email: z.string().nullable(), verified: z.boolean() });

export const passwordResetInput = z
  .object({ identifier: storableText("Username or email").trim().min(1, "Please enter your username or email").max(EMAIL_MAX_LENGTH) })
  .strict();

export const passwordResetOutput = z.object({ accepted: z.literal(true), message: z.string() });

export const passwordResetConfirmInput = z.object({ token: linkTokenSchema, password: passwordSchema }).strict();
