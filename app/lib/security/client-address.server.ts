import { BlockList, isIP } from "node:net";

/**
 * Who the visitor is behind reverse proxies (issue 10 §3, docs/decisions/012): ONE function that both
 * `scripts/serve.mjs` (through the build's `entry.server` exports) and the app (under a bare
 * `remix-serve`) use to pick the client address, host and protocol.
 *
 * `TRUST_PROXY`:
 * - `0` (default): no forwarded header counts; the address is the socket's, the host the `Host` header.
 * - `N` (1-20): the N nearest hops are our proxies. Each appends the address it saw to
 *   `X-Forwarded-For`, so the client is the N-th entry from the right (counting the socket as the
 *   first hop); `X-Forwarded-Host` / `-Proto` are read at the same position from the right. The
 *   left-most values, which the client itself writes, are never taken (unless the chain is shorter).
 * - `10.0.0.0/8,192.168.1.5,...`: the proxies are those addresses (IPv4/IPv6, CIDR allowed); the chain
 *   is walked from the right while the address is one of them; the first other address is the client.
 *   When the socket peer is not one of them, no forwarded header counts.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; entries: string[]; trusts(address: string): boolean };

export const MAX_TRUSTED_HOPS = 20;

/** Parses TRUST_PROXY; throws with a message naming the bad part. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || value === "0") return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_TRUSTED_HOPS) throw new Error(`at most ${MAX_TRUSTED_HOPS} hops`);
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    if (!family || extra !== undefined) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = /^\d+$/.test(prefix) ? Number(prefix) : NaN;
      if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) throw new Error(`"${entry}" has a bad prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return { kind: "list", entries, trusts: (address) => checkAddress(list, address) };
}

function checkAddress(list: BlockList, address: string): boolean {
  const a = plainAddress(address);
  const family = isIP(a);
  return family !== 0 && list.check(a, family === 4 ? "ipv4" : "ipv6");
}

/** `::ffff:10.0.0.1` (IPv4 on a dual-stack socket) → `10.0.0.1`; `[::1]:123`/`1.2.3.4:5` → the address. */
export function plainAddress(address: string): string {
  let a = address.trim();
  const bracket = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracket?.[1]) a = bracket[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped?.[1] ?? a;
}

export type ClientInfo = {
  /** the visitor's address ("unknown" when the socket is not visible and no proxy is trusted) */
  ip: string;
  /** host[:port] as the visitor asked for it, unchecked (tenant.server.ts validates it) */
  host: string | undefined;
  proto: "http" | "https";
};

type HeaderSource = { get(name: string): string | null | undefined };

function list(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The client's address, host and protocol. `socketAddress` is the TCP peer (undefined under a bare
 * `remix-serve`, where the app sees only the headers: then the peer is assumed to be the nearest trusted
 * proxy, so run remix-serve with TRUST_PROXY only when that proxy is the only way in). `secure`: the
 * connection itself is TLS.
 */
export function resolveClient(trust: TrustProxy, input: { socketAddress?: string; headers: HeaderSource; secure?: boolean }): ClientInfo {
  const { headers } = input;
  const socket = input.socketAddress ? plainAddress(input.socketAddress) : undefined;
  const direct: ClientInfo = { ip: socket ?? "unknown", host: headers.get("Host") ?? undefined, proto: input.secure ? "https" : "http" };
  if (trust.kind === "none") return direct;

  // The chain from the nearest hop outwards: the socket peer (or an unseen proxy), then X-Forwarded-For right to left.
  const forwardedFor = list(headers.get("X-Forwarded-For")).map(plainAddress).reverse();
  let used: number; // how many hops are trusted proxies (the socket counts as the first)
  if (trust.kind === "hops") used = trust.hops;
  else {
    if (socket !== undefined && !trust.trusts(socket)) return direct;
    used = 1;
    while (used <= forwardedFor.length && trust.trusts(forwardedFor[used - 1] ?? "")) used++;
  }
  // The client is the entry right after the trusted hops; a shorter chain ends at its left-most entry.
  const chain = [socket ?? "unknown", ...forwardedFor];
  let index = Math.min(used, chain.length - 1);
  // an entry that is not an address was not written by one of our proxies: take the nearest good one
  while (index > 0 && !isIP(chain[index] ?? "")) index--;
  const ip = chain[index] ?? direct.ip;

  const at = (values: string[]) => (values.length ? values[Math.max(0, values.length - used)] : undefined);
  const host = at(list(headers.get("X-Forwarded-Host"))) ?? direct.host;
  const proto = at(list(headers.get("X-Forwarded-Proto")))?.toLowerCase();
  return { ip, host, proto: proto === "https" ? "https" : proto === "http" ? "http" : direct.proto };
}
