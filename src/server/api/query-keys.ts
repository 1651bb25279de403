import type { AnyTRPCProcedure } from "@trpc/server";
import type { OpenApiMeta, OpenApiRouter } from "trpc-to-openapi";
import { z } from "zod";

import { compilePath } from "./paths";

/** The methods whose input trpc-to-openapi reads from the query string (the others read the body). */
const QUERY_METHODS = new Set(["GET", "DELETE"]);

/**
 * For each documented path read from the query string, the keys its procedure's input declares,
 * as a lookup `(method, path) → keys`; null for a method with a body or a path no procedure serves.
 * Where two procedures' templates match one path ("/courses/user", "/courses/{id}"), their keys
 * are joined, so a key is only ever dropped when no candidate could read it.
 */
export function queryKeysByPath(router: OpenApiRouter): (method: string, pathname: string) => ReadonlySet<string> | null {
  const routes: { method: string; matches: (pathname: string) => unknown; keys: readonly string[] }[] = [];
  for (const procedure of Object.values(router._def.procedures as Record<string, AnyTRPCProcedure>)) {
    const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!openapi || !QUERY_METHODS.has(openapi.method)) continue;
    routes.push({ method: openapi.method, matches: compilePath(openapi.path), keys: inputKeys(procedure._def.inputs as unknown[]) });
  }
  return (method, pathname) => {
    if (!QUERY_METHODS.has(method)) return null;
    const candidates = routes.filter((route) => route.method === method && route.matches(pathname));
    return candidates.length ? new Set(candidates.flatMap((route) => route.keys)) : null;
  };
}

/** The top-level keys of a procedure's object input, through `.optional()`, `.default()` and the like. */
export function inputKeys(inputs: readonly unknown[]): string[] {
  return inputs.flatMap((input) => {
    let schema = input;
    while (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable) schema = schema.unwrap();
    return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  });
}
