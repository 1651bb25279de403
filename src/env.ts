import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

import { issuerUrlAllowed, OIDC_DEFAULT_NAME } from "./lib/rules/oidc";

/**
 * The only module that reads process.env. Every variable is optional: with none set the app
 * runs on an embedded PostgreSQL, the offline AI engine and keyless video search.
 */
const optionalUrl = z.url().optional();
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    /** PostgreSQL server; unset = the embedded server started by `dev`/`start`. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Server processes of this instance: `npm start` runs one per core unless set, and tells each how many there are. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Signs session tokens; `dev`/`start` create one under .data/ when unset. */
    NEXTAUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    NEXTAUTH_URL: optional(z.url()),
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    /** OpenID issuer for Google sign-in; tests point it at a local fake provider. */
    GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, z.url().default("https://accounts.google.com")),
    /**
     * School sign-in (OpenID Connect: Keycloak, Entra ID, Okta, Google Workspace): the issuer whose
     * /.well-known/openid-configuration is read, and the client registered there. https only;
     * http:// for a provider on this machine (localhost, 127.0.0.1, [::1]) or with OIDC_ALLOW_HTTP_ISSUER=1.
     */
    OIDC_ISSUER: optional(
      z
        .url()
        .max(255)
        .refine((value) => issuerUrlAllowed(value, { allowHttp: ["1", "true"].includes(process.env.OIDC_ALLOW_HTTP_ISSUER ?? "") }), {
          message: "must be an https:// URL without a query or fragment (http:// only for localhost or with OIDC_ALLOW_HTTP_ISSUER=1)",
        }),
    ),
    /** Lets OIDC_ISSUER be http:// on another host ("1"): a provider on your own network in development only. */
    OIDC_ALLOW_HTTP_ISSUER: z.preprocess(emptyAsUndefined, z.enum(["0", "1", "true", "false"]).default("0")).transform((v) => v === "1" || v === "true"),
    OIDC_CLIENT_ID: optional(z.string().max(255)),
    OIDC_CLIENT_SECRET: optional(z.string().max(1024)),
    /** The school sign-in button's text. */
    OIDC_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(60).default(OIDC_DEFAULT_NAME)),
    /**
     * The proxies of your own in front of the app, whose X-Forwarded-For/-Host/-Proto/-Port count:
     * "true" is one, a number 1-10 that many; "false" (the default) none.
     */
    TRUST_PROXY: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .regex(/^(true|false|[0-9]|10)$/, 'must be "true", "false" or a number of proxies (0-10)')
          .default("false"),
      )
      .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
    /** The tRPC panel at /api/panel in production too ("1"), for signed-in learners acting as themselves; development always has it. */
    TRPC_PANEL: z.preprocess(emptyAsUndefined, z.enum(["0", "1", "true", "false"]).default("0")).transform((v) => v === "1" || v === "true"),
    /** Accounts one client address may create per hour (docs/features/rate-limits.md). */
    REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
    /** Accounts one client address may create in ten minutes: the burst of a class registering at once. */
    REGISTER_LIMIT_PER_TEN_MINUTES: z.coerce.number().int().min(1).max(100_000).default(100),
    LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
    OPENAI_API_KEY: optional(z.string()),
    OPENAI_BASE_URL: optionalUrl,
    AI_MODEL: optional(z.string()),
    /** Per model call, milliseconds. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(90_000),
    /** Model calls one generation job makes at once (a long video's parts, a playlist's videos). */
    AI_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(3),
    YOUTUBE_API_KEY: optional(z.string()),
    /** YouTube Data API v3 base; tests point it at a local fake. */
    YOUTUBE_API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default("https://www.googleapis.com/youtube/v3")),
    /** Origin the keyless client (youtubei.js) talks to; tests point it at a local fake. */
    YOUTUBEI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default("https://www.youtube.com")),
    VIDEO_LIBRARY_DIR: optional(z.string()),
    /** LTI platforms registered with http:// URLs are accepted ("1"): a local LMS or the tests only; real platforms are https. */
    LTI_ALLOW_HTTP_PLATFORMS: z.preprocess(emptyAsUndefined, z.enum(["0", "1", "true", "false"]).default("0")).transform((v) => v === "1" || v === "true"),
    /** The app's own files (session secret, keys, the mail outbox's .eml files); `dev`/`start` use .data/ when unset. */
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data")),
    /**
     * Where mail goes: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465, sent
     * over a pool of connections. Unset: every message is written as an .eml file to DATA_DIR/outbox/.
     */
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")),
    /** The From of every message, e.g. "CourseCraft <no-reply@example.com>"; unset: CourseCraft <no-reply@the public host>. */
    MAIL_FROM: optional(
      z
        .string()
        .max(300)
        .regex(/^[^\r\n]*@[^\r\n]*$/, "must be an address, optionally with a name, on one line"),
    ),
    /** Comma-separated order of video sources: library, youtube (API with a key, else keyless), youtube-api, youtubei. */
    VIDEO_SOURCES: optional(z.string()),
    /** The course player: the YouTube IFrame player, or a local stub that plays a silent clock (browser tests). */
    VIDEO_PLAYER: z.preprocess(emptyAsUndefined, z.enum(["youtube", "stub"]).default("youtube")),
    /** Course-generation jobs run at once by one app instance. */
    GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    STRIPE_SECRET_KEY: optional(z.string()),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    STRIPE_PRICE_ID: optional(z.string()),
    /** Stripe's API origin; tests point it at a local fake (test/fakes/stripe.mjs). */
    STRIPE_API_BASE: optionalUrl,
    /** Web Push (VAPID) keys, base64url; unset = a pair created once in DATA_DIR/vapid-keys.json. */
    VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, "must be the base64url public key web-push generates")),
    VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, "must be the base64url private key web-push generates")),
    /** Who runs this server, for push services: a mailto: or https: URL. */
    VAPID_SUBJECT: optional(z.string().regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// URL")),
    /** Tests only: let push endpoints be http:// and on private or loopback addresses (a fake push service). */
    PUSH_ALLOW_PRIVATE_ENDPOINTS: z.preprocess(emptyAsUndefined, z.enum(["0", "1"]).default("0")).transform((v) => v === "1"),
    /** How often each server process runs a reminder pass, in seconds; 0 runs none (`npm run reminders:run` still does). */
    REMINDERS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  },
  client: {},
  experimental__runtimeEnv: {},
  emptyStringAsUndefined: true,
  skipValidation: process.env.SKIP_ENV_VALIDATION === "1",
});
