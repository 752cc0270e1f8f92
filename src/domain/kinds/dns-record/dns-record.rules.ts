// Rules of a DNS record (seed 001 §5, §8): the host record is 1-61 of a-z, 0-9 and hyphen (not
// first), or `@` / `*` alone; the value follows the type; TTL 0-86400 seconds; weight 0-100; the
// line is the resolution network area. Pure: shared by the server and the forms.
import { isIpv6 } from '../../approvals/network-rules.ts';
import { isIpv4 } from '../cidr.ts';

// The types and lines a record's fields list sit in the kind (the phone's first load).
export { RECORD_LINES, RECORD_TYPES, type RecordType } from './dns-record.kind.ts';
export const TTL = { min: 0, max: 86400, default: 600 } as const;
export const WEIGHT = { min: 0, max: 100 } as const;
export const CAA_TAGS = ['issue', 'issuewild', 'iodef'] as const;

const HOST = /^(?!-)[a-z0-9-]{1,61}$/;
/** A host record: `@` (the zone itself), `*` (any name) or 1-61 of a-z, 0-9 and hyphen, not first. */
export function isRecordName(v: string): boolean {
  return v === '@' || v === '*' || HOST.test(v);
}

/** A target host name (CNAME, MX, NS, SRV): labels of a-z, 0-9 and inner hyphens, optional final dot. */
export function isTargetName(v: string): boolean {
  const s = v.endsWith('.') ? v.slice(0, -1) : v;
  if (!s || s.length > 253) return false;
  return s.split('.').length >= 2 && s.split('.').every((l) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i.test(l));
}

/** The rule key a value breaks for its type, or null. */
export function recordValueProblem(type: string, raw: string, mxPriority?: number | null): string | null {
  const v = raw.trim();
  if (!v) return 'required';
  switch (type) {
    case 'A':
      return isIpv4(v) ? null : 'record_value_a';
    case 'AAAA':
      return isIpv6(v) ? null : 'record_value_aaaa';
    case 'CNAME':
    case 'NS':
      return isTargetName(v) ? null : 'record_value_domain';
    case 'MX':
      if (!isTargetName(v)) return 'record_value_domain';
      return mxPriority === undefined || mxPriority === null ? 'record_mx_priority' : null;
    case 'TXT':
      return v.length <= 255 && /^[\x20-\x7e]+$/.test(v) ? null : 'record_value_txt';
    case 'SRV': {
      // priority weight port target: 0 5 5060 sip.example.com
      const m = /^(\d{1,5}) (\d{1,5}) (\d{1,5}) (\S+)$/.exec(v);
      if (!m || Number(m[1]) > 65535 || Number(m[2]) > 65535 || Number(m[3]) < 1 || Number(m[3]) > 65535 || !(m[4] === '.' || isTargetName(m[4]!)))
        return 'record_value_srv';
      return null;
    }
    case 'CAA': {
      // flags tag "value": 0 issue "digicert.com"
      const m = /^(\d{1,3}) ([a-z]+) "([^"]*)"$/.exec(v);
      if (!m || Number(m[1]) > 255 || !(CAA_TAGS as readonly string[]).includes(m[2]!)) return 'record_value_caa';
      return null;
    }
    default:
      return 'invalid_value';
  }
}

/**
 * Whether a new record clashes with the zone's others (same host record and line): a CNAME
 * stands alone; the same type and value twice is one record. Answers the rule key or null.
 */
export function recordClash(
  others: { name: string; type: string; value: string; line: string }[],
  r: { name: string; type: string; value: string; line: string },
): string | null {
  const same = others.filter((o) => o.name === r.name && o.line === r.line);
  if (r.type === 'CNAME' && same.length) return 'record_cname_conflict';
  if (same.some((o) => o.type === 'CNAME')) return 'record_cname_conflict';
  if (same.some((o) => o.type === r.type && o.value.trim().toLowerCase() === r.value.trim().toLowerCase())) return 'record_duplicate';
  return null;
}
