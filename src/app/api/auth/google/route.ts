import { handleRest } from "~/server/api/handlers";

// POST /api/auth/google (a static route, so next-auth's /api/auth/[...nextauth] does not take it)
export const POST = (req: Request) => handleRest(req);
