import pg from "pg";

/**
 * Database administration shared by the global setup (template database) and the per-file
 * setup (one database per test file). Only names this run created are ever dropped.
 */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const SAFE_NAME = /^t_[a-z0-9_]+$/;

function assertTestName(name: string): void {
  // Never touch a database this suite did not name.
  if (!SAFE_NAME.test(name)) throw new Error(`refusing to manage database ${JSON.stringify(name)}: not a test database name`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  assertTestName(name);
  if (template) assertTestName(template);
  await withAdmin(adminUrl, async (client) => {
    const sql = `CREATE DATABASE ${client.escapeIdentifier(name)}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ""}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        // 55006: "source database is being accessed by other users" — a transient clash with
        // another file copying the template at the same instant.
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await sleep(50 + Math.random() * 100);
      }
    }
  });
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertTestName(name);
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

/** Drops every database whose name starts with `prefix` (left behind by a crashed worker). */
export async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<string[]> {
  assertTestName(prefix);
  return withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    return rows.map((row) => row.datname);
  });
}
