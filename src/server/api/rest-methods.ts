import type { AnyTRPCProcedure } from "@trpc/server";
import type { OpenApiMeta, OpenApiRouter } from "trpc-to-openapi";

import { pathPattern } from "./paths";

/**
 * The methods the documented REST paths answer, as a lookup `pathname → methods` (empty for a
 * path no procedure serves). A pathname may match several templates ("/api/courses/user" and
 * "/api/courses/{id}"): the ones with the most literal segments own it, so that
 * `GET /api/courses/generate-from-topic` is a wrong method on that POST path (405), not an
 * invalid `{id}` of another path (400).
 */
export function documentedMethodsByPath(router: OpenApiRouter, prefix: string): (pathname: string) => readonly string[] {
  const templates = new Map<string, { pattern: RegExp; literals: number; methods: string[] }>();
  for (const procedure of Object.values(router._def.procedures as Record<string, AnyTRPCProcedure>)) {
    const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!openapi) continue;
    const template = `${prefix}${openapi.path}`;
    const entry = templates.get(template) ?? { pattern: pathPattern(template).pattern, literals: literalSegments(template), methods: [] };
    entry.methods.push(openapi.method);
    templates.set(template, entry);
  }
  const entries = [...templates.values()];
  // Asked on every request: the answers for the paths seen last are kept (a course's id repeats).
  const recent = new Map<string, readonly string[]>();
  return (pathname) => {
    const known = recent.get(pathname);
    if (known) return known;
    const matching = entries.filter((entry) => entry.pattern.test(pathname));
    const most = Math.max(0, ...matching.map((entry) => entry.literals));
    const methods = [...new Set(matching.filter((entry) => entry.literals === most).flatMap((entry) => entry.methods))];
    if (recent.size >= 1_000) recent.clear();
    recent.set(pathname, methods);
    return methods;
  };
}

const literalSegments = (template: string) => template.split("/").filter((segment) => segment && !segment.startsWith("{")).length;
