// Server half of the SSL certificate kind (domain/kinds/ssl-certificate): an uploaded certificate
// is parsed with a real X.509 parser (node:crypto), its private key checked to match (the engine
// seals it as the kind's secret field; never returned); an applied-for one gets its validity when its domain
// validation completes; revocation is refused after the 30-day window and for own certificates.
import { createPrivateKey, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { conflict } from '../../../../domain/errors.ts';
import { FREE_VALIDITY_DAYS, REVOKE_WINDOW_DAYS, revocable } from '../../../../domain/kinds/ssl-certificate/ssl-certificate.rules.ts';
import { certificateUsers, sweepCertificateExpiry } from '../../certificates.repository.ts';
import { updateResource, type Exec, type ResourceRow } from '../../engine.repository.ts';
import { sslCertificateKind } from '../../../../domain/kinds/ssl-certificate/ssl-certificate.kind.ts';
import { defineHooks } from '../hooks.ts';

const DAY_MS = 86_400_000;
const invalid = (field: string, rule: string) => new z.ZodError([{ code: 'custom', path: [field], message: rule, input: undefined } as never]);

interface CreateCtx {
  trx: Exec;
  id: string;
  input: Record<string, unknown>;
  spec: Record<string, unknown>;
  tenantId: string;
}
interface ActionCtx {
  trx: Exec;
  row: ResourceRow;
  params: Record<string, unknown>;
}

const firstPem = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0] ?? text;

/** The names a certificate covers: its DNS subject alternative names, else its common name. */
export function certificateDomains(cert: X509Certificate): string[] {
  const sans = (cert.subjectAltName ?? '')
    .split(/,\s*/)
    .filter((s) => s.startsWith('DNS:'))
    .map((s) => s.slice(4).toLowerCase());
  if (sans.length) return [...new Set(sans)];
  const cn = cert.subject
    .split('\n')
    .find((l) => l.startsWith('CN='))
    ?.slice(3);
  return cn ? [cn.toLowerCase()] : [];
}

/** Parses an uploaded pair; a 400 naming the field when either does not parse or they do not match. */
export function parseUpload(publicPem: string, privatePem: string, now = new Date()) {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(firstPem(publicPem));
  } catch {
    throw invalid('public_key', 'pem_certificate');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(privatePem);
  } catch {
    throw invalid('private_key', 'pem_private_key');
  }
  if (!cert.checkPrivateKey(key)) throw invalid('private_key', 'cert_key_mismatch');
  const expires = new Date(cert.validTo);
  if (expires.getTime() <= now.getTime()) throw invalid('public_key', 'cert_expired');
  const type = cert.publicKey.asymmetricKeyType;
  return {
    domains: certificateDomains(cert),
    issuer:
      cert.issuer
        .split('\n')
        .find((l) => l.startsWith('CN='))
        ?.slice(3) ?? cert.issuer.replace(/\n/g, ', '),
    serial_number: cert.serialNumber,
    fingerprint: cert.fingerprint256,
    issued_at: new Date(cert.validFrom).toISOString(),
    expires_at: expires.toISOString(),
    algorithm: type === 'ec' ? 'ecc' : type === 'rsa' || type === 'rsa-pss' ? 'rsa' : String(type),
    public_key: publicPem.trim(),
  };
}

const ISSUERS: Record<string, string> = {
  digicert: 'DigiCert Global G2 TLS RSA SHA256 2020 CA1',
  geotrust: 'GeoTrust RSA CN CA G2',
  globalsign: 'GlobalSign RSA OV SSL CA 2018',
  cfca: 'CFCA OV OCA',
  trustasia: 'TrustAsia RSA DV TLS CA G2',
};

/** Validity granted when an applied-for certificate is issued (or renewed) at `now`. */
function issue(spec: Record<string, unknown>, now: Date) {
  const days = spec.source === 'free' ? FREE_VALIDITY_DAYS : Number(spec.validity_years ?? 1) * 365;
  return {
    issued_at: now.toISOString(),
    expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    issuer: ISSUERS[String(spec.brand ?? 'trustasia')] ?? ISSUERS.trustasia,
    serial_number: randomBytes(16).toString('hex').toUpperCase(),
  };
}

async function patch(trx: Exec, row: ResourceRow, values: Record<string, unknown>): Promise<ResourceRow[]> {
  await updateResource(trx, row.id, { spec: { ...row.spec, ...values } });
  return [];
}

/** A certificate a CDN domain or listener uses cannot be revoked or deleted. */
async function notInUse(c: ActionCtx) {
  if ((await certificateUsers(c.trx, c.row.tenant_id, c.row.id)).length) throw conflict('refusals.ssl_certificate.in_use');
}

export const sslCertificateHooks = [
  defineHooks(sslCertificateKind, {
    async beforeCreate(c: CreateCtx) {
      if (c.spec.source !== 'upload') return;
      Object.assign(c.spec, parseUpload(String(c.input.public_key), String(c.input.private_key)));
      // private_key is one of the kind's secret fields: the engine seals it into resources.secrets.
    },
    beforeAction: {
      async revoke(c: ActionCtx) {
        await notInUse(c);
        if (c.row.spec.source === 'upload') throw conflict('refusals.ssl_certificate.revoke_uploaded');
        if (!revocable(c.row.spec.issued_at as string | undefined, new Date()))
          throw conflict('refusals.ssl_certificate.revoke_window', { days: REVOKE_WINDOW_DAYS });
      },
      delete: notInUse,
      async renew(c: ActionCtx) {
        if (c.row.spec.source === 'upload') throw conflict('refusals.ssl_certificate.renew_uploaded');
      },
    },
    afterAction: {
      validate_domain: (c: ActionCtx) => patch(c.trx, c.row, issue(c.row.spec, new Date())),
      renew: (c: ActionCtx) => patch(c.trx, c.row, issue(c.row.spec, new Date())),
      revoke: (c: ActionCtx) => patch(c.trx, c.row, { revoked_at: new Date().toISOString(), order_cancelled: true }),
    },
  }),
];

/** Scheduler worker: the expiry sweep, at most once a minute per scheduler (one per app). */
export function certificateExpiryWorker(db: Exec) {
  let lastSweep = 0;
  return async () => {
    if (Date.now() - lastSweep < 60_000) return 0;
    lastSweep = Date.now();
    return sweepCertificateExpiry(db, new Date());
  };
}
