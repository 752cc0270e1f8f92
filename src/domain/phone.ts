// Phone numbers with their country code (issue 30 "Bandwidth and phones", seed 001 §9 "Phone country
// codes +86 and +852"): the one rule every form and API that takes a phone uses.
//
// One representation on the wire and in text columns: the existing `phone` field, where
// - 11 bare digits (what every existing client sends) mean +86, as before;
// - "+86 13912345678" is the same mainland number written with its code;
// - "+852 91234567" (space or hyphen optional) is a Hong Kong number.
// Parsed, a phone becomes its stored form: mainland numbers stay the bare 11 digits (so rows and
// clients of before read the same), Hong Kong numbers keep "+852 " in front. Tables with their own
// `area_code` column (users, phone changes, registrations) keep the digits and the code apart
// (`splitPhone`); SMS goes to `+area_code phone`.
//
// Rules:
// - +86 mobile: 11 digits starting 13, 14, 15, 17, 18 or 19 (seed 000 §5 "mobile" prefixes; 16 is
//   refused, 12 and below are not mobiles).
// - +852 mobile: 8 digits starting 4-9. Hong Kong's plan gives 2 and 3 to fixed lines, 5, 6 and 9 to
//   mobiles and 4, 7 and 8 to newer mobile and machine blocks; every 4-9 number is taken where an SMS
//   must reach it, 2 and 3 are refused there because a fixed line takes no SMS.
// - +852 any phone (a contact number that is called, e.g. an ICP emergency phone): 8 digits 2-9.

export const PHONE_AREA_CODES = ['86', '852'] as const;
export type PhoneAreaCode = (typeof PHONE_AREA_CODES)[number];
export const DEFAULT_AREA_CODE: PhoneAreaCode = '86';

/** Mainland mobiles: 13, 14, 15, 17, 18, 19 and 9 more digits (16 is excluded by the seed). */
export const MAINLAND_MOBILE = /^1[3-57-9]\d{9}$/;
/** Hong Kong numbers that take an SMS: 8 digits starting 4-9. */
export const HK_MOBILE = /^[4-9]\d{7}$/;
/** Hong Kong numbers of any kind (fixed lines 2 and 3 too): 8 digits starting 2-9. */
export const HK_ANY = /^[2-9]\d{7}$/;

/** Mainland fixed lines with their area code: 010-12345678, 0512-62885566 (the hyphen optional). */
export const MAINLAND_LANDLINE = /^0\d{2,3}-?\d{7,8}$/;

/**
 * A number that is called rather than texted (the contact of an invoice, a contract, an ICP filing's
 * emergency phone): a mainland fixed line or mobile, bare or after "+86 ", or a Hong Kong number of any
 * kind after "+852 ". Mainland mobiles follow the one rule above (16 refused).
 */
export function callablePhoneOk(raw: string): boolean {
  const s = raw.trim();
  if (MAINLAND_LANDLINE.test(s) || MAINLAND_MOBILE.test(s)) return true;
  const p = s.startsWith('+') ? splitPhone(s) : null;
  if (!p) return false;
  return p.area_code === '852' ? HK_ANY.test(p.phone) : MAINLAND_MOBILE.test(p.phone) || MAINLAND_LANDLINE.test(p.phone);
}

export interface Phone {
  area_code: PhoneAreaCode;
  /** The national digits, without the code. */
  phone: string;
}

/** Splits what a client sent ("13912345678", "+86 139…", "+852 9123 4567") into code and digits; null when no known code. */
export function splitPhone(raw: string): Phone | null {
  const s = raw.trim();
  if (!s.startsWith('+')) return { area_code: DEFAULT_AREA_CODE, phone: s };
  const m = /^\+(852|86)[\s-]*([\d\s-]*)$/.exec(s);
  return m ? { area_code: m[1] as PhoneAreaCode, phone: m[2]!.replace(/[\s-]/g, '') } : null;
}

/** The stored form: bare digits for +86, "+852 digits" for Hong Kong. */
export function joinPhone(areaCode: string, digits: string): string {
  return areaCode === DEFAULT_AREA_CODE ? digits : `+${areaCode} ${digits}`;
}

/** The error key (errors:rules) a number breaks, or null. `kind` mobile: an SMS must reach it. */
export function phoneProblem(areaCode: string, digits: string, kind: 'mobile' | 'any' = 'mobile'): 'mobile' | 'mobile_hk' | null {
  if (areaCode === '852') return (kind === 'mobile' ? HK_MOBILE : HK_ANY).test(digits) ? null : 'mobile_hk';
  if (areaCode === '86') return MAINLAND_MOBILE.test(digits) ? null : 'mobile';
  return 'mobile';
}

/** The stored form split for tables with an `area_code` column (a stored form always splits). */
export function storedParts(stored: string): Phone {
  return splitPhone(stored) ?? { area_code: DEFAULT_AREA_CODE, phone: stored };
}

/**
 * A phone masked for display: +86 shows its first 3 and last 4 digits (seed 000 §9), +852 shows the
 * code and its first 2 and last 2 digits ("+852 91****78").
 */
export function maskPhoneWithCode(areaCode: string, digits: string): string {
  if (areaCode === DEFAULT_AREA_CODE || !areaCode) return digits.length < 7 ? digits : `${digits.slice(0, 3)}****${digits.slice(-4)}`;
  const masked = digits.length < 6 ? digits : `${digits.slice(0, 2)}****${digits.slice(-2)}`;
  return `+${areaCode} ${masked}`;
}

/** A stored phone (either form) masked for display. */
export function maskStoredPhone(stored: string): string {
  const p = storedParts(stored);
  return maskPhoneWithCode(p.area_code, p.phone);
}
