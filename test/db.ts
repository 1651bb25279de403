/**
 * The app's own Prisma client (src/server/db.ts), which test/setup-db.ts has pointed at this
 * test file's database. Tests import it from here so the layer rules of eslint.config.js
 * (e.g. "routers never import ~/server/db") keep holding for the code beside them.
 */
export { db, getPool } from "~/server/db";
