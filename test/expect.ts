import { TRPCError } from "@trpc/server";
import { expect } from "vitest";

import { retryAfterOf } from "~/server/api/trpc";

/** Awaits a call that must fail with `code` (and `message`, when given); returns the error. */
export async function expectTRPCError(call: Promise<unknown>, code: TRPCError["code"], message?: string | RegExp): Promise<TRPCError> {
  const outcome = await call.then(
    (value: unknown) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected ${code}, but the call succeeded with ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(TRPCError);
  const error = outcome.error as TRPCError;
  expect(error.code, error.message).toBe(code);
  if (typeof message === "string") expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
  return error;
}

/** The Retry-After seconds a TOO_MANY_REQUESTS error carries. */
export const retryAfterSecondsOf = (error: TRPCError) => retryAfterOf(error);

/** Settles every promise and tallies outcomes by tRPC code ("OK" for successes). */
export async function tally(calls: Promise<unknown>[]): Promise<Record<string, number>> {
  const results = await Promise.allSettled(calls);
  const counts: Record<string, number> = {};
  for (const result of results) {
    const key = result.status === "fulfilled" ? "OK" : result.reason instanceof TRPCError ? result.reason.code : `THROWN:${String(result.reason)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * A direct caller sees the raw ZodError as the cause of a BAD_REQUEST (HTTP clients get the
 * first message, formatted by errorFormatter): asserts one of its issues reads `message`.
 */
export async function expectValidationError(call: Promise<unknown>, message: string | RegExp): Promise<TRPCError> {
  const error = await expectTRPCError(call, "BAD_REQUEST");
  const issues = (error.cause as { issues?: { message: string }[] } | undefined)?.issues ?? [];
  const messages = issues.map((issue) => issue.message);
  if (typeof message === "string") expect(messages).toContain(message);
  else
    expect(
      messages.some((text) => message.test(text)),
      `${messages.join(" | ")} should match ${message}`,
    ).toBe(true);
  return error;
}
