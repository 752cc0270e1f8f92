// ICP filing (issue 31; seed 001 §2 "ICP filing wizard", §3 entity, §4 states, §5 rules, §9 review
// time): a tenant files a website in four steps — the subject (主办单位), the site, the materials,
// then confirms and submits. The filing then passes 初审 → 管局审核 → 材料已提交 → 已完成 over 3–5
// working days (simulated: the server's scheduler moves it on). Shared by the server and the wizard,
// so a field refused on the phone is refused by the API with the same rule.
import { z } from 'zod';
import { callablePhoneOk } from './phone.ts';
import { mobilePhoneSchema } from './phone-schema.ts';

export const ICP_URL = '/api/v1/isps';

export const ICP_STATES = ['initial_review', 'bureau_review', 'materials_submitted', 'completed'] as const;
export type IcpState = (typeof ICP_STATES)[number];

export const SUBJECT_NATURES = ['enterprise', 'government', 'institution', 'social_group', 'individual'] as const;
export const CERT_TYPES = ['business_licence', 'org_code', 'institution_cert', 'social_group_cert', 'id_card'] as const;
export type CertType = (typeof CERT_TYPES)[number];
/** The certificate types each subject nature may file with. */
export const CERT_TYPES_OF: Readonly<Record<(typeof SUBJECT_NATURES)[number], readonly CertType[]>> = {
  enterprise: ['business_licence', 'org_code'],
  government: ['org_code'],
  institution: ['institution_cert', 'org_code'],
  social_group: ['social_group_cert', 'org_code'],
  individual: ['id_card'],
};

export const MATERIAL_KINDS = ['licence', 'leader_id', 'site_verification', 'security'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
/** Every filing needs these; a financial tenant also the security assessment (seed 001 §5). */
export const REQUIRED_MATERIALS: readonly MaterialKind[] = ['licence', 'leader_id', 'site_verification'];
export const FINANCIAL_MATERIALS: readonly MaterialKind[] = ['security'];
export const MATERIAL_LIMITS = { fileBytes: 5 * 1024 * 1024, fileLabel: '5 MB', mimes: ['image/jpeg', 'image/png', 'application/pdf'] } as const;

/** Han characters in a text (a site name needs at least three, seed 001 §5). */
export const hanCount = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A public address: ICP filing names the server people reach, never a private or reserved one. */
export function isPublicIpv4(ip: string): boolean {
  if (!IPV4.test(ip)) return false;
  const [a, b] = ip.split('.').map(Number) as [number, number];
  if (a === 10 || a === 127 || a === 0 || a >= 224) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 169 && b === 254) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  return true;
}

/** A certificate number by its type: an ID card is 18 digits (the last may be X); others 1–18 letters and digits. */
export const certNumberOk = (type: CertType, n: string) => (type === 'id_card' ? /^\d{17}[\dX]$/.test(n) : /^[0-9A-Z]{1,18}$/.test(n));

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const icpSubjectSchema = z
  .object({
    sponsor_name: text(2, 64),
    nature: z.enum(SUBJECT_NATURES),
    cert_type: z.enum(CERT_TYPES),
    cert_number: z.string().trim().toUpperCase().min(1).max(18),
    /** administrative region codes (6 digits each, @vant/area-data) */
    province: z.string().regex(/^\d{6}$/),
    city: z.string().regex(/^\d{6}$/),
    district: z.string().regex(/^\d{6}$/),
    address: text(5, 100),
    leader_name: text(2, 20),
    leader_phone: mobilePhoneSchema,
    emergency_phone: z.string().trim().refine(callablePhoneOk, { message: 'icp_phone' }),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (!CERT_TYPES_OF[s.nature].includes(s.cert_type)) ctx.addIssue({ code: 'custom', path: ['cert_type'], message: 'icp_cert_type' });
    if (!certNumberOk(s.cert_type, s.cert_number)) ctx.addIssue({ code: 'custom', path: ['cert_number'], message: 'icp_cert_number' });
  });

export const icpSiteSchema = z
  .object({
    site_name: text(3, 64).refine((s) => hanCount(s) >= 3, { message: 'icp_site_name' }),
    domain: z.string().trim().toLowerCase().regex(DOMAIN, { message: 'domain_invalid' }),
    url: z.string().trim().max(200),
    ip: z.string().trim().refine(isPublicIpv4, { message: 'icp_public_ip' }),
    remarks: z.string().trim().max(200).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    let host = '';
    try {
      const u = new URL(s.url);
      host = /^https?:$/.test(u.protocol) ? u.hostname : '';
    } catch {
      host = '';
    }
    if (!host || (host !== s.domain && !host.endsWith(`.${s.domain}`))) ctx.addIssue({ code: 'custom', path: ['url'], message: 'icp_url' });
  });

export const icpCreateSchema = z
  .object({
    subject: icpSubjectSchema,
    site: icpSiteSchema,
    material_ids: z
      .array(z.string().regex(/^[0-9a-f]{32}$/))
      .min(1)
      .max(8),
  })
  .strict();
export type IcpCreate = z.infer<typeof icpCreateSchema>;

export interface IcpMaterial {
  id: string;
  kind: MaterialKind;
  name: string;
  size: number;
  mime: string;
}

export interface IcpStep {
  state: IcpState;
  at: string | null;
}

export interface IcpFiling {
  id: string;
  status: IcpState;
  icp_number: string | null;
  subject: z.infer<typeof icpSubjectSchema>;
  site: z.infer<typeof icpSiteSchema>;
  materials: IcpMaterial[];
  steps: IcpStep[];
  submitted_at: string;
  expected_at: string;
  completed_at: string | null;
}

/** What the public lookup tells about a completed filing (nothing about a filing under review). */
export interface IcpLookup {
  icp_number: string;
  sponsor_name: string;
  nature: (typeof SUBJECT_NATURES)[number];
  site_name: string;
  domain: string;
  completed_at: string;
}

// ── The review's calendar (simulated, seed 001 §9: 3–5 working days) ──

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** The instant `days` working days (Monday–Friday, China time) after `from`. */
export function addWorkingDays(from: Date, days: number): Date {
  let t = from.getTime();
  let left = days;
  while (left > 0) {
    t += 86_400_000;
    const weekday = new Date(t + SHANGHAI_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(t);
}

/** A filing's review takes 3, 4 or 5 working days, fixed by its id. */
export const reviewDays = (id: string) => 3 + (parseInt(id.slice(0, 8), 16) % 3);

/** When each state begins: 初审 at submission, 管局审核 after one working day, 材料已提交 one before the end. */
export function icpSchedule(id: string, submittedAt: Date): Record<IcpState, Date> {
  const days = reviewDays(id);
  return {
    initial_review: submittedAt,
    bureau_review: addWorkingDays(submittedAt, 1),
    materials_submitted: addWorkingDays(submittedAt, days - 1),
    completed: addWorkingDays(submittedAt, days),
  };
}

/** The state a filing submitted at `submittedAt` is in at `now`. */
export function icpStateAt(id: string, submittedAt: Date, now: Date): IcpState {
  const at = icpSchedule(id, submittedAt);
  let state: IcpState = 'initial_review';
  for (const s of ICP_STATES) if (at[s].getTime() <= now.getTime()) state = s;
  return state;
}

/** The province's one-character abbreviation of an ICP number (沪ICP备…), by the region code's first two digits. */
const PROVINCE_ABBR: Readonly<Record<string, string>> = {
  '11': '京', '12': '津', '13': '冀', '14': '晋', '15': '蒙', '21': '辽', '22': '吉', '23': '黑', '31': '沪', '32': '苏',
  '33': '浙', '34': '皖', '35': '闽', '36': '赣', '37': '鲁', '41': '豫', '42': '鄂', '43': '湘', '44': '粤', '45': '桂',
  '46': '琼', '50': '渝', '51': '蜀', '52': '黔', '53': '滇', '54': '藏', '61': '陕', '62': '甘', '63': '青', '64': '宁', '65': '新',
}; // prettier-ignore
export const provinceAbbr = (province: string) => PROVINCE_ABBR[province.slice(0, 2)] ?? null;

/** 沪ICP备2026000123号-1: province, year of completion, an eight-digit sequence, the site's number. */
export const icpNumber = (province: string, year: number, seq: number) => `${provinceAbbr(province) ?? ''}ICP备${year}${String(seq).padStart(8, '0')}号-1`;
