// setupFile of the `unit` project: no database; DATABASE_URL is unset so a stray query fails loudly.
import { applyTestEnv } from "./env";

applyTestEnv();
delete process.env.DATABASE_URL;
