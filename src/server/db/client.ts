import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";

import { PrismaClient } from "~/generated/prisma/client";

import { registerPool } from "./sql";

/** Columns that never leave the data layer unless a query asks for them by name. */
const globalOmit = { user: { passwordHash: true } } as const;

/** A Prisma client over a `pg` pool (the JS query compiler: no engine binary). */
export function createDbClient(pool: pg.Pool) {
  const client = new PrismaClient({ adapter: new PrismaPg(pool), omit: globalOmit });
  registerPool(client, () => pool);
  return client;
}

export type Db = ReturnType<typeof createDbClient>;
/** A client or an interactive transaction: what every service takes as its first argument. */
export type DbClient = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
