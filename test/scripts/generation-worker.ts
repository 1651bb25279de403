/**
 * A generation worker in its own process, for the test that kills a process mid-job: it works
 * on DATABASE_URL's queue with the fixture library and an engine that takes a minute, so the
 * job is surely running when the test sends SIGKILL.
 */
import pg from "pg";

import { createDbClient } from "~/server/db/client";
import { startGenerationWorker } from "~/server/services/generation/worker";

import { libraryDeps, slowEngine } from "../generation";

const db = createDbClient(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }));
startGenerationWorker(db, () => libraryDeps({ engine: slowEngine(60_000) }), { concurrency: 1, pollMs: 50, heartbeatMs: 200 });
