/**
 * Which network addresses a webhook may reach: the guard against
 * server-side request forgery. Every address a receiver's name resolves to
 * is checked when the connection is made (the `lookup` of the request), so a
 * name that resolved to a public address when the endpoint was registered
 * and to an inside one now (DNS rebinding) is refused too.
 */
import { BlockList, isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup } from "node:dns";

export interface AddressPolicy {
  /** Loopback addresses (this machine) are allowed: local development with `serve --allow-http-webhooks`. */
  allowLoopback: boolean;
  /** Nothing but loopback addresses may be reached (plain http is allowed to this machine only). */
  onlyLoopback?: boolean;
}

type Reason = "loopback" | "private" | "link-local" | "multicast" | "cloud metadata" | "reserved";

function list(v4: string[], v6: string[]): BlockList {
  const blocks = new BlockList();
  for (const net of v4) {
    const [address, prefix] = net.split("/");
    blocks.addSubnet(address, Number(prefix), "ipv4");
  }
  for (const net of v6) {
    const [address, prefix] = net.split("/");
    blocks.addSubnet(address, Number(prefix), "ipv6");
  }
  return blocks;
}

/** The ranges refused, by reason (IANA special-purpose registries, plus the clouds' metadata addresses). */
const RANGES: [Reason, BlockList][] = [
  ["loopback", list(["127.0.0.0/8"], ["::1/128"])],
  [
    "cloud metadata",
    // AWS, GCP, Azure and others at 169.254.169.254 (also link-local), Azure's wire server, Alibaba's, AWS over IPv6.
    list(["169.254.169.254/32", "168.63.129.16/32", "100.100.100.200/32"], ["fd00:ec2::254/128"]),
  ],
  ["private", list(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"], ["fc00::/7", "fec0::/10"])],
  ["link-local", list(["169.254.0.0/16"], ["fe80::/10"])],
  ["multicast", list(["224.0.0.0/4"], ["ff00::/8"])],
  [
    "reserved",
    list(
      [
        "0.0.0.0/8",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "240.0.0.0/4",
      ],
      ["::/128", "100::/64", "2001::/32", "2001:db8::/32", "64:ff9b:1::/48"],
    ),
  ],
];

/**
 * Why an address may not be reached, or undefined when it may. IPv6
 * addresses that carry an IPv4 address (IPv4-mapped, IPv4-compatible,
 * NAT64, 6to4) are judged by that IPv4 address too.
 *
 * @example
 * forbiddenReason("169.254.169.254", { allowLoopback: false }); // "cloud metadata"
 * forbiddenReason("::ffff:10.0.0.1", { allowLoopback: false }); // "private"
 */
export function forbiddenReason(address: string, policy: AddressPolicy): Reason | undefined {
  const family = isIP(address);
  if (family === 0) return "reserved";
  const type = family === 4 ? "ipv4" : "ipv6";
  if (family === 6) {
    const embedded = embeddedIpv4(address);
    if (embedded) {
      const inner = forbiddenReason(embedded, policy);
      if (inner) return inner;
    }
  }
  for (const [reason, blocks] of RANGES) {
    if (reason === "loopback" && policy.allowLoopback) continue;
    if (blocks.check(address, type)) return reason;
  }
  return undefined;
}

/** True for loopback addresses (127.0.0.0/8, ::1, and IPv4-mapped loopback). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return RANGES[0][1].check(address, "ipv4");
  if (family === 6) {
    const embedded = embeddedIpv4(address);
    if (embedded && isMappedOrCompatible(address)) return RANGES[0][1].check(embedded, "ipv4");
    return RANGES[0][1].check(address, "ipv6");
  }
  return false;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part taken as two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split("%")[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split(".").map(Number);
    if (parts.some((p) => p > 255)) return undefined;
    text =
      text.slice(0, -dotted[1].length) +
      `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function v4(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

function isMappedOrCompatible(address: string): boolean {
  const g = ipv6Groups(address);
  return !!g && g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0);
}

/** The IPv4 address inside an IPv6 one, for the forms that route to it. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated), but not :: or ::1.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || (g[5] === 0 && g[6] !== 0))) return v4(g[6], g[7]);
  // 64:ff9b::a.b.c.d (NAT64).
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6], g[7]);
  // 2002:AABB:CCDD::/48 (6to4).
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return undefined;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address; the system resolver by default, tests give their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The error of a refused address; its message names the host, the address and why. */
export class ForbiddenAddressError extends Error {
  readonly code = "EWEBHOOKADDRESS";
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly reason: string,
  ) {
    const what = reason === "non-loopback" ? "not this machine" : `a ${reason} address`;
    const why = reason === "non-loopback" ? "plain http is sent to this machine only" : "webhooks are not sent there";
    super(
      hostname === address ? `${address} is ${what}; ${why}` : `${hostname} resolves to ${address}, ${what}; ${why}`,
    );
  }
}

/**
 * A `lookup` for http(s) requests that resolves with `resolver` and refuses
 * the connection when any resolved address is forbidden: the check is made
 * for the address actually connected to, at connect time.
 */
export function guardedLookup(policy: AddressPolicy, resolver: Resolver = systemResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }));
          return;
        }
        for (const a of addresses) {
          const reason =
            policy.onlyLoopback && !isLoopbackAddress(a.address) ? "non-loopback" : forbiddenReason(a.address, policy);
          if (reason) {
            callback(new ForbiddenAddressError(hostname, a.address, reason));
            return;
          }
        }
        if (options?.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}
