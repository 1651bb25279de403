import { handleTrpc } from "~/server/api/handlers";

// GET|POST /api/trpc/{procedure}
const trpc = (req: Request) => handleTrpc(req);
export { trpc as GET, trpc as POST };
