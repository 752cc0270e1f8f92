// The NAT detail's rule tabs list one gateway's rules: /api/{snat,dnat,nat-ipv6}-rules and /api/eips
// filtered by nat_gateway_id, inside the caller's tenant and project. Another gateway's rules never
// show, and another tenant's gateway id gives nothing (its gateway itself answers 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, createSettled, network, placement, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let vpc: Row;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  vpc = (await network(app, c)).vpc;
});
afterAll(async () => {
  await app.close();
});

type Page = { count?: number; data: Row[]; next_cursor?: string | null };
const list = async (client: Client, collection: string, query: string, scope: { tenant?: string; project?: string | null } = {}): Promise<Page> => {
  const res = await client.req({ method: 'GET', url: `/api/${collection}?${query}`, ...scope });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

async function gatewayWithRules(tag: string) {
  const g = await createSettled(c, 'nat_gateways', { name: uniq(`nat-${tag}`), vpc_id: vpc.id });
  const e = await createSettled(c, 'eips', { name: uniq(`eip-${tag}`), ...(await placement(app)), bandwidth: 5 });
  expect((await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: e.id })).statusCode).toBe(200);
  const n = tag === 'a' ? 1 : 2;
  const snat = await createSettled(c, 'snat-rules', { name: uniq(`snat-${tag}`), nat_gateway_id: g.id, eip_id: e.id, source_cidr: `10.${n}.0.0/24` });
  const dnat = await createSettled(c, 'dnat-rules', {
    name: uniq(`dnat-${tag}`),
    nat_gateway_id: g.id,
    eip_id: e.id,
    internal_ip: `10.${n}.0.5`,
    internal_ports: '80,443',
    eip_ports: '8080,8443',
    protocol: 'tcp',
  });
  const ipv6 = await createSettled(c, 'nat-ipv6-rules', {
    name: uniq(`v6-${tag}`),
    nat_gateway_id: g.id,
    ipv6_address: `240e:${n}::10`,
    internal_ip: `10.${n}.0.6`,
    internal_ports: '443',
    ipv6_ports: '443',
    protocol: 'tcp',
  });
  return { g, e, rules: { 'snat-rules': snat, 'dnat-rules': dnat, 'nat-ipv6-rules': ipv6 } as Record<string, Row> };
}

describe('rules of one NAT gateway', () => {
  it("lists only that gateway's rules, in offset and keyset mode, and several gateways comma-joined", async () => {
    const a = await gatewayWithRules('a');
    const b = await gatewayWithRules('b');
    for (const collection of ['snat-rules', 'dnat-rules', 'nat-ipv6-rules']) {
      for (const gw of [a, b]) {
        const page = await list(c, collection, `nat_gateway_id=${gw.g.id}&__limit=10&__offset=0`);
        expect(page.count, collection).toBe(1);
        expect(page.data.map((r) => r.id)).toEqual([gw.rules[collection]!.id]);
        expect(page.data[0]!.spec.nat_gateway_id).toBe(gw.g.id);
        const keyset = await list(c, collection, `nat_gateway_id=${gw.g.id}&__limit=10&__cursor=`);
        expect(keyset.data.map((r) => r.id)).toEqual([gw.rules[collection]!.id]);
        expect(keyset.next_cursor ?? null).toBeNull();
      }
      const both = await list(c, collection, `nat_gateway_id=${a.g.id},${b.g.id}&__limit=10`);
      expect(both.data.map((r) => r.id).sort()).toEqual([a.rules[collection]!.id, b.rules[collection]!.id].sort());
      // Unfiltered, the list holds more than this gateway's rule (the demo rules too).
      expect((await list(c, collection, '__limit=100')).count).toBeGreaterThan(2);
    }
    // Status and name filters combine with the gateway filter.
    expect((await act(c, 'snat-rules', a.rules['snat-rules']!.id, { action: 'disable' })).statusCode).toBe(200);
    expect((await list(c, 'snat-rules', `nat_gateway_id=${a.g.id}&status=issued`)).count).toBe(0);
    expect((await list(c, 'snat-rules', `nat_gateway_id=${a.g.id}&status=inactive`)).count).toBe(1);
    expect((await list(c, 'dnat-rules', `nat_gateway_id=${a.g.id}&name=${encodeURIComponent(a.rules['dnat-rules']!.name as string)}`)).count).toBe(1);
    // The EIP picker of the rule forms: the EIPs bound to the gateway.
    expect((await list(c, 'eips', `nat_gateway_id=${a.g.id}`)).data.map((e) => e.id)).toEqual([a.e.id]);
    // A gateway id that names nothing lists nothing.
    expect((await list(c, 'snat-rules', `nat_gateway_id=${'f'.repeat(32)}`)).count).toBe(0);
  });

  it("lists the demo gateway's seeded rules and nothing of another gateway", async () => {
    const gateways = (await list(c, 'nat_gateways', '__limit=100')).data.filter((g) => g.spec.rule_count > 0);
    expect(gateways.length).toBeGreaterThan(0);
    const g = gateways[0]!;
    let total = 0;
    for (const collection of ['snat-rules', 'dnat-rules', 'nat-ipv6-rules']) {
      const page = await list(c, collection, `nat_gateway_id=${g.id}&__limit=100`);
      for (const r of page.data) expect(r.spec.nat_gateway_id).toBe(g.id);
      total += page.count ?? 0;
    }
    expect(total).toBe(g.spec.rule_count);
  });
});

describe('another tenant', () => {
  it("gets nothing for this tenant's gateway id, and 404 for the gateway itself", async () => {
    const a = await gatewayWithRules('a');
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const finScope = { tenant: ids.finance, project: ids.project('core-trading') };
    for (const scope of [finScope, { tenant: ids.finance, project: null }]) {
      for (const collection of ['snat-rules', 'dnat-rules', 'nat-ipv6-rules', 'eips']) {
        const page = await list(fin, collection, `nat_gateway_id=${a.g.id}&__limit=100`, scope);
        expect(page.count, collection).toBe(0);
        expect(page.data).toEqual([]);
        const keyset = await list(fin, collection, `nat_gateway_id=${a.g.id}&__cursor=`, scope);
        expect(keyset.data).toEqual([]);
      }
      expect((await fin.req({ method: 'GET', url: `/api/nat_gateways/${a.g.id}`, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'GET', url: `/api/snat-rules/${a.rules['snat-rules']!.id}`, ...scope })).statusCode).toBe(404);
    }
    // Sending this tenant's ids in the headers is refused outright.
    const own = c.territories[0]!;
    expect(
      (await fin.req({ method: 'GET', url: `/api/snat-rules?nat_gateway_id=${a.g.id}`, tenant: own.tenant_id, project: own.projects[0]?.project_id ?? null }))
        .statusCode,
    ).toBe(404);
    // And the other way round: the finance tenant's own gateway lists its rules for it, none for us.
    const finGateway = (await list(fin, 'nat_gateways', '__limit=100', finScope)).data.find((g) => g.spec.rule_count > 0)!;
    expect(finGateway).toBeDefined();
    expect((await list(fin, 'snat-rules', `nat_gateway_id=${finGateway.id}`, finScope)).count).toBeGreaterThan(0);
    for (const collection of ['snat-rules', 'dnat-rules', 'nat-ipv6-rules']) {
      expect((await list(c, collection, `nat_gateway_id=${finGateway.id}&__limit=100`)).count).toBe(0);
    }
  });
});
