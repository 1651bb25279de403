import { z } from "zod";

import { LTI_MAX_CLAIM_LENGTH, LTI_MAX_ID_LENGTH, LTI_ROSTER_MAX_MEMBERS, LTI_ROSTER_MAX_PAGES } from "~/lib/rules/lti";

import { isTeaching } from "./claims";

/**
 * NRPS 2.0: a context's memberships, read page by page (Link rel="next") with a bearer token of the
 * roster scope. Bounded: LTI_ROSTER_MAX_PAGES pages, LTI_ROSTER_MAX_MEMBERS members, PAGE_MAX_BYTES
 * a page; a next page on another origin is refused (the token must not travel elsewhere).
 */
const MEMBERSHIPS_TYPE = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json";
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const LEARNER_ROLES = new Set(["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner", "Learner"]);

const text = z.string().max(LTI_MAX_CLAIM_LENGTH);
const membership = z.looseObject({
  user_id: z.string().min(1).max(LTI_MAX_ID_LENGTH),
  status: z.string().max(32).optional(),
  name: text.optional(),
  given_name: text.optional(),
  family_name: text.optional(),
  roles: z.array(text).max(100),
});
const container = z.looseObject({ members: z.array(z.unknown()).max(LTI_ROSTER_MAX_MEMBERS) });

export type RosterMember = z.infer<typeof membership>;

/** The roster could not be read: the platform refused, failed or answered something else. */
export class RosterUnavailable extends Error {
  override readonly name = "RosterUnavailable";
}

/** The URL a Link header names with rel="next", if any (RFC 8288; several links, quoted or bare rel). */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? "");
    const values = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (values.includes("next")) return match[1] ?? null;
  }
  return null;
}

/** An active learner of the context: a Learner role, no teaching role, not Inactive or Deleted. */
export function isActiveLearner(member: Pick<RosterMember, "roles" | "status">): boolean {
  if (member.status !== undefined && member.status !== "Active") return false;
  return member.roles.some((role) => LEARNER_ROLES.has(role)) && !isTeaching(member.roles);
}

/** Every membership of the context (entries that are not a membership are skipped). */
export async function readMemberships(membershipsUrl: string, token: string): Promise<RosterMember[]> {
  const origin = new URL(membershipsUrl).origin;
  const members: RosterMember[] = [];
  let url: string | null = membershipsUrl;
  for (let page = 0; url !== null; page++) {
    if (page >= LTI_ROSTER_MAX_PAGES) throw new RosterUnavailable(`more than ${LTI_ROSTER_MAX_PAGES} pages of memberships`);
    let next: URL;
    try {
      next = new URL(url, membershipsUrl);
    } catch {
      throw new RosterUnavailable("a next page that is not a URL");
    }
    if (next.origin !== origin) throw new RosterUnavailable("a page of memberships on another origin");
    let response: Response;
    try {
      response = await fetch(next, {
        headers: { Accept: MEMBERSHIPS_TYPE, Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: "error",
      });
    } catch (error) {
      throw new RosterUnavailable(`memberships unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new RosterUnavailable(`memberships answered ${response.status}`);
    }
    if (Number(response.headers.get("content-length") ?? 0) > PAGE_MAX_BYTES) throw new RosterUnavailable("a page of memberships is too large");
    const body = await response.text();
    if (body.length > PAGE_MAX_BYTES) throw new RosterUnavailable("a page of memberships is too large");
    let parsed: z.infer<typeof container>;
    try {
      parsed = container.parse(JSON.parse(body));
    } catch {
      throw new RosterUnavailable("memberships answered something other than a membership container");
    }
    for (const entry of parsed.members) {
      const member = membership.safeParse(entry);
      if (member.success) members.push(member.data);
    }
    if (members.length > LTI_ROSTER_MAX_MEMBERS) throw new RosterUnavailable(`more than ${LTI_ROSTER_MAX_MEMBERS} memberships`);
    url = nextLink(response.headers.get("link"));
  }
  return members;
}
