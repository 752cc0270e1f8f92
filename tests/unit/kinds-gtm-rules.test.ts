// The pure rules of smart DNS, HTTPDNS and GTM shared by the forms and the server: GTM address
// pools (IPv4, weights 0-100, not all zero, no repeats), global settings (TTL 1-86400, a port
// unless PING, fixed intervals), policies (backup never the primary), smart DNS lines and TTL,
// and HTTPDNS request counts (stable per id and day, summed per instance).
import { describe, expect, it } from 'vitest';
import { gtmPolicyCreateSchema, gtmPoolCreateSchema } from '../../src/domain/kinds/gtm/gtm.schema.ts';
import { gtmGlobalSchema } from '../../src/domain/kinds/gtm/gtm.schema.ts';
import { lineCounts } from '../../src/domain/kinds/smart-dns/smart-dns.rules.ts';
import { smartRecordCreateSchema } from '../../src/domain/kinds/smart-dns/smart-dns.schema.ts';
import { accountIdOf, dailyRequests, deriveDomainRequests, deriveInstanceRequests, shanghaiDay } from '../../src/domain/kinds/httpdns/httpdns.kind.ts';
import { httpDnsCreateSchema } from '../../src/domain/kinds/httpdns/httpdns.schema.ts';

const ID = '0123456789abcdef0123456789abcdef';
const ID2 = 'fedcba9876543210fedcba9876543210';
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('GTM rules', () => {
  const pool = (addresses: unknown) => gtmPoolCreateSchema.safeParse({ gtm_id: ID, name: 'pool-a', addresses });
  it('a pool takes 1-20 IPv4 addresses with weights 0-100, at least one weighted, none repeated', () => {
    expect(
      pool([
        { ip: '47.1.1.1', weight: 0 },
        { ip: '47.1.1.2', weight: 100 },
      ]).success,
    ).toBe(true);
    expect(paths(pool([{ ip: '47.1.1.1', weight: 0 }]))).toEqual(['addresses:gtm_weight_all_zero']);
    expect(
      paths(
        pool([
          { ip: '47.1.1.1', weight: 5 },
          { ip: '47.1.1.1', weight: 5 },
        ]),
      ),
    ).toEqual(['addresses.1.ip:gtm_address_repeated']);
    expect(paths(pool([{ ip: '300.1.1.1', weight: 5 }]))).toEqual(['addresses.0.ip:ipv4']);
    expect(pool([{ ip: '47.1.1.1', weight: 101 }]).success).toBe(false);
    expect(pool([{ ip: '47.1.1.1', weight: -1 }]).success).toBe(false);
    expect(pool([]).success).toBe(false);
    expect(pool(Array.from({ length: 21 }, (_, i) => ({ ip: `47.1.1.${i + 1}`, weight: 1 }))).success).toBe(false);
    expect(pool([{ ip: '47.1.1.1' }]).data?.addresses[0]?.weight).toBe(50);
  });

  it('global settings: TTL 1-86400, a port unless PING, intervals 15/30/60/120/300', () => {
    const g = (v: Record<string, unknown>) => gtmGlobalSchema.safeParse(v);
    expect(g({ ttl: 1, health_protocol: 'ping' }).success).toBe(true);
    expect(g({ ttl: 86400, health_protocol: 'tcp', health_port: 443, health_interval: 300 }).success).toBe(true);
    expect(paths(g({ ttl: 0, health_protocol: 'ping' }))[0]).toMatch(/^ttl:/);
    expect(paths(g({ ttl: 86401, health_protocol: 'ping' }))[0]).toMatch(/^ttl:/);
    expect(paths(g({ ttl: 60, health_protocol: 'http' }))).toEqual(['health_port:required']);
    expect(paths(g({ ttl: 60, health_protocol: 'ping', health_interval: 45 }))).toEqual(['health_interval:gtm_health_interval']);
    expect(g({ ttl: 60, health_protocol: 'tcp', health_port: 70000 }).success).toBe(false);
  });

  it('a policy names its line (its name) and a backup other than the primary', () => {
    const ok = gtmPolicyCreateSchema.safeParse({ gtm_id: ID, line: 'telecom', primary_pool_id: ID, backup_pool_id: ID2 });
    expect(ok.data).toMatchObject({ name: 'telecom', failover: true });
    expect(paths(gtmPolicyCreateSchema.safeParse({ gtm_id: ID, line: 'telecom', primary_pool_id: ID, backup_pool_id: ID }))).toEqual([
      'backup_pool_id:gtm_backup_same',
    ]);
    expect(gtmPolicyCreateSchema.safeParse({ gtm_id: ID, line: 'search_engine', primary_pool_id: ID }).success).toBe(false);
  });
});

describe('smart DNS rules', () => {
  it('counts records per line, every line present', () => {
    expect(lineCounts([{ line: 'default' }, { line: 'telecom' }, { line: 'default' }, { line: 'bogus' }])).toEqual({
      default: 2,
      telecom: 1,
      unicom: 0,
      mobile: 0,
      edu: 0,
      overseas: 0,
    });
  });
  it('a record has a line (默认 when not given), a TTL of 1-86400 and a value of its type', () => {
    const r = (v: Record<string, unknown>) => smartRecordCreateSchema.safeParse({ zone_id: ID, name: 'www', type: 'A', value: '47.1.1.1', ...v });
    expect(r({}).data).toMatchObject({ line: 'default', ttl: 600 });
    expect(r({ ttl: 0 }).success).toBe(false);
    expect(r({ ttl: 1 }).success).toBe(true);
    expect(paths(r({ value: 'www.example.com' }))).toEqual(['value:record_value_a']);
    expect(r({ type: 'SRV', value: '0 5 5060 sip.example.com' }).success).toBe(false);
  });
});

describe('HTTPDNS rules', () => {
  it('request counts are 2 000-50 000, stable for (id, day) and differ between days', () => {
    const a = dailyRequests(ID, '2026-11-23');
    expect(a).toBe(dailyRequests(ID, '2026-11-23'));
    expect(a).toBeGreaterThanOrEqual(2000);
    expect(a).toBeLessThanOrEqual(50000);
    const week = ['17', '18', '19', '20', '21', '22', '23'].map((d) => dailyRequests(ID, `2026-11-${d}`));
    expect(new Set(week).size).toBeGreaterThan(1);
  });
  it('a day is Shanghai time; an instance sums its domains per day over the last week', () => {
    expect(shanghaiDay(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    const now = new Date('2026-11-23T04:00:00Z');
    const d = deriveInstanceRequests({ domain_keys: [ID, ID2] }, now);
    const history = d.request_history as { day: string; count: number }[];
    expect(history.map((h) => h.day)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    expect(d.requests_today).toBe(dailyRequests(ID, '2026-11-23') + dailyRequests(ID2, '2026-11-23'));
    expect(deriveDomainRequests({ metric_key: ID }, now)).toEqual({
      requests_today: dailyRequests(ID, '2026-11-23'),
      requests_yesterday: dailyRequests(ID, '2026-11-22'),
    });
    expect(deriveInstanceRequests({}, now).requests_today).toBe(0);
  });
  it('the account id is 6 digits of the instance id; a signing secret is 16-64 letters or digits, required with authentication', () => {
    expect(accountIdOf(ID)).toMatch(/^[1-9]\d{5}$/);
    expect(accountIdOf(ID)).toBe(accountIdOf(ID));
    const base = { vendor: 'openstack', region_id: ID, az_id: ID, name: 'hd-main' };
    expect(paths(httpDnsCreateSchema.safeParse({ ...base, auth_enabled: true }))).toEqual(['secret_key:required']);
    expect(paths(httpDnsCreateSchema.safeParse({ ...base, auth_enabled: true, secret_key: 'abc-def-ghi-jkl-mno' }))).toEqual(['secret_key:httpdns_secret']);
    expect(httpDnsCreateSchema.safeParse({ ...base, auth_enabled: true, secret_key: 'A'.repeat(16) }).success).toBe(true);
  });
});
