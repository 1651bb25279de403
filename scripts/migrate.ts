/** `npm run db:migrate`: applies prisma/migrations to the server named by DATABASE_URL. */
import { migrateDatabase } from "../src/server/db/migrate";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set. `npm run dev` and `npm start` migrate the embedded database themselves.");
  process.exit(1);
}
migrateDatabase(url).then(
  ({ applied }) => console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date"),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
