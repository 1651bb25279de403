import { handleRest } from "~/server/api/handlers";

// GET|POST|PUT|PATCH|DELETE /api/{documented path}
export { handleRest as GET, handleRest as POST, handleRest as PUT, handleRest as PATCH, handleRest as DELETE };
