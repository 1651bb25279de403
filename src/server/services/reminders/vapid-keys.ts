import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

import webPush from "web-push";

import { env } from "~/env";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const FILE = "vapid-keys.json";
let loaded: Promise<VapidKeys> | null = null;

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else the pair in
 * DATA_DIR/vapid-keys.json, created on first use. Processes starting at once each write a complete
 * file of their own and hard-link it to the name: link() fails when the name exists, so exactly one
 * pair wins and every process reads that one.
 */
export function vapidKeys(): Promise<VapidKeys> {
  loaded ??= loadKeys().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

function subject(): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const origin = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL) : null;
  return origin?.protocol === "https:" ? origin.origin : "mailto:reminders@coursecraft.invalid";
}

async function loadKeys(): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: subject() };
  const dir = path.resolve(env.DATA_DIR);
  const file = path.join(dir, FILE);
  const existing = await readKeys(file);
  if (existing) return { ...existing, subject: subject() };
  await mkdir(dir, { recursive: true });
  const pair = webPush.generateVAPIDKeys();
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  await writeFile(draft, JSON.stringify(pair), { mode: 0o600, flag: "wx" });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  const kept = await readKeys(file);
  if (!kept) throw new Error(`${file} does not hold a VAPID key pair`);
  return { ...kept, subject: subject() };
}

async function readKeys(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (text === null) return null;
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") return null;
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
