import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

import { env } from "~/env";
import { REMINDER_MESSAGES } from "~/lib/rules/reminders";
import { AppError } from "~/server/errors";

/**
 * The server POSTs to endpoints a browser handed it, so an endpoint must be https on a public
 * address: never loopback, private, link-local, unique-local, CGNAT, multicast, unspecified or
 * reserved (IPv4-mapped IPv6 forms included). Checked when a browser subscribes and again, on the
 * very address connected to, when a push is sent (DNS may have changed since).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** Whether `address` (an IP literal) is one the server may send to. */
function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const mapped = /^::ffff:(?:0{1,4}:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const high = parseInt(hexMapped[1]!, 16);
    const low = parseInt(hexMapped[2]!, 16);
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return !blocked.check(address, "ipv6");
}

const allowPrivate = () => env.PUSH_ALLOW_PRIVATE_ENDPOINTS;

/** The endpoint as a URL when its form is acceptable (https, no credentials); a 400 otherwise. */
export function parsePushEndpoint(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError("BAD_REQUEST", REMINDER_MESSAGES.endpointNotHttps);
  }
  const scheme = url.protocol === "https:" || (allowPrivate() && url.protocol === "http:");
  if (!scheme || url.username || url.password) throw new AppError("BAD_REQUEST", REMINDER_MESSAGES.endpointNotHttps);
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** A host written as an IP address is not looked up when connecting: whether it may be sent to. */
export function isSendableIpLiteral(url: URL): boolean {
  const host = bareHost(url);
  return !isIP(host) || allowPrivate() || isPublicAddress(host);
}

/** Refuses (400) an endpoint that is not https or whose host resolves to any non-public address. */
export async function assertPublicPushEndpoint(endpoint: string): Promise<void> {
  const url = parsePushEndpoint(endpoint);
  if (allowPrivate()) return;
  const host = bareHost(url);
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new AppError("BAD_REQUEST", REMINDER_MESSAGES.endpointNotPublic);
    return;
  }
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => null);
  if (!addresses?.length) throw new AppError("BAD_REQUEST", REMINDER_MESSAGES.endpointUnresolvable);
  if (addresses.some(({ address }) => !isPublicAddress(address))) throw new AppError("BAD_REQUEST", REMINDER_MESSAGES.endpointNotPublic);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses the connection when any
 * address is not public: the check is made on the addresses actually connected to.
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  lookup(hostname, { all: true, verbatim: true }).then(
    (addresses) => {
      if (!allowPrivate() && (!addresses.length || addresses.some(({ address }) => !isPublicAddress(address)))) {
        const error: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
        error.code = "EPUSHPRIVATE";
        callback(error, []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, []),
  );
}
