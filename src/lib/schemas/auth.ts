import { z } from "zod";

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

/** Sent by the browser after the Google popup closes; never trusted, only compared with the session. */
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
