import { randomUUID } from "node:crypto";
import path from "node:path";

import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";

/**
 * The Prisma CLI runs on its JavaScript schema engine through adapter-pg, so `generate` and
 * `migrate` never download an engine binary (this machine has no internet).
 *
 * Two defects of adapter-pg 6.19 under the migrate CLI are patched here:
 * 1. It cannot read the catalog types `name` (OID 19) and `"char"` (OID 18), nor their arrays,
 *    which the schema engine's introspection queries return (prisma/orm#27403, fixed in 7.x).
 *    The client below reports them as text / text[]; their text form is already a string.
 * 2. `connectToShadowDb` spreads a config that holds a connection string, so the "shadow"
 *    database is the main one, and it drops the shadow before closing its pool. We create and
 *    drop a uniquely named shadow database ourselves.
 */
const TEXT_OID = 25;
const TEXT_ARRAY_OID = 1009;
const CATALOG_TYPE_AS_TEXT: Record<number, number> = { 18: TEXT_OID, 19: TEXT_OID, 1002: TEXT_ARRAY_OID, 1003: TEXT_ARRAY_OID };

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function retypeCatalogColumns<T>(result: T): T {
  for (const field of (result as QueryResultLike | undefined)?.fields ?? []) {
    const replacement = CATALOG_TYPE_AS_TEXT[field.dataTypeID];
    if (replacement !== undefined) field.dataTypeID = replacement;
  }
  return result;
}

class CatalogTextClient extends pg.Client {
  // pg's overloads are not expressible on an override; the runtime contract is unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: unknown[]): any {
    const last: unknown = args[args.length - 1];
    if (typeof last === "function") {
      const callback = args.pop() as (err: Error | null, res?: unknown) => void;
      (super.query as (...a: unknown[]) => Promise<unknown>)(...args).then(
        (res) => callback(null, retypeCatalogColumns(res)),
        (err: Error) => callback(err),
      );
      return undefined;
    }
    const pending = (super.query as (...a: unknown[]) => unknown)(...args);
    return pending instanceof Promise ? pending.then(retypeCatalogColumns) : pending;
  }
}

// The schema's `url = env("DATABASE_URL")` must resolve for the CLI to read the schema at all,
// even for `generate`, which never connects. Remember what the user set before filling it in.
const configuredUrl = process.env.DATABASE_URL;
process.env.DATABASE_URL ??= "postgresql://localhost:5432/not-configured";

function databaseUrl(): string {
  const url = configuredUrl;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. `npm run dev` and `npm start` migrate the embedded database themselves; " +
        "to migrate your own server run: DATABASE_URL=postgres://user:pass@host:5432/db npm run db:migrate",
    );
  }
  return url;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

class MigratePg extends PrismaPg {
  constructor(private readonly url: string) {
    super({ connectionString: url, Client: CatalogTextClient, allowExitOnIdle: true });
  }

  override async connectToShadowDb() {
    const admin = new pg.Client({ connectionString: this.url });
    await admin.connect();
    const database = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const shadow = await new PrismaPg({ connectionString: withDatabase(this.url, database), Client: CatalogTextClient, allowExitOnIdle: true }).connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      const cleaner = new pg.Client({ connectionString: this.url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleaner.end();
    };
    return shadow;
  }
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  experimental: { adapter: true },
  engine: "js",
  adapter: () => Promise.resolve(new MigratePg(databaseUrl())),
});
