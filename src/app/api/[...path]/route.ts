import { serveApiRoute } from "~/server/api/routes";

// Every /api route but next-auth's, from the one route table (src/server/api/routes.ts).
export {
  serveApiRoute as DELETE,
  serveApiRoute as GET,
  serveApiRoute as HEAD,
  serveApiRoute as OPTIONS,
  serveApiRoute as PATCH,
  serveApiRoute as POST,
  serveApiRoute as PUT,
};
