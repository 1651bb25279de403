import { OIDC_MAX_CLAIM_LENGTH, OIDC_MAX_ID_LENGTH } from "~/lib/rules/oidc";

/** What a school sign-in keeps of the provider's claims (the id_token's, completed by userinfo). */
export type OidcProfile = {
  issuer: string;
  subject: string;
  /** Lower-cased; null when absent or not an address. */
  email: string | null;
  /** The provider says it checked the address (`email_verified`); Entra ID never does. */
  emailVerified: boolean;
  /** For the display name: `name`, else given and family name, else preferred_username. */
  name: string | null;
  /** For the username: preferred_username (its local part when it is an address), else name, else the address's local part. */
  usernameHint: string | null;
};

const MAX_EMAIL_LENGTH = 254;
/** One @, something either side, a dot in the domain; no spaces, controls, invisible or bidi characters. */
const EMAIL_SHAPE = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" || trimmed.length > OIDC_MAX_CLAIM_LENGTH ? null : trimmed;
}

/** An identifier kept in a column: as sent (no trimming: `sub` is compared exactly), 1-255 characters, no NUL. */
function identifier(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > OIDC_MAX_ID_LENGTH || value.includes("\u0000")) return null;
  return value;
}

function emailOf(value: unknown): string | null {
  const address = text(value)?.toLowerCase();
  return address && address.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(address) ? address : null;
}

const localPart = (address: string) => address.split("@")[0] ?? address;

/**
 * The profile of a school sign-in, or null when the claims lack a usable issuer or subject
 * (the sign-in is then refused). Only `iss` and `sub` identify the user; the rest are hints
 * for a new account's names and its e-mail, dropped when malformed or oversized.
 */
export function oidcProfileFrom(claims: Record<string, unknown>): OidcProfile | null {
  const issuer = identifier(claims.iss);
  const subject = identifier(claims.sub);
  if (!issuer || !subject) return null;
  const email = emailOf(claims.email);
  const preferred = text(claims.preferred_username);
  const given = [text(claims.given_name), text(claims.family_name)].filter((part) => part !== null).join(" ");
  const name = text(claims.name) ?? (given || null) ?? preferred;
  return {
    issuer,
    subject,
    email,
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === "true"),
    name,
    usernameHint: (preferred && localPart(preferred)) ?? name ?? (email && localPart(email)),
  };
}
