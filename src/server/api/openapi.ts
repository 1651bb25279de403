import type { AnyTRPCProcedure } from "@trpc/server";
import { generateOpenApiDocument, type OpenApiMeta } from "trpc-to-openapi";

import { MAX_ID } from "~/lib/schemas/common";
import { CLASS_EXPORT_FORMATS } from "~/lib/schemas/assignments";
import { CARD_EXPORT_FORMATS, COURSE_EXPORT_FORMATS } from "~/lib/schemas/export";
import { type LimitRule, LIMITS } from "~/server/rate-limit";

import { CHAT_STREAM_PATH as CHAT_STREAM_ROUTE } from "./chat-stream";
import { CARDS_EXPORT_PATH, CLASS_EXPORT_PATH, COURSE_EXPORT_PATH } from "./exports";
import { MAX_BODY_BYTES } from "./http-guards";
import { appRouter } from "./root";

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
type Operation = { parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown>; security?: unknown[] };
type Meta = NonNullable<OpenApiMeta["openapi"]>;

const API_DESCRIPTION = `The documented /api paths of CourseCraft.

**Signing in.** Either kind of credential works on every protected path:
- a session cookie (\`next-auth.session-token\`; \`__Secure-next-auth.session-token\` over https), set by \`POST /api/login\` or \`POST /api/register\`;
- a personal API token, created on the Account page and sent as \`Authorization: Bearer <token>\`. A request that carries a token is
  authenticated by the token alone, never by a cookie. Tokens cannot create tokens, change the password, touch billing, or change a class's
  members, roles, invitation or existence (403).

**Mutations** need \`Content-Type: application/json\` (415 otherwise) and a body of at most 1 MiB (413). A browser's cross-site request
that rides a cookie (a foreign \`Origin\`, or \`Sec-Fetch-Site: cross-site\`) is refused with 403.

**Methods.** Every path answers \`HEAD\` as it answers \`GET\` (the same status and headers, no body) and \`OPTIONS\` with a 204 whose
\`Allow\` lists the methods it has; any other method it does not have is a 405 with that \`Allow\`. A path nobody serves is a 404.

**Query strings.** On paths that read their input from the query string, keys the path does not declare are ignored, so a cache-buster
such as \`?t=1732435200000\`, \`?_=…\` or \`?timestamp=…\` changes nothing; the declared keys are validated as documented. JSON bodies stay
strict: an undeclared field is a 400.

**Errors** have one body, \`Error\`: \`message\` is written for the person and may be shown as is; \`code\` is the machine-readable kind.
A 429 carries \`Retry-After\` (seconds). A 500 never carries details; a 503 means a service behind the app (the database, the AI or
video service, payments) could not be reached and the request may be retried.`;

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The session cookie that POST /api/login and POST /api/register set (named __Secure-next-auth.session-token over https).",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    description: "A personal API token from the Account page. A revoked or expired token gets 401 at once.",
  },
} as const;

/** The codes an error body can carry: the tRPC codes the app's errors map to, and the HTTP guards' own. */
const ERROR_CODES: string[] = [
  "BAD_REQUEST",
  "PARSE_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_SUPPORTED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNPROCESSABLE_CONTENT",
  "TOO_MANY_REQUESTS",
  "INTERNAL_SERVER_ERROR",
  "SERVICE_UNAVAILABLE",
];

export const ERROR_BODY_SCHEMA = {
  type: "object",
  description: "Every error of every path has this body.",
  properties: {
    message: { type: "string", description: "For the person: show it as is (e.g. 'Course Not Found')." },
    code: { type: "string", enum: ERROR_CODES, description: "The kind of error." },
    issues: {
      type: "array",
      description: "On a 400 for invalid input: every problem found, with the path of the field.",
      items: { type: "object", properties: { message: { type: "string" }, path: { type: "array", items: { type: ["string", "number"] } } } },
    },
    retryAfter: { type: "integer", minimum: 1, description: "On some 429s: the seconds to wait, as in the Retry-After header." },
    data: {
      type: "object",
      description: "The same error as the tRPC API reports it (code, httpStatus, path, retryAfter).",
      properties: { code: { type: "string" }, httpStatus: { type: "integer" }, path: { type: "string" }, retryAfter: { type: "integer" } },
    },
  },
  required: ["message", "code"],
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** What any call of this shape can meet, whatever its procedure does: the guards, sign-in, validation, the database. */
function sharedErrors(method: string, operation: Operation, isProtected: boolean): Record<number, string> {
  const errors: Record<number, string[]> = {};
  const add = (status: number, text: string) => (errors[status] ??= []).push(text);
  if (operation.parameters?.length || operation.requestBody) add(400, "Invalid input: `message` names the first problem, `issues` lists them all");
  if (method !== "get") {
    add(400, "A body that is not valid JSON or not UTF-8");
    add(403, "A cross-site request from a browser");
    add(413, `A body over ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    add(415, "A body that is not application/json");
  }
  if (isProtected) {
    add(401, "Not signed in, or the session or API token was revoked or has expired");
    add(429, "Too many requests with an invalid API token from this address (Retry-After)");
  }
  add(500, "An unexpected error (no details are sent)");
  add(503, "The database could not be reached; try again");
  return Object.fromEntries(Object.entries(errors).map(([status, texts]) => [status, texts.join("; ")]));
}

/**
 * Every operation's error responses, each with the one Error body: the shared ones its shape
 * implies, and the ones its procedure declares in `meta.openapi.errorResponses` (what its
 * service can refuse, in the service's words). trpc-to-openapi's own defaults are replaced:
 * they list statuses a path never answers and leave out the ones it does.
 */
function withErrorResponses(document: OpenApiDocument, metaByOperation: Map<string, Meta>): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      const operation = value as Operation;
      if (!operation?.responses) continue;
      const meta = metaByOperation.get(`${method.toUpperCase()} ${path}`);
      const declared = Array.isArray(meta?.errorResponses) ? {} : (meta?.errorResponses ?? {});
      const shared = sharedErrors(method, operation, meta?.protect !== false);
      const statuses = [...new Set([...Object.keys(shared), ...Object.keys(declared)])].map(Number).sort((a, b) => a - b);
      const errors = statuses.map((status) => [status, errorResponse([declared[status], shared[status]].filter(Boolean).join("; "))] as const);
      operation.responses = { ...pickSuccess(operation.responses, successStatusOf(`${method.toUpperCase()} ${path}`)), ...Object.fromEntries(errors) };
    }
  }
  return document;
}

/** The success responses; a procedure's `successStatus` (202) is documented in place of trpc-to-openapi's 200. */
const pickSuccess = (responses: Record<string, unknown>, successStatus: number) =>
  Object.fromEntries(
    Object.entries(responses)
      .filter(([status]) => status.startsWith("2"))
      .map(([status, response]) => [status === "200" ? String(successStatus) : status, response]),
  );

/** The status of an operation's success: 200 unless its procedure's meta says otherwise (REST adapter alike). */
function successStatusOf(operation: string): number {
  for (const procedure of Object.values(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>)) {
    const meta = procedure._def.meta as (OpenApiMeta & { successStatus?: number }) | undefined;
    if (meta?.openapi && `${meta.openapi.method} ${meta.openapi.path}` === operation) return meta.successStatus ?? 200;
  }
  return 200;
}

function openApiMetaByOperation(): Map<string, Meta> {
  const metas = new Map<string, Meta>();
  for (const procedure of Object.values(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>)) {
    const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
    if (openapi) metas.set(`${openapi.method} ${openapi.path}`, openapi);
  }
  for (const { meta } of HAND_WRITTEN) metas.set(`${meta.method} ${meta.path}`, meta);
  return metas;
}

let document: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of every REST path, generated from the routers' meta and schemas. */
export function openApiDocument(baseUrl: string): OpenApiDocument {
  document ??= withErrorResponses(buildDocument(), openApiMetaByOperation());
  return { ...document, servers: [{ url: baseUrl }] };
}

function buildDocument(): OpenApiDocument {
  const generated = generateOpenApiDocument(appRouter, {
    title: "CourseCraft API",
    description: API_DESCRIPTION,
    version: "1.0.0",
    baseUrl: "/api",
    tags: ["auth", "courses", "notes", "progress", "quizzes", "cards", "chat", "export", "gamification", "generation", "subscription", "classes"],
    securitySchemes: SECURITY_SCHEMES,
  });
  const security = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));
  return {
    ...generated,
    paths: {
      ...generated.paths,
      ...Object.fromEntries(
        HAND_WRITTEN.map(({ meta, operation, inputOf }) => [
          meta.path,
          { [meta.method.toLowerCase()]: { ...inputOperation(generated, inputOf), ...operation, security } },
        ]),
      ),
    },
    components: { ...generated.components, schemas: { ...generated.components?.schemas, Error: ERROR_BODY_SCHEMA } },
  } as unknown as OpenApiDocument;
}

/** The parameters and request body of the generated operation `inputOf` names (none without one). */
function inputOperation(generated: ReturnType<typeof generateOpenApiDocument>, inputOf: { method: "post"; path: string } | undefined) {
  if (!inputOf) return {};
  const source = generated.paths?.[inputOf.path]?.[inputOf.method];
  if (!source) throw new Error(`OpenAPI: no ${inputOf.method.toUpperCase()} ${inputOf.path} to take the input of`);
  return { parameters: source.parameters, requestBody: source.requestBody };
}

const CHAT_STREAM_PATH = CHAT_STREAM_ROUTE.replace(/^\/api/, "") as `/${string}`;

const CHAT_STREAM_META: Meta = {
  method: "POST",
  path: CHAT_STREAM_PATH,
  errorResponses: {
    403: "Another user's userId",
    404: "Course Not Found",
    429: "Too many messages (Retry-After; the body also has retryAfter seconds), or the AI service is busy",
    503: "The AI service could not be reached",
  },
};

/** The streamed chat reply is a route of its own (src/server/api/chat-stream.ts), not a procedure: documented by hand. */
const CHAT_STREAM_OPERATION = {
  tags: ["chat"],
  summary: "Ask the course tutor; the reply streams as an AI SDK UI message stream (server-sent events)",
  description:
    "The same checks, rate limit and storage as POST /courses/{id}/chat. Refusals come before the stream, as JSON. " +
    "Closing the connection stops the model and keeps what was said.",
  responses: {
    "200": {
      description: "`data: {chunk}` events (start, text-delta, …, finish with the stored message's id and timestamp, or error), then `data: [DONE]`.",
      content: { "text/event-stream": { schema: { type: "string" } } },
    },
  },
};

/** The hand-written entries below take their limits from the code that enforces them. */
const ID_PARAMETER_SCHEMA = { type: "integer", minimum: 1, maximum: MAX_ID };
const perMinute = ({ points, durationSeconds }: LimitRule) => (points * 60) / durationSeconds;
const COURSE_DOWNLOADS_PER_MINUTE = perMinute(LIMITS.courseExportsPerUser);
const CARD_DOWNLOADS_PER_MINUTE = perMinute(LIMITS.cardExportsPerUser);
const CLASS_DOWNLOADS_PER_MINUTE = perMinute(LIMITS.classExportsPerUser);

const COURSE_EXPORT_META: Meta = {
  method: "GET",
  path: COURSE_EXPORT_PATH.replace(/^\/api/, "") as `/${string}`,
  errorResponses: {
    404: "Course Not Found",
    429: `Too many course downloads: ${COURSE_DOWNLOADS_PER_MINUTE} a minute per learner (Retry-After; the body also has retryAfter seconds)`,
  },
};

/** GET /courses/{id}/export: a file, so a route of its own (src/server/api/exports.ts), documented by hand. */
const COURSE_EXPORT_OPERATION = {
  tags: ["export"],
  summary: "Download a course you can see as Markdown, with your own notes and cards",
  description:
    "The outline with each section's moment, the sections' content, and your notes and cards on the course (only yours, also on a public course). " +
    "Every moment links to the video there (https://www.youtube.com/watch?v=<videoId>&t=<seconds>s). Sent as an attachment named after the course. " +
    "Your notes keep their Markdown (emphasis, lists, quotes, code, http(s) and mailto links); raw HTML is written as text, an image as a link to it, " +
    `any other link as its text. Titles, card faces and the course's texts are plain text. At most ${COURSE_DOWNLOADS_PER_MINUTE} course downloads a minute.`,
  parameters: [
    { name: "id", in: "path", required: true, schema: ID_PARAMETER_SCHEMA },
    { name: "format", in: "query", required: true, schema: { type: "string", enum: [...COURSE_EXPORT_FORMATS] } },
  ],
  responses: {
    "200": {
      description: "The Markdown file (Content-Disposition: attachment).",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="<course-title>.md"' } },
      content: { "text/markdown": { schema: { type: "string" } } },
    },
  },
};

const CARDS_EXPORT_META: Meta = {
  method: "GET",
  path: CARDS_EXPORT_PATH.replace(/^\/api/, "") as `/${string}`,
  errorResponses: {
    404: "Course Not Found (courseId names a course you cannot see)",
    422: "Too much card text for one Anki deck: ask for one course's cards, or for TSV",
    429: `Too many card downloads: ${CARD_DOWNLOADS_PER_MINUTE} a minute per learner, or an Anki deck of yours is still being built (Retry-After; the body also has retryAfter seconds)`,
  },
};

/** GET /cards/export: a file, so a route of its own (src/server/api/exports.ts), documented by hand. */
const CARDS_EXPORT_OPERATION = {
  tags: ["export"],
  summary: "Download your flashcards as an Anki deck (.apkg) or as tab-separated text",
  description:
    "All your cards, or one course's with courseId. anki: an .apkg package (a deck per course under CourseCraft::, the moment linked on the back). " +
    "tsv: Anki's #separator/#html/#columns header lines, then front, back and the video link, tab-separated; a field holding a tab, line break or quote, " +
    "or starting with #, is quoted, quotes doubled. A field that starts like a spreadsheet formula (=, +, -, @, a tab or a carriage return, " +
    `also after spaces) gets a leading ' so it opens as text (OWASP's CSV injection rule). At most ${CARD_DOWNLOADS_PER_MINUTE} card downloads a minute, one Anki deck at a time.`,
  parameters: [
    { name: "format", in: "query", required: true, schema: { type: "string", enum: [...CARD_EXPORT_FORMATS] } },
    { name: "courseId", in: "query", required: false, schema: ID_PARAMETER_SCHEMA },
  ],
  responses: {
    "200": {
      description: "The file (Content-Disposition: attachment).",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="<name>.apkg" or ".tsv"' } },
      content: {
        "application/apkg": { schema: { type: "string", contentMediaType: "application/zip" } },
        "text/tab-separated-values": { schema: { type: "string" } },
      },
    },
  },
};

const CLASS_EXPORT_META: Meta = {
  method: "GET",
  path: CLASS_EXPORT_PATH.replace(/^\/api/, "") as `/${string}`,
  errorResponses: {
    403: "A member: only the class's owner and teachers export it",
    404: "Class not found: no such class, or one you are not in",
    429: `Too many class downloads: ${CLASS_DOWNLOADS_PER_MINUTE} a minute per learner (Retry-After; the body also has retryAfter seconds)`,
  },
};

/** GET /classes/{id}/export: a file, so a route of its own (src/server/api/exports.ts), documented by hand. */
const CLASS_EXPORT_OPERATION = {
  tags: ["classes"],
  summary: "Download the class's dashboard as CSV (owner and teachers)",
  description:
    "One row per member and assignment: username, last_active_at, assignment_id, course_title, due_at, sections_done, sections_total, quiz_average, " +
    "completed_at, status (done, overdue, in progress, not started). UTF-8 with a byte order mark, comma-separated, CRLF line ends (RFC 4180); " +
    "a cell holding a comma, quote or line break is quoted, quotes doubled, and a cell that starts like a spreadsheet formula (=, +, -, @, a tab or a " +
    `carriage return, also after spaces) gets a leading ' so it opens as text (OWASP's CSV injection rule). At most ${CLASS_DOWNLOADS_PER_MINUTE} class downloads a minute.`,
  parameters: [
    { name: "id", in: "path", required: true, schema: ID_PARAMETER_SCHEMA },
    { name: "format", in: "query", required: true, schema: { type: "string", enum: [...CLASS_EXPORT_FORMATS] } },
  ],
  responses: {
    "200": {
      description: "The CSV file (Content-Disposition: attachment).",
      headers: { "Content-Disposition": { schema: { type: "string" }, description: 'attachment; filename="<class-name>-<date>.csv"' } },
      content: { "text/csv": { schema: { type: "string" } } },
    },
  },
};

/**
 * The routes that are not procedures, each documented by hand; `inputOf`: a documented operation
 * whose parameters and body this one takes (generated from the same zod schema, so its limits
 * are never restated here).
 */
const HAND_WRITTEN: { meta: Meta; operation: object; inputOf?: { method: "post"; path: string } }[] = [
  { meta: CHAT_STREAM_META, operation: CHAT_STREAM_OPERATION, inputOf: { method: "post", path: "/courses/{id}/chat" } },
  { meta: COURSE_EXPORT_META, operation: COURSE_EXPORT_OPERATION },
  { meta: CARDS_EXPORT_META, operation: CARDS_EXPORT_OPERATION },
  { meta: CLASS_EXPORT_META, operation: CLASS_EXPORT_OPERATION },
];
