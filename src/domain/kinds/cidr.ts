// IPv4 addresses and CIDR blocks as numbers (seed 001 §5 "Network"): zod-free, so a kind's
// definition (a VPC's and a subnet's derived sizes) and the server's address pools share them.
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const isIpv4 = (v: string) => IPV4.test(v);

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}
export function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

export interface Cidr {
  base: number;
  prefix: number;
  size: number;
}
/** Parses a.b.c.d/p with the host bits zero; null when malformed. */
export function parseCidr(value: string): Cidr | null {
  const m = /^([\d.]+)\/(\d{1,2})$/.exec(value.trim());
  if (!m || !isIpv4(m[1]!)) return null;
  const prefix = Number(m[2]);
  if (prefix < 0 || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  const base = ipToInt(m[1]!);
  if (base % size !== 0) return null;
  return { base, prefix, size };
}
export const cidrInside = (inner: Cidr, outer: Cidr) =>
  inner.prefix >= outer.prefix && inner.base >= outer.base && inner.base + inner.size <= outer.base + outer.size;
export const cidrOverlaps = (a: Cidr, b: Cidr) => a.base < b.base + b.size && b.base < a.base + a.size;
/** Usable addresses of a subnet: network, gateway, two reserved and broadcast are taken. */
export const usableIps = (c: Cidr) => Math.max(0, c.size - 5);
