import type { TRPCClientErrorLike } from "@trpc/client";

import type { AppRouter } from "~/server/api/root";

type ApiError = TRPCClientErrorLike<AppRouter>;
type IssueTree = { errors?: string[]; properties?: Record<string, { errors?: string[] } | undefined> };

/**
 * Field-level messages from a failed call: zod issues per field, plus the "already taken"
 * conflicts that belong to one field.
 */
export function fieldErrors<Field extends string>(error: ApiError, fields: readonly Field[]): Partial<Record<Field, string>> {
  const result: Partial<Record<Field, string>> = {};
  const tree = error.data?.issues as IssueTree | undefined;
  for (const field of fields) {
    const message = tree?.properties?.[field]?.errors?.[0];
    if (message) result[field] = message;
  }
  if (error.data?.code === "CONFLICT") {
    if (/^username/i.test(error.message) && fields.includes("username" as Field)) result["username" as Field] ??= error.message;
    else if (/email/i.test(error.message) && fields.includes("email" as Field)) result["email" as Field] ??= error.message;
  }
  return result;
}
