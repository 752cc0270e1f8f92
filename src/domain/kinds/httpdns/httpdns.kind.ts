// HTTPDNS (httpDnsManage: httpDns, httpDomainList; httpDnsDetail): an app resolves names over
// HTTP(S) from the service instead of the carrier's resolver (no hijacking, no stale caches). A
// tenant opens a service instance (its account id, and optionally a signing secret for
// authenticated requests — a secret field, sealed by the engine and never answered), then adds the
// domains the service may resolve (at most 100 per instance). Request counts are the simulated
// cloud's: deterministic from the resource id and the day, so every process draws the same.
import type { KindDefinition } from '../kind.ts';
import { REMOVED } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const HTTPDNS_MAX_DOMAINS = 100;
export const HTTPDNS_EDITIONS = ['standard', 'enterprise'] as const;
export const HTTPDNS_HISTORY_DAYS = 7;

/** A day as yyyy-mm-dd in Asia/Shanghai. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** FNV-1a of a string: a stable 32-bit number. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Resolution requests of a resource (an HTTPDNS domain) on a day: 2 000-50 000, stable for (id, day). */
export function dailyRequests(id: string, day: string): number {
  return 2000 + (hash(`${id}|${day}`) % 48_001);
}

/** Today's and yesterday's requests of one domain (spec.metric_key is its id, set at creation). */
export function deriveDomainRequests(spec: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const key = spec.metric_key;
  if (typeof key !== 'string') return {};
  return { requests_today: dailyRequests(key, shanghaiDay(now)), requests_yesterday: dailyRequests(key, shanghaiDay(new Date(now.getTime() - 86_400_000))) };
}

/** An instance's requests: the sum over its domains (spec.domain_keys, kept by the server) per day of the last week. */
export function deriveInstanceRequests(spec: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const keys = Array.isArray(spec.domain_keys) ? (spec.domain_keys as string[]) : [];
  const history = Array.from({ length: HTTPDNS_HISTORY_DAYS }, (_, i) => {
    const day = shanghaiDay(new Date(now.getTime() - (HTTPDNS_HISTORY_DAYS - 1 - i) * 86_400_000));
    return { day, count: keys.reduce((n, k) => n + dailyRequests(k, day), 0) };
  });
  return { requests_today: history[history.length - 1]!.count, request_history: history };
}

/** The service's account id: 6 digits drawn from the instance id (what the SDK is configured with). */
export function accountIdOf(id: string): string {
  return String(100000 + (hash(id) % 900000));
}

export const httpDnsInstanceKind: KindDefinition = {
  kind: 'httpdns_instance',
  collection: 'httpdns-instances',
  productCode: 'httpdns_instance',
  menuOrder: 340,
  routes: { list: 'httpDnsManage_httpDns', detail: 'httpDnsDetail', others: ['httpDnsManage'] },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'account_id', source: 'spec', type: 'text' },
    { key: 'edition', source: 'spec', type: 'enum', options: HTTPDNS_EDITIONS },
    { key: 'auth_enabled', source: 'spec', type: 'boolean' },
    { key: 'secret_state', source: 'spec', type: 'enum', options: ['set', 'none'] },
    { key: 'endpoint', source: 'spec', type: 'text' },
    { key: 'domain_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'requests_today', source: 'spec', type: 'number', unit: 'times' },
    F.vendor,
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.status,
    { field: 'account_id', copyable: true, display: true },
    { field: 'edition', display: true },
    { field: 'domain_count', display: true },
    { field: 'requests_today', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: 'own',
  secret: ['secret_key'],
  derive: (spec) => deriveInstanceRequests(spec),
  actions: [
    {
      id: 'disable',
      allowedFrom: ['enabled'],
      inBetween: null,
      final: 'disabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      dialog: 'disable',
    },
    {
      id: 'enable',
      allowedFrom: ['disabled'],
      inBetween: null,
      final: 'enabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      dialog: 'enable',
    },
    {
      id: 'delete',
      allowedFrom: ['enabled', 'disabled', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'httpdns_domain_of', direction: 'in', refusalKey: 'refusals.httpdns_instance.has_domains' }],
    },
  ],
  relations: [{ relation: 'httpdns_domain_of', direction: 'in', kind: 'httpdns_domain', many: true }],
  recycle: false,
  priced: false,
};

export const httpDnsDomainKind: KindDefinition = {
  kind: 'httpdns_domain',
  collection: 'httpdns-domains',
  productCode: 'httpdns_domain',
  menuOrder: 350,
  routes: { list: 'httpDnsManage_httpDomainList' },
  fields: [
    F.id,
    { key: 'name', source: 'column', type: 'text' },
    F.status,
    { key: 'instance_id', source: 'spec', type: 'ref', ref: 'httpdns_instance' },
    { key: 'requests_today', source: 'spec', type: 'number', unit: 'times' },
    { key: 'requests_yesterday', source: 'spec', type: 'number', unit: 'times' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'instance_id', display: true },
    { field: 'requests_today', display: true },
    { field: 'requests_yesterday', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, { param: 'instance_id', source: 'spec', key: 'instance_id', type: 'ref' }],
  statuses: { stable: ['enabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: { from: 'instance_id', kind: 'httpdns_instance' },
  derive: (spec) => deriveDomainRequests(spec),
  createLinks: [
    {
      relation: 'httpdns_domain_of',
      param: 'instance_id',
      kind: 'httpdns_instance',
      allowedFrom: ['enabled'],
      refusalKey: 'refusals.httpdns_domain.instance_not_running',
    },
  ],
  actions: [
    {
      id: 'delete',
      allowedFrom: ['enabled', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      batch: true,
    },
  ],
  relations: [{ relation: 'httpdns_domain_of', direction: 'out', kind: 'httpdns_instance', many: false }],
  recycle: false,
  priced: false,
};
