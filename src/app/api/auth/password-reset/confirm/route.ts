import { serveApiRoute } from "~/server/api/routes";

// POST /api/auth/password-reset/confirm: a static route, so next-auth's /api/auth/[...nextauth] does not take it; served from the route table.
export {
  serveApiRoute as DELETE,
  serveApiRoute as GET,
  serveApiRoute as HEAD,
  serveApiRoute as OPTIONS,
  serveApiRoute as PATCH,
  serveApiRoute as POST,
  serveApiRoute as PUT,
};
