/**
 * A fake Web Push service on loopback: a browser's side of push. It makes subscriptions (a P-256
 * key pair and an auth secret, as a browser does), and DECRYPTS what the server sends to them
 * (RFC 8291 on RFC 8188 aes128gcm, written here with node:crypto alone, not with web-push), after
 * checking the VAPID header (RFC 8292: an ES256 JWT for this origin, signed by the key in `k`).
 * `gone` endpoints answer 410, as a push service does after the browser unsubscribed.
 */
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type ReceivedPush = { endpoint: string; payload: unknown; ttl: string | undefined; vapidKey: string };

type Keys = { ecdh: ECDH; publicKey: Buffer; auth: Buffer };

export type FakePushService = {
  origin: string;
  subscribe(name?: string): FakeSubscription;
  /** The endpoint answers 410 Gone from now on. */
  gone(endpoint: string): void;
  received: ReceivedPush[];
  /** Requests refused here (bad VAPID header, undecryptable body): each is a bug of the sender. */
  errors: string[];
  close(): Promise<void>;
};

const concat = (...parts: Buffer[]) => Buffer.concat(parts);

/** RFC 8291 §3.4 and RFC 8188 §2: one record, ending with the 0x02 delimiter and any zero padding. */
function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = concat(Buffer.from("WebPush: info\0"), keys.publicKey, senderPublic);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = concat(decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final());
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's audience is this origin and it verifies with k. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`bad Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const valid = verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("VAPID signature does not verify");
  const payload = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  if (payload.aud !== origin) throw new Error(`VAPID audience ${payload.aud} is not ${origin}`);
  if (!payload.exp || payload.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  return k;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, Keys>();
  const goneOnes = new Set<string>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const endpoint = `${origin}${req.url ?? ""}`;
      const keys = subscriptions.get(endpoint);
      if (!keys) return res.writeHead(404).end();
      if (goneOnes.has(endpoint)) return res.writeHead(410).end();
      try {
        if (req.method !== "POST" || req.headers["content-encoding"] !== "aes128gcm") throw new Error("not an aes128gcm POST");
        const vapidKey = checkVapid(req.headers.authorization, origin);
        const payload = JSON.parse(decryptAes128gcm(body, keys).toString("utf8")) as unknown;
        received.push({ endpoint, payload, ttl: req.headers.ttl as string | undefined, vapidKey });
        res.writeHead(201).end();
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    errors,
    subscribe(name = randomBytes(8).toString("hex")) {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${name}`;
      subscriptions.set(endpoint, { ecdh, publicKey, auth });
      return { endpoint, keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") } };
    },
    gone(endpoint) {
      goneOnes.add(endpoint);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
