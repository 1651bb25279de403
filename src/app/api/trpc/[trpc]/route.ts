import { handleTrpc } from "~/server/api/handlers";

// GET|POST /api/trpc/{procedure}
export { handleTrpc as GET, handleTrpc as POST };
