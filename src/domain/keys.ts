// Access keys, MaaS API keys, passkeys and step-up (issue 15, ADR 0023): the rules both halves
// share. Request signing is defined here as text (what is signed); the HMAC itself is computed by
// whoever holds the secret (the server in src/server/keys/signing.ts, a client SDK, the tests).
import { z } from 'zod';

export const SIGNING_ALGORITHM = 'YS1-HMAC-SHA256';
/** A signed request's X-Ys-Date may differ from the server's clock by at most this much. */
export const SIGNING_MAX_SKEW_MS = 15 * 60_000;
/** The headers every signature must cover (lower case). */
export const REQUIRED_SIGNED_HEADERS = ['x-ys-content-sha256', 'x-ys-date', 'x-ys-nonce'] as const;
/** `20261124T201500Z` */
export const SIGNING_DATE_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

export function signingDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function parseSigningDate(value: string): Date | null {
  const m = SIGNING_DATE_PATTERN.exec(value);
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `?b=2&a=1` → `a=1&b=2` (keys and values percent-encoded, sorted by key then value). */
export function canonicalQuery(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const pairs: [string, string][] = [];
  for (const [k, v] of params) pairs.push([encodeURIComponent(k), encodeURIComponent(v)]);
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/**
 * The text a signature covers: algorithm, method, path, canonical query, each signed header as
 * `name:value` (sorted), the signed header list and the body's SHA-256 (hex).
 */
export function stringToSign(input: {
  method: string;
  url: string;
  headers: Record<string, string>;
  signedHeaders: readonly string[];
  bodySha256: string;
}): string {
  const q = input.url.indexOf('?');
  const path = q < 0 ? input.url : input.url.slice(0, q);
  const query = q < 0 ? '' : input.url.slice(q + 1);
  const names = [...input.signedHeaders].map((h) => h.toLowerCase()).sort();
  return [
    SIGNING_ALGORITHM,
    input.method.toUpperCase(),
    path,
    canonicalQuery(query),
    ...names.map((n) => `${n}:${(input.headers[n] ?? '').trim()}`),
    names.join(';'),
    input.bodySha256,
  ].join('\n');
}

export interface ParsedAuthorization {
  credential: string;
  signedHeaders: string[];
  signature: string;
}

/** `YS1-HMAC-SHA256 Credential=AK, SignedHeaders=a;b, Signature=hex` → its parts, or null. */
export function parseAuthorization(header: string): ParsedAuthorization | null {
  if (!header.startsWith(`${SIGNING_ALGORITHM} `)) return null;
  const parts = new Map<string, string>();
  for (const piece of header.slice(SIGNING_ALGORITHM.length + 1).split(',')) {
    const eq = piece.indexOf('=');
    if (eq < 0) return null;
    parts.set(piece.slice(0, eq).trim(), piece.slice(eq + 1).trim());
  }
  const credential = parts.get('Credential');
  const signed = parts.get('SignedHeaders');
  const signature = parts.get('Signature');
  if (!credential || !signed || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const signedHeaders = signed.toLowerCase().split(';').filter(Boolean);
  if (!REQUIRED_SIGNED_HEADERS.every((h) => signedHeaders.includes(h))) return null;
  return { credential, signedHeaders, signature };
}

// ── AccessKeys ────────────────────────────────────────────────────────────────────────────────
export const ACCESS_KEY_TYPES = ['temporary', 'permanent'] as const;
export type AccessKeyType = (typeof ACCESS_KEY_TYPES)[number];
/** A temporary key lives at most this long. */
export const TEMPORARY_KEY_MAX_DAYS = 90;
/** A user holds at most this many keys in a tenant. */
export const MAX_KEYS_PER_USER = 5;

export const createAccessKeySchema = z
  .object({
    key_type: z.enum(ACCESS_KEY_TYPES, { message: 'invalid_enum' }),
    /** required for a temporary key, in the future and within TEMPORARY_KEY_MAX_DAYS */
    expires_at: z.iso.datetime({ offset: true, message: 'invalid_format' }).optional(),
    description: z.string().max(128, { message: 'too_long' }).optional(),
  })
  .strict();
export type CreateAccessKeyInput = z.infer<typeof createAccessKeySchema>;

export const updateAccessKeySchema = z
  .object({ enabled: z.boolean().optional(), description: z.string().max(128, { message: 'too_long' }).optional() })
  .strict();
export const lockAccessKeySchema = z.object({ reason: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'too_long' }) }).strict();
export const authorizeAccessKeySchema = z.object({ bind_user_id: z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' }) }).strict();

export type AccessKeyState = 'active' | 'disabled' | 'expired' | 'locked';
export function accessKeyState(k: { enabled: boolean; locked: boolean; expires_at: string | Date | null }, now: Date): AccessKeyState {
  if (k.locked) return 'locked';
  if (k.expires_at && new Date(k.expires_at).getTime() <= now.getTime()) return 'expired';
  return k.enabled ? 'active' : 'disabled';
}

// ── MaaS ──────────────────────────────────────────────────────────────────────────────────────
export const MAAS_VENDORS = ['qwen', 'deepseek', 'ernie', 'hunyuan', 'doubao', 'zhipu'] as const;
export const createMaasAccountSchema = z
  .object({
    vendor: z.enum(MAAS_VENDORS, { message: 'invalid_enum' }),
    name: z.string().trim().min(2, { message: 'too_short' }).max(64, { message: 'too_long' }),
    remark: z.string().max(200, { message: 'too_long' }).optional(),
  })
  .strict();
export const createMaasApiKeySchema = z
  .object({
    account_id: z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' }),
    name: z.string().trim().min(2, { message: 'too_short' }).max(64, { message: 'too_long' }),
  })
  .strict();
/** `sk-ab12…9f3c`: enough to tell keys apart, never enough to use one. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 5)}${'*'.repeat(8)}${secret.slice(-4)}`;
}

// ── Passkeys and step-up ──────────────────────────────────────────────────────────────────────
export const passkeyNameSchema = z.object({ name: z.string().trim().min(1, { message: 'required' }).max(32, { message: 'too_long' }) }).strict();
export const stepUpPasswordSchema = z.object({ password: z.string().min(1, { message: 'required' }).max(128, { message: 'too_long' }) }).strict();
