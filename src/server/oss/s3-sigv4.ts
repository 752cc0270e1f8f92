// AWS Signature Version 4 as S3 checks it (ADR 0063): the Authorization header form and the
// presigned-URL form. The server rebuilds the canonical request from what it received — the
// method, the path and query in their canonical encoding, exactly the headers the client listed as
// signed — derives the signing key from the key's secret (opened from its seal) and compares
// signatures in constant time. The payload hash the client declared is checked against the body by
// the caller while the body streams (x-amz-content-sha256).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { S3Error, s3 } from './s3-errors.ts';

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED = 'UNSIGNED-PAYLOAD';
const MAX_SKEW_MS = 15 * 60_000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export interface SigV4Request {
  method: string;
  /** the raw request target: path and query as sent */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface SigV4Claim {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  /** the body's declared SHA-256 (hex), UNSIGNED-PAYLOAD, or a streaming mode */
  payloadHash: string;
  presigned: boolean;
  expiresSeconds?: number;
}

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept, everything else %XX upper case). */
export const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    throw s3.invalidArgument('Malformed URL encoding');
  }
};
const header = (h: SigV4Request['headers'], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(',') : v;
};

/** The query's pairs, decoded, in the order sent. */
export function queryPairs(url: string): [string, string][] {
  const q = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return q
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [decode(p), ''] : [decode(p.slice(0, i)), decode(p.slice(i + 1))];
    });
}

function credentialOf(credential: string) {
  const [accessKeyId, date, region, service, terminal] = credential.split('/');
  if (!accessKeyId || !date || !region || service !== 's3' || terminal !== 'aws4_request') throw s3.invalidArgument('Malformed credential');
  return { accessKeyId, date, region, service };
}

/** What a request claims: from its Authorization header or its presigned query; null when unsigned. */
export function parseSigV4(req: SigV4Request): SigV4Claim | null {
  const auth = header(req.headers, 'authorization');
  const query = new Map(queryPairs(req.url));
  if (auth) {
    if (!auth.startsWith(`${ALGORITHM} `)) throw s3.invalidArgument('Only AWS4-HMAC-SHA256 signatures are supported');
    const parts = new Map(
      auth
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((p) => p.trim().split('=') as [string, string]),
    );
    const amzDate = header(req.headers, 'x-amz-date') ?? '';
    const payloadHash = header(req.headers, 'x-amz-content-sha256') ?? '';
    if (!parts.get('Credential') || !parts.get('SignedHeaders') || !parts.get('Signature') || !amzDate || !payloadHash)
      throw s3.invalidArgument('Authorization header is malformed');
    return {
      ...credentialOf(parts.get('Credential')!),
      amzDate,
      signedHeaders: parts.get('SignedHeaders')!.split(';'),
      signature: parts.get('Signature')!,
      payloadHash,
      presigned: false,
    };
  }
  if (!query.has('X-Amz-Signature')) return null;
  if (query.get('X-Amz-Algorithm') !== ALGORITHM) throw s3.invalidArgument('Only AWS4-HMAC-SHA256 signatures are supported');
  const expires = Number(query.get('X-Amz-Expires') ?? '');
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
    throw s3.invalidArgument('X-Amz-Expires must be between 1 and 604800 seconds');
  return {
    ...credentialOf(query.get('X-Amz-Credential') ?? ''),
    amzDate: query.get('X-Amz-Date') ?? '',
    signedHeaders: (query.get('X-Amz-SignedHeaders') ?? 'host').split(';'),
    signature: query.get('X-Amz-Signature')!,
    payloadHash: query.get('X-Amz-Content-Sha256') ?? UNSIGNED,
    presigned: true,
    expiresSeconds: expires,
  };
}

const amzTime = (amzDate: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m) throw s3.accessDenied('X-Amz-Date is malformed');
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
};

/** The canonical request of SigV4 for S3 (paths are not encoded twice). */
export function canonicalRequest(req: SigV4Request, claim: SigV4Claim): string {
  const path = req.url.split('?')[0]!;
  const canonicalPath = path
    .split('/')
    .map((seg) => rfc3986(decode(seg)))
    .join('/');
  const query = queryPairs(req.url)
    .filter(([k]) => !(claim.presigned && k === 'X-Amz-Signature'))
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = claim.signedHeaders.map((h) => `${h}:${(header(req.headers, h) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  return [req.method, canonicalPath, query, headers, claim.signedHeaders.join(';'), claim.payloadHash].join('\n');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** Checks the claim with the key's secret; throws S3 errors (skew, expiry, mismatch). */
export function verifySigV4(req: SigV4Request, claim: SigV4Claim, secret: string, now: Date): void {
  const at = amzTime(claim.amzDate);
  if (claim.amzDate.slice(0, 8) !== claim.date) throw s3.signatureMismatch();
  if (claim.presigned) {
    if (now.getTime() > at + claim.expiresSeconds! * 1000) throw s3.accessDenied('Request has expired');
    if (at - now.getTime() > MAX_SKEW_MS)
      throw new S3Error('RequestTimeTooSkewed', 403, 'The difference between the request time and the current time is too large.');
  } else if (Math.abs(now.getTime() - at) > MAX_SKEW_MS) {
    throw new S3Error('RequestTimeTooSkewed', 403, 'The difference between the request time and the current time is too large.');
  }
  if (!claim.signedHeaders.includes('host')) throw s3.accessDenied('The host header must be signed');
  const scope = `${claim.date}/${claim.region}/${claim.service}/aws4_request`;
  const stringToSign = [ALGORITHM, claim.amzDate, scope, createHash('sha256').update(canonicalRequest(req, claim), 'utf8').digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, claim.date), claim.region), claim.service), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(claim.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw s3.signatureMismatch();
}
