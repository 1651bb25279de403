import NextAuth from "next-auth";

import { authOptions } from "~/server/services/auth/next-auth-options";

// GET|POST /api/auth/* — next-auth: Google sign-in, its callback, sign-out, CSRF token
async function handler(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return (NextAuth(authOptions()) as (req: Request, context: unknown) => Promise<Response>)(req, context);
}

export { handler as GET, handler as POST };
