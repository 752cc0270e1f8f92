// Rules of the SSL certificate store (seed 001 §5, §8, §9): domains per certificate type, the
// create body's three sources, the 30-day revocation window, expiry statuses, sealed keys and the
// real X.509 parse of an uploaded pair.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  certSourceOf,
  daysLeft,
  domainsProblem,
  expiryStatus,
  isCertDomain,
  isDomainName,
  revocable,
  splitDomains,
} from '../../src/domain/kinds/ssl-certificate/ssl-certificate.rules.ts';
import { sslCertificateKind } from '../../src/domain/kinds/ssl-certificate/ssl-certificate.kind.ts';
import { certCreateSchema } from '../../src/domain/kinds/ssl-certificate/ssl-certificate.schema.ts';
import { secretBox } from '../../src/server/platform/lib/secret-box.ts';
import { parseUpload } from '../../src/server/engine/kinds/ssl-certificate/ssl-certificate.hooks.ts';

const pem = (f: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs', f), 'utf8');
const DAY = 86_400_000;
const where = { vendor: 'openstack', region_id: 'a'.repeat(32), az_id: 'b'.repeat(32) };
const issueOf = (body: Record<string, unknown>) => {
  const r = certCreateSchema.safeParse({ name: 'cert-1', ...where, ...body });
  return r.success ? null : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
};

describe('certificate domains', () => {
  it('takes host names of a-z, 0-9 and inner hyphens; a wildcard only where allowed', () => {
    for (const ok of ['a.cn', 'www.example.com', 'x-1.y-2.example.com.cn']) expect(isDomainName(ok), ok).toBe(true);
    for (const bad of ['example', '-a.com', 'a-.com', 'a..com', 'UPPER.com', 'a_b.com', 'a.123', `${'a'.repeat(64)}.com`, '中文.com'])
      expect(isDomainName(bad), bad).toBe(false);
    expect(isCertDomain('*.example.com', true)).toBe(true);
    expect(isCertDomain('*.example.com', false)).toBe(false);
    expect(splitDomains(' a.cn, b.cn\nc.cn；d.cn ')).toEqual(['a.cn', 'b.cn', 'c.cn', 'd.cn']);
  });

  it('checks a bought list against its type', () => {
    expect(domainsProblem([], 'single')).toBe('required');
    expect(domainsProblem(['a.cn', 'b.cn'], 'single')).toBe('cert_one_domain');
    expect(domainsProblem(['a.cn', 'a.cn'], 'multiple')).toBe('domain_repeated');
    expect(domainsProblem(['a.cn'], 'wildcard')).toBe('cert_wildcard_only');
    expect(domainsProblem(['*.a.cn'], 'single')).toBe('domain_invalid');
    expect(domainsProblem(['*.a.cn'], 'wildcard')).toBeNull();
    expect(domainsProblem(['a.cn', 'b.cn'], 'multiple')).toBeNull();
    expect(
      domainsProblem(
        Array.from({ length: 101 }, (_, i) => `d${i}.cn`),
        'multiple',
      ),
    ).toBe('too_big');
  });
});

describe('the create body', () => {
  it('knows its source from what it carries', () => {
    expect(certSourceOf({})).toBe('free');
    expect(certSourceOf({ brand: 'cfca' })).toBe('buy');
    expect(certSourceOf({ public_key: 'x' })).toBe('upload');
    expect(certSourceOf({ source: 'buy', public_key: 'x' })).toBe('buy');
  });

  it('a free certificate links only one domain', () => {
    expect(issueOf({ domain: 'a.cn' })).toBeNull();
    expect(issueOf({ domains: 'a.cn,b.cn' })).toEqual({ path: 'domain', message: 'cert_one_domain' });
    expect(issueOf({})).toEqual({ path: 'domain', message: 'required' });
    expect(issueOf({ domain: 'bad_domain' })).toEqual({ path: 'domain', message: 'domain_invalid' });
    const out = certCreateSchema.parse({ name: 'cert-1', ...where, domain: 'A.cn' }) as Record<string, unknown>;
    expect(out).toMatchObject({ source: 'free', domains: ['a.cn'], domain_type: 'single', validity_years: 1 });
    expect(out.domain).toBeUndefined();
  });

  it('a bought certificate needs its brand, a validity of 1–3 years and domains of its type', () => {
    expect(issueOf({ source: 'buy', domains: 'a.cn' })).toEqual({ path: 'brand', message: 'required' });
    expect(issueOf({ brand: 'digicert', domains: 'a.cn', validity_years: 5 })?.path).toBe('validity_years');
    expect(issueOf({ brand: 'digicert', domain_type: 'wildcard', domains: 'a.cn' })).toEqual({ path: 'domains', message: 'cert_wildcard_only' });
    expect(issueOf({ brand: 'digicert', domains: 'a.cn', validity_years: 3 })).toBeNull();
  });

  it('an uploaded certificate needs PEM text for both halves', () => {
    expect(issueOf({ public_key: 'abc', private_key: 'def' })).toEqual({ path: 'public_key', message: 'pem_certificate' });
    expect(issueOf({ public_key: pem('shop.cert.pem') })).toEqual({ path: 'private_key', message: 'required' });
    expect(issueOf({ public_key: pem('shop.cert.pem'), private_key: pem('shop.key.pem') })).toBeNull();
  });
});

describe('certificate states', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('revocation cancels the order only within 30 days of issue', () => {
    expect(revocable(new Date(now.getTime() - 29 * DAY).toISOString(), now)).toBe(true);
    expect(revocable(new Date(now.getTime() - 30 * DAY).toISOString(), now)).toBe(true);
    expect(revocable(new Date(now.getTime() - 30 * DAY - 1000).toISOString(), now)).toBe(false);
  });

  it('is 正常, 待续期 within 30 days of expiry, 已过期 after it', () => {
    expect(expiryStatus(new Date(now.getTime() + 31 * DAY).toISOString(), now)).toBe('normal');
    expect(expiryStatus(new Date(now.getTime() + 30 * DAY).toISOString(), now)).toBe('pending_renewal');
    expect(expiryStatus(now.toISOString(), now)).toBe('expired');
    expect(daysLeft(new Date(now.getTime() + 12.5 * DAY).toISOString(), now)).toBe(12);
  });

  it('uploaded certificates settle from their expiry; applied-for ones wait for validation', () => {
    const finalFor = sslCertificateKind.create.finalFor!;
    expect(finalFor({ source: 'free' })).toBe('pending_validation');
    expect(finalFor({ source: 'upload', expires_at: new Date(Date.now() + 400 * DAY).toISOString() })).toBe('normal');
    expect(finalFor({ source: 'upload', expires_at: new Date(Date.now() + 10 * DAY).toISOString() })).toBe('pending_renewal');
    const actions = (status: string) => sslCertificateKind.actions.filter((a) => a.allowedFrom.includes(status)).map((a) => a.id);
    expect(actions('pending_validation')).toEqual(['validate_domain', 'delete']);
    expect(actions('normal')).toEqual(['revoke', 'delete']);
    expect(actions('expired')).toEqual(['renew', 'delete']);
    expect(actions('revoked')).toEqual(['delete']);
  });
});

describe('uploaded pairs and sealed keys', () => {
  it('parses the certificate with node:crypto and checks the key matches', () => {
    const parsed = parseUpload(pem('shop.cert.pem'), pem('shop.key.pem'));
    expect(parsed.domains).toEqual(['shop.yunshu-demo.test', 'www.shop.yunshu-demo.test']);
    expect(parsed.algorithm).toBe('rsa');
    expect(() => parseUpload(pem('shop.cert.pem'), pem('other.key.pem'))).toThrow(/cert_key_mismatch/);
    expect(() => parseUpload(pem('shop.cert.pem'), pem('shop.key.pem'), new Date(Date.parse(parsed.expires_at) + 1000))).toThrow(/cert_expired/);
  });

  it('seals with AES-256-GCM: random nonce, tamper and wrong key refused', () => {
    const k1 = secretBox(Buffer.alloc(32, 1));
    const k2 = secretBox(Buffer.alloc(32, 2));
    const a = k1.seal({ private_key: 'secret' });
    expect(a).not.toBe(k1.seal({ private_key: 'secret' }));
    expect(k1.open(a)).toEqual({ private_key: 'secret' });
    expect(() => k2.open(a)).toThrow();
    const parts = a.split(':');
    parts[3] = Buffer.from('SECRET').toString('base64');
    expect(() => k1.open(parts.join(':'))).toThrow();
  });
});
