import { handleRest } from "~/server/api/handlers";

// GET|POST|PUT|PATCH|DELETE /api/{documented path}
const rest = (req: Request) => handleRest(req);
export { rest as DELETE, rest as GET, rest as PATCH, rest as POST, rest as PUT };
