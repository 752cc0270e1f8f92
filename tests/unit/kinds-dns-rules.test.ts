// Rules of DNS records and zones (seed 001 §5, §8): host record, value per type, TTL, weight,
// lines, CNAME exclusivity and duplicates, zone names and the edition's lowest TTL.
import { describe, expect, it } from 'vitest';
import { isRecordName, recordClash, recordValueProblem, TTL } from '../../src/domain/kinds/dns-record/dns-record.rules.ts';
import { dnsRecordKind } from '../../src/domain/kinds/dns-record/dns-record.kind.ts';
import { recordCreateSchema } from '../../src/domain/kinds/dns-record/dns-record.schema.ts';
import { dnsDomainKind } from '../../src/domain/kinds/dns-zone/dns-zone.kind.ts';
import { isZoneName } from '../../src/domain/kinds/dns-zone/dns-zone.rules.ts';

const zone = 'a'.repeat(32);
const issue = (body: Record<string, unknown>) => {
  const r = recordCreateSchema.safeParse({ zone_id: zone, name: 'www', type: 'A', value: '10.0.0.1', ...body });
  return r.success ? null : `${r.error.issues[0]!.path.join('.')}:${r.error.issues[0]!.message}`;
};

describe('DNS record rules', () => {
  it('host record: 1-61 of a-z, 0-9 and hyphen, not first; @ and * only alone', () => {
    for (const ok of ['@', '*', 'a', 'www', 'w-1', '9x', 'a'.repeat(61)]) expect(isRecordName(ok), ok).toBe(true);
    for (const bad of ['', '-a', '@a', 'a@', '*.a', 'a*', 'A', 'a_b', 'a.b', 'a'.repeat(62), '中文']) expect(isRecordName(bad), bad).toBe(false);
    expect(issue({ name: 'WWW' })).toBeNull(); // lower-cased first
    expect(issue({ name: '-www' })).toBe('name:record_name');
  });

  it('value per type', () => {
    const cases: [string, string, string | null, number?][] = [
      ['A', '10.0.0.1', null],
      ['A', '10.0.0.256', 'record_value_a'],
      ['A', 'www.a.cn', 'record_value_a'],
      ['AAAA', '240e:1::10', null],
      ['AAAA', '10.0.0.1', 'record_value_aaaa'],
      ['CNAME', 'cdn.a.cn', null],
      ['CNAME', 'cdn.a.cn.', null],
      ['CNAME', 'cdn', 'record_value_domain'],
      ['CNAME', '10 cdn.a.cn', 'record_value_domain'],
      ['NS', 'ns1.a.cn', null],
      ['MX', 'mx.a.cn', 'record_mx_priority'],
      ['MX', 'mx.a.cn', null, 10],
      ['MX', 'not valid', 'record_value_domain', 10],
      ['TXT', 'v=spf1 -all', null],
      ['TXT', 'x'.repeat(256), 'record_value_txt'],
      ['TXT', '中文', 'record_value_txt'],
      ['SRV', '0 5 5060 sip.a.cn', null],
      ['SRV', '0 5 0 sip.a.cn', 'record_value_srv'],
      ['SRV', '0 5 5060', 'record_value_srv'],
      ['SRV', '70000 5 5060 sip.a.cn', 'record_value_srv'],
      ['CAA', '0 issue "digicert.com"', null],
      ['CAA', '128 iodef "mailto:sec@a.cn"', null],
      ['CAA', '0 sign "a"', 'record_value_caa'],
      ['CAA', '0 issue digicert.com', 'record_value_caa'],
      ['PTR', 'a.cn', 'invalid_value'],
      ['A', '  ', 'required'],
    ];
    for (const [type, value, want, mx] of cases) expect(recordValueProblem(type, value, mx), `${type} ${value}`).toBe(want);
  });

  it('TTL 0-86400, weight 0-100, known lines; MX needs its priority', () => {
    expect(TTL).toMatchObject({ min: 0, max: 86400 });
    expect(issue({ ttl: 0 })).toBeNull();
    expect(issue({ ttl: 86400 })).toBeNull();
    expect(issue({ ttl: 86401 })).toMatch(/^ttl:/);
    expect(issue({ ttl: -1 })).toMatch(/^ttl:/);
    expect(issue({ ttl: 1.5 })).toMatch(/^ttl:/);
    expect(issue({ weight: 0 })).toBeNull();
    expect(issue({ weight: 100 })).toBeNull();
    expect(issue({ weight: 101 })).toMatch(/^weight:/);
    expect(issue({ line: 'moon' })).toMatch(/^line:/);
    expect(issue({ type: 'MX', value: 'mx.a.cn' })).toBe('mx_priority:required');
    expect(issue({ type: 'MX', value: 'mx.a.cn', mx_priority: 51 })).toMatch(/^mx_priority:/);
  });

  it('a CNAME stands alone on its host record and line; the same record twice is one', () => {
    const others = [
      { name: 'www', type: 'A', value: '10.0.0.1', line: 'default' },
      { name: 'cdn', type: 'CNAME', value: 'x.a.cn', line: 'default' },
    ];
    expect(recordClash(others, { name: 'www', type: 'CNAME', value: 'y.a.cn', line: 'default' })).toBe('record_cname_conflict');
    expect(recordClash(others, { name: 'cdn', type: 'A', value: '10.0.0.2', line: 'default' })).toBe('record_cname_conflict');
    expect(recordClash(others, { name: 'www', type: 'A', value: '10.0.0.1', line: 'default' })).toBe('record_duplicate');
    expect(recordClash(others, { name: 'www', type: 'A', value: '10.0.0.2', line: 'default' })).toBeNull();
    expect(recordClash(others, { name: 'www', type: 'CNAME', value: 'y.a.cn', line: 'telecom' })).toBeNull();
  });

  it('locked records offer only unlock; zones derive the edition lowest TTL', () => {
    const offered = (locked: boolean) =>
      dnsRecordKind.actions
        .filter(
          (a) => a.allowedFrom.includes('enabled') && !(a.guards ?? []).some((g) => (g.type === 'unlocked' && locked) || (g.type === 'locked' && !locked)),
        )
        .map((a) => a.id);
    expect(offered(true)).toEqual(['unlock']);
    expect(offered(false)).toEqual(['modify', 'disable', 'lock', 'delete']);
    expect(dnsDomainKind.derive!({ edition: 'flagship' })).toEqual({ min_ttl: 1 });
    expect(dnsDomainKind.derive!({})).toEqual({ min_ttl: 600 });
    for (const ok of ['a.cn', 'corp.internal', 'x-1.example.com']) expect(isZoneName(ok), ok).toBe(true);
    for (const bad of ['cn', '-a.cn', 'a..cn', 'a_b.cn']) expect(isZoneName(bad), bad).toBe(false);
  });
});
