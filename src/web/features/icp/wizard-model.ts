// The ICP wizard's state and checks: the subject and the site are checked with the same schemas the
// server runs (domain/icp.ts), field by field, so a value refused on the phone is refused by the API
// with the same words.
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { icpSiteSchema, icpSubjectSchema } from '../../../domain/icp.ts';
import { ruleText, type IssueLike } from '../../lib/rule-text.ts';

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

export const SUBJECT_FIELDS = [
  'sponsor_name',
  'nature',
  'cert_type',
  'cert_number',
  'region',
  'address',
  'leader_name',
  'leader_phone',
  'emergency_phone',
] as const;
export const SITE_FIELDS = ['site_name', 'domain', 'url', 'ip', 'remarks'] as const;

export const initialSubject = (): Values => ({
  sponsor_name: '',
  nature: 'enterprise',
  cert_type: 'business_licence',
  cert_number: '',
  province: '',
  city: '',
  district: '',
  address: '',
  leader_name: '',
  leader_phone: '',
  emergency_phone: '',
});
export const initialSite = (): Values => ({ site_name: '', domain: '', url: '', ip: '', remarks: '' });

const clean = (v: Values) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== ''));

/** The first rule each field breaks, worded; the region's three codes are one field. */
function errorsOf(issues: readonly IssueLike[], t: TFunction): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0] ?? '');
    const field = ['province', 'city', 'district'].includes(key) ? 'region' : key;
    if (!out[field]) out[field] = ruleText(issue, t as never, (k) => i18next.exists(k));
  }
  return out;
}

export function checkSubject(v: Values, t: TFunction): Errors {
  const r = icpSubjectSchema.safeParse(clean(v));
  return r.success ? {} : errorsOf(r.error.issues as IssueLike[], t);
}

export function checkSite(v: Values, t: TFunction): Errors {
  const r = icpSiteSchema.safeParse(clean(v));
  return r.success ? {} : errorsOf(r.error.issues as IssueLike[], t);
}
