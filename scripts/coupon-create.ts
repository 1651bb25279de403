/**
 * `npm run coupon:create -- --code SPRING24 --months 1 --max 100 [--expires 2027-01-31] [--if-missing]`: a coupon
 * code worth `months` × 30 days of Premium, redeemable by up to `max` learners (each once),
 * until the optional expiry day (UTC, end of day). `--if-missing`: a code that exists already is
 * left as it is (exit 0) rather than an error. Uses DATABASE_URL, or the embedded database in
 * ./.data when it is unset (stop `npm start` first: the embedded server has one owner).
 */
import path from "node:path";
import { parseArgs } from "node:util";

import pg from "pg";

import { normalizeCouponCode } from "../src/lib/schemas/subscription";
import { createDbClient } from "../src/server/db/client";
import { startAppDatabase } from "../src/server/db/embedded";
import { createCoupon } from "../src/server/services/subscription/create-coupon";

const { values } = parseArgs({
  options: { code: { type: "string" }, months: { type: "string" }, max: { type: "string" }, expires: { type: "string" }, "if-missing": { type: "boolean" } },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!values.code || !values.months || !values.max) fail("usage: npm run coupon:create -- --code CODE --months N --max N [--expires YYYY-MM-DD]");
const expiresAt = values.expires ? new Date(`${values.expires}T23:59:59.999Z`) : null;
if (expiresAt && Number.isNaN(expiresAt.getTime())) fail("--expires must be a day, YYYY-MM-DD");

async function main() {
  const embedded = process.env.DATABASE_URL ? null : await startAppDatabase(path.resolve(process.env.DATA_DIR ?? ".data"), () => undefined);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL || embedded?.url });
  // An idle connection the server drops (a restart, a shutdown) must not crash the script; the pool replaces it.
  pool.on("error", (error) => console.error(`idle database connection lost: ${error.message}`));
  const db = createDbClient(pool);
  try {
    const existing = await db.coupon.findUnique({ where: { code: normalizeCouponCode(values.code!) }, select: { code: true } });
    if (existing && values["if-missing"]) return console.log(`coupon ${existing.code} exists already; left as it is`);
    const coupon = await createCoupon(db, { code: values.code!, months: Number(values.months), maxRedemptions: Number(values.max), expiresAt });
    const until = coupon.expiresAt ? `, until ${coupon.expiresAt.toISOString().slice(0, 10)}` : "";
    console.log(`coupon ${coupon.code}: ${coupon.premiumDays} days of Premium, ${coupon.maxRedemptions} redemptions${until}`);
  } finally {
    await db.$disconnect();
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
