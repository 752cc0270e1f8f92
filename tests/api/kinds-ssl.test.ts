// SSL certificates through the API: free (one domain) and bought certificates applied for and
// validated, own certificates uploaded as PEM (parsed, key checked to match, key sealed at rest and
// never answered), revocation inside / outside the 30-day window, the expiry sweep, isolation.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, placement, settle, uniq } from './kinds-helpers.ts';
import { sweepCertificateExpiry } from '../../src/server/engine/certificates.repository.ts';

const pem = (f: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/certs', f), 'utf8');
const CERT = pem('shop.cert.pem');
const KEY = pem('shop.key.pem');
const OTHER_KEY = pem('other.key.pem');

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let where: Record<string, string>;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  where = await placement(app);
});
afterAll(async () => {
  await app.close();
});

const post = (payload: Record<string, unknown>) => c.req({ method: 'POST', url: '/api/ssl-certificates', payload });
const upload = () => createSettled(c, 'ssl-certificates', { name: uniq('own'), ...where, public_key: CERT, private_key: KEY });

describe('SSL certificates', () => {
  it('a free certificate covers one domain: 申请中 → 待域名验证 → (验证) 审核中 → 正常 with a year of validity', async () => {
    expect400(await post({ name: uniq('free'), ...where, domain: 'not a domain' }), 'domain');
    expect400(await post({ name: uniq('free'), ...where, domains: 'a.yunshu-demo.test,b.yunshu-demo.test' }), 'domain');
    const bad = await post({ name: uniq('free'), ...where, domains: 'a.yunshu-demo.test,b.yunshu-demo.test' });
    expect(bad.json().description).toContain('免费证书仅可关联一个域名');
    const row = await create(c, 'ssl-certificates', { name: uniq('free'), ...where, domain: 'Api.Yunshu-Demo.test' });
    expect(row.status).toBe('applying');
    const pending = (await settle(c, 'ssl-certificates', row.id))!;
    expect(pending).toMatchObject({ status: 'pending_validation', spec: { source: 'free', domains: ['api.yunshu-demo.test'], domain_type: 'single' } });
    expect(pending.available_actions).toEqual(['validate_domain', 'delete']);
    expect409(await act(c, 'ssl-certificates', row.id, { action: 'revoke' }), '当前状态不允许吊销');
    const ok = await actSettled(c, 'ssl-certificates', row.id, { action: 'validate_domain' });
    expect(ok.status).toBe('normal');
    const days = (Date.parse(ok.spec.expires_at) - Date.parse(ok.spec.issued_at)) / 86_400_000;
    expect(days).toBe(365);
    expect(ok.spec.days_left).toBeGreaterThanOrEqual(364);
  });

  it('a bought certificate checks its domains against the domain type', async () => {
    const base = { name: uniq('buy'), ...where, brand: 'digicert', validation_method: 'dns', algorithm: 'ecc', validity_years: 2 };
    expect400(await post({ ...base, domain_type: 'single', domains: 'a.yunshu-demo.test,b.yunshu-demo.test' }), 'domains');
    expect400(await post({ ...base, domain_type: 'wildcard', domains: 'a.yunshu-demo.test' }), 'domains');
    expect400(await post({ ...base, domain_type: 'multiple', domains: 'a.yunshu-demo.test,a.yunshu-demo.test' }), 'domains');
    expect400(await post({ ...base, brand: 'nobody', domains: 'a.yunshu-demo.test' }), 'brand');
    expect400(await post({ ...base, validity_years: 4, domains: 'a.yunshu-demo.test' }), 'validity_years');
    const row = await createSettled(c, 'ssl-certificates', { ...base, domain_type: 'multiple', domains: 'a.yunshu-demo.test, b.yunshu-demo.test' });
    expect(row).toMatchObject({
      status: 'pending_validation',
      spec: { source: 'buy', brand: 'digicert', algorithm: 'ecc', domains: ['a.yunshu-demo.test', 'b.yunshu-demo.test'] },
    });
    const ok = await actSettled(c, 'ssl-certificates', row.id, { action: 'validate_domain' });
    expect((Date.parse(ok.spec.expires_at) - Date.parse(ok.spec.issued_at)) / 86_400_000).toBe(730);
    expect(ok.spec.issuer).toContain('DigiCert');
    // Within 30 days of issue: revoked, the order cancelled.
    const revoked = await act(c, 'ssl-certificates', row.id, { action: 'revoke' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', spec: { order_cancelled: true } });
  });

  it('revocation after 30 days is refused with the seed message', async () => {
    const row = await createSettled(c, 'ssl-certificates', { name: uniq('free'), ...where, domain: 'old.yunshu-demo.test' });
    await actSettled(c, 'ssl-certificates', row.id, { action: 'validate_domain' });
    const current = await app.ctx.db.selectFrom('resources').select('spec').where('id', '=', row.id).executeTakeFirstOrThrow();
    const spec = { ...(current.spec as Record<string, unknown>), issued_at: new Date(Date.now() - 31 * 86_400_000).toISOString() };
    await app.ctx.db
      .updateTable('resources')
      .set({ spec: JSON.stringify(spec) as never })
      .where('id', '=', row.id)
      .execute();
    expect409(await act(c, 'ssl-certificates', row.id, { action: 'revoke' }), '证书签发已超过 30 天，无法完成吊销');
    const tw = await c.req({
      method: 'POST',
      url: `/api/ssl-certificates/${row.id}/actions`,
      payload: { action: 'revoke' },
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.json().description).toBe('憑證簽發已超過 30 天，無法完成撤銷');
  });

  it('an uploaded certificate is parsed (domains, issuer, expiry), its key sealed apart and never answered', async () => {
    expect400(await post({ name: uniq('own'), ...where, public_key: 'hello', private_key: KEY }), 'public_key');
    expect400(await post({ name: uniq('own'), ...where, public_key: CERT }), 'private_key');
    const mismatch = await post({ name: uniq('own'), ...where, public_key: CERT, private_key: OTHER_KEY });
    expect400(mismatch, 'private_key');
    expect(mismatch.json().description).toContain('证书公钥与私钥不匹配');
    // Looks like PEM but is not a certificate: the X.509 parser refuses it.
    const garbage = '-----BEGIN CERTIFICATE-----\nTUlJQm9ndXM=\n-----END CERTIFICATE-----';
    expect400(await post({ name: uniq('own'), ...where, public_key: garbage, private_key: KEY }), 'public_key');

    const row = await upload();
    expect(row.status).toBe('normal');
    expect(row.spec).toMatchObject({
      source: 'upload',
      domains: ['shop.yunshu-demo.test', 'www.shop.yunshu-demo.test'],
      issuer: 'shop.yunshu-demo.test',
      algorithm: 'rsa',
    });
    expect(row.spec.expires_at > new Date(Date.now() + 3000 * 86_400_000).toISOString()).toBe(true);
    const answers = [
      JSON.stringify(row),
      (await c.req({ method: 'GET', url: `/api/ssl-certificates/${row.id}` })).body,
      (await c.req({ method: 'GET', url: '/api/ssl-certificates' })).body,
    ];
    const keyBody = KEY.split('\n')[1]!;
    for (const a of answers) {
      expect(a).not.toContain('PRIVATE KEY');
      expect(a).not.toContain(keyBody);
      expect(a).not.toContain('private_key');
    }
    const stored = await app.ctx.db.selectFrom('resources').select('spec').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.spec)).not.toContain(keyBody);
    // The key is one of the kind's secret fields: sealed by the engine into resources.secrets.
    const sealedKeyOf = async (id: string) =>
      (await app.ctx.db.selectFrom('resources').select('secrets').where('id', '=', id).executeTakeFirst())?.secrets ?? undefined;
    const sealed = (await sealedKeyOf(row.id))!;
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(keyBody);
    expect(String(app.ctx.secrets.open(sealed).private_key).trim()).toBe(KEY.trim());
    expect409(await act(c, 'ssl-certificates', row.id, { action: 'revoke' }), '自有证书不支持吊销，可直接删除');
    // Deleted: the sealed key goes with it.
    expect((await c.req({ method: 'DELETE', url: `/api/ssl-certificates/${row.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'ssl-certificates', row.id)).toBeNull();
    expect(await sealedKeyOf(row.id)).toBeUndefined();
  });

  it('the expiry sweep moves certificates to 待续期 30 days before expiry and 已过期 after; renewal brings them back', async () => {
    const row = await createSettled(c, 'ssl-certificates', { name: uniq('free'), ...where, domain: 'sweep.yunshu-demo.test' });
    const ok = await actSettled(c, 'ssl-certificates', row.id, { action: 'validate_domain' });
    const expires = Date.parse(ok.spec.expires_at);
    await sweepCertificateExpiry(app.ctx.db, new Date(expires - 40 * 86_400_000));
    expect((await settle(c, 'ssl-certificates', row.id))!.status).toBe('normal');
    await sweepCertificateExpiry(app.ctx.db, new Date(expires - 20 * 86_400_000));
    expect((await settle(c, 'ssl-certificates', row.id))!).toMatchObject({ status: 'pending_renewal', available_actions: ['renew', 'revoke', 'delete'] });
    await sweepCertificateExpiry(app.ctx.db, new Date(expires + 1000));
    expect((await settle(c, 'ssl-certificates', row.id))!.status).toBe('expired');
    expect409(await act(c, 'ssl-certificates', row.id, { action: 'validate_domain' }), '当前状态不允许验证域名');
    const renewed = await actSettled(c, 'ssl-certificates', row.id, { action: 'renew' });
    expect(renewed.status).toBe('normal');
    expect(Date.parse(renewed.spec.expires_at)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  it('another tenant cannot see, act on or delete a certificate (404)', async () => {
    const row = await upload();
    const fin = await app.as('fin_admin');
    expect((await fin.req({ method: 'GET', url: `/api/ssl-certificates/${row.id}` })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/ssl-certificates/${row.id}/actions`, payload: { action: 'revoke' } })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/ssl-certificates/${row.id}` })).statusCode).toBe(404);
    const list = (await fin.req({ method: 'GET', url: '/api/ssl-certificates' })).json();
    expect(list.data.map((r: { id: string }) => r.id)).not.toContain(row.id);
  });
});
