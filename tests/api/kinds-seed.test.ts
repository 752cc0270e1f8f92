// The demo resources: 200+ rows of every kind across the three tenants, six vendors and many states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { KINDS } from '../../src/domain/kinds/registry.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

describe('demo resources', () => {
  it('covers every kind, tenant and vendor with links and varied states', async () => {
    const rows = await app.ctx.db.selectFrom('resources').select(['kind', 'tenant_id', 'vendor', 'status', 'locked']).where('name', 'like', 'demo-%').execute();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r.tenant_id)).size).toBe(3);
    expect(new Set(rows.map((r) => r.vendor)).size).toBe(6);
    for (const k of KINDS)
      expect(
        rows.some((r) => r.kind === k.kind),
        k.kind,
      ).toBe(true);
    for (const s of ['running', 'stopped', 'error', 'deleted', 'mounted', 'unmounted', 'allocated', 'available'])
      expect(
        rows.some((r) => r.status === s),
        s,
      ).toBe(true);
    expect(rows.some((r) => r.locked)).toBe(true);
    const links = await app.ctx.db.selectFrom('links').select('relation').execute();
    for (const rel of ['mounted_on', 'bound_to', 'in_subnet', 'in_vpc', 'snapshot_of'])
      expect(
        links.some((l) => l.relation === rel),
        rel,
      ).toBe(true);
  });

  it('sells each product under one platform package per charging code (the buy form lists each once)', async () => {
    const pkgs = await app.ctx.db.selectFrom('charging_pkgs').select(['product_code', 'code']).where('tenant_id', 'is', null).execute();
    const seen = new Map<string, number>();
    for (const p of pkgs) seen.set(`${p.product_code} ${p.code}`, (seen.get(`${p.product_code} ${p.code}`) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
    for (const k of KINDS.filter((x) => x.prices)) expect(seen.get(`${k.productCode} quantity`), k.kind).toBe(1);
  });

  it('lists the seeded hosts of a project through the API', async () => {
    const c = await app.as('tenant_admin');
    const res = await c.req({ method: 'GET', url: '/api/instances?__limit=50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(0);
    expect(res.json().data.every((r: { status: string }) => r.status !== 'deleted')).toBe(true);
  });
});
