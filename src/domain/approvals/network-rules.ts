// IP and port lists of firewall policies and SNAT/DNAT rules (seed 001 §5 "Network"; seed 000 §5
// "IPv4/IPv6 with optional prefix"). Each check answers a rule key of errors:rules.* or null.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** The protocols a firewall policy and a NAT rule name (zod-free: the rule kinds' list filters offer them). */
export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp', 'any'] as const;
export const NAT_PROTOCOLS = ['tcp', 'udp', 'any'] as const;

export const MAX_IPS = 10;
export const MAX_PORTS = 1024;
export const ANY = 'any';

export function isIpv4(v: string): boolean {
  return IPV4.test(v);
}

export function isIpv6(v: string): boolean {
  if (!v.includes(':')) return false;
  let text = v;
  // An embedded IPv4 tail (::ffff:10.0.0.1) stands for the last two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail)) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const parts = halves.map((h) => (h === '' ? [] : h.split(':')));
  for (const list of parts) for (const g of list) if (!HEX_GROUP.test(g)) return false;
  const groups = parts.reduce((n, list) => n + list.length, 0);
  return halves.length === 2 ? groups < 8 : groups === 8;
}

/** An IPv4 or IPv6 address with an optional prefix (/0–32, /0–128). */
export function isIpWithPrefix(value: string): boolean {
  const [ip, prefix, extra] = value.split('/');
  if (extra !== undefined || !ip) return false;
  const v4 = isIpv4(ip);
  if (!v4 && !isIpv6(ip)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** A list given as an array or as text split on commas, semicolons, spaces or new lines. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  return value
    .split(/[,;，；\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Canonical form used to compare addresses (lower case, no spaces). */
const canon = (ip: string) => ip.trim().toLowerCase();

/** At most 10 addresses, each valid, none repeated. */
export function checkIpList(ips: string[]): string | null {
  if (ips.length === 0) return 'required';
  if (ips.length > MAX_IPS) return 'ip_too_many';
  for (const ip of ips) if (!isIpWithPrefix(ip)) return 'ip_invalid';
  if (new Set(ips.map(canon)).size !== ips.length) return 'ip_repeated';
  return null;
}

/** Target addresses must differ from source addresses. */
export function checkTargetDiffers(source: string[], target: string[]): string | null {
  const src = new Set(source.map(canon));
  return target.some((ip) => src.has(canon(ip))) ? 'ip_same_as_source' : null;
}

export type PortList = typeof ANY | number[];

/**
 * A port list: `any` alone, or 1–1024 ports of 1–65535 without repeats. Answers the parsed list
 * or a rule key.
 */
export function parsePorts(value: unknown): { ok: true; ports: PortList } | { ok: false; rule: string } {
  const items = splitList(value).map((p) => p.toLowerCase());
  if (items.length === 0) return { ok: false, rule: 'required' };
  if (items.includes(ANY)) return items.length === 1 ? { ok: true, ports: ANY } : { ok: false, rule: 'port_any_alone' };
  if (items.length > MAX_PORTS) return { ok: false, rule: 'port_too_many' };
  const ports: number[] = [];
  for (const item of items) {
    if (!/^\d{1,5}$/.test(item)) return { ok: false, rule: 'port_invalid' };
    const n = Number(item);
    if (n < 1 || n > 65535) return { ok: false, rule: 'port_invalid' };
    ports.push(n);
  }
  if (new Set(ports).size !== ports.length) return { ok: false, rule: 'port_repeated' };
  return { ok: true, ports };
}

export const portCount = (p: PortList) => (p === ANY ? 0 : p.length);
export const formatPorts = (p: PortList) => (p === ANY ? ANY : p.join(','));

/** Keys of a rule's spec holding port lists, and address lists. */
export const RULE_PORT_KEYS = ['target_ports', 'internal_ports', 'eip_ports'];
export const RULE_LIST_KEYS = ['source_ips', 'target_ips'];

/** A rule's spec as the approver compares it: lists as arrays, ports as numbers or 'any'. */
export function ruleView(spec: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(spec)) {
    if (k === 'approval_request_id' || k === 'issued_at') continue;
    if (k === 'eip_address') out.eip = v;
    else if (RULE_PORT_KEYS.includes(k)) {
      const p = parsePorts(v);
      out[k] = p.ok ? p.ports : v;
    } else if (RULE_LIST_KEYS.includes(k)) out[k] = splitList(v);
    else out[k] = v;
  }
  return out;
}
