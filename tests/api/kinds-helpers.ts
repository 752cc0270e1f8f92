// Shared steps of the resource-engine API tests: placements, polling a resource until its job
// is done, and building the usual VPC → subnet → host chain through the API.
import { expect } from 'vitest';
import type { Client, TestApp } from './helper.ts';

export type Row = {
  id: string;
  status: string;
  locked: boolean;
  spec: Record<string, any>;
  available_actions: string[];
  in_between: boolean;
  [k: string]: any;
};

export async function placement(app: TestApp, vendor = 'openstack') {
  const row = await app.ctx.db
    .selectFrom('azs')
    .innerJoin('regions', 'regions.id', 'azs.region_id')
    .select(['azs.id as az_id', 'regions.id as region_id'])
    .where('regions.public_cloud_provider', '=', vendor)
    .orderBy('azs.sort_value')
    .executeTakeFirstOrThrow();
  return { vendor, region_id: row.region_id, az_id: row.az_id };
}

/**
 * The demo's rnd-test (tenant_admin's first project) has a process for firewall_policy requests,
 * so policies created there wait in 审批中 (tests/api/approvals-rules.test.ts). Tests of the
 * engine's direct create path take the rule types off that process first.
 */
export async function rulesWithoutApproval(app: TestApp) {
  const project = (await app.ctx.db.selectFrom('projects').select('id').where('name', '=', 'rnd-test').executeTakeFirstOrThrow()).id;
  await app.ctx.db
    .updateTable('approval_processes')
    .set({ request_types: JSON.stringify(['quota_change']) })
    .where('project_id', '=', project)
    .execute();
}

/** Polls GET until the resource leaves its in-between state (or disappears: answers null). */
export async function settle(c: Client, collection: string, id: string, timeoutMs = 8000): Promise<Row | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await c.req({ method: 'GET', url: `/api/${collection}/${id}` });
    if (res.statusCode === 404) return null;
    expect(res.statusCode).toBe(200);
    const row = res.json() as Row;
    if (!row.in_between) return row;
    if (Date.now() > until) throw new Error(`${collection}/${id} still ${row.status}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export async function create(c: Client, collection: string, body: Record<string, unknown>): Promise<Row> {
  const res = await c.req({ method: 'POST', url: `/api/${collection}`, payload: body });
  if (res.statusCode !== 201) throw new Error(`create ${collection}: ${res.statusCode} ${res.body}`);
  return res.json() as Row;
}

export async function createSettled(c: Client, collection: string, body: Record<string, unknown>): Promise<Row> {
  const row = await create(c, collection, body);
  return (await settle(c, collection, row.id))!;
}

export async function act(c: Client, collection: string, id: string, body: Record<string, unknown>) {
  return c.req({ method: 'POST', url: `/api/${collection}/${id}/actions`, payload: body });
}

/** Acts and waits for the job; fails the test unless the action was accepted. */
export async function actSettled(c: Client, collection: string, id: string, body: Record<string, unknown>): Promise<Row> {
  const res = await act(c, collection, id, body);
  if (res.statusCode !== 200) throw new Error(`${String(body.action)} ${collection}/${id}: ${res.statusCode} ${res.body}`);
  return (await settle(c, collection, id))!;
}

let seq = 0;
export const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/** A VPC (10.x.0.0/16) and a /24 subnet in it, both available. */
export async function network(app: TestApp, c: Client, vendor = 'openstack') {
  const p = await placement(app, vendor);
  const second = 10 + (seq % 200);
  const vpc = await createSettled(c, 'vpcs', { name: uniq('vpc'), ...p, cidr: `10.${second}.0.0/16` });
  const subnet = await createSettled(c, 'subnets', { name: uniq('subnet'), vpc_id: vpc.id, cidr: `10.${second}.1.0/24` });
  return { p, vpc, subnet };
}

export async function host(app: TestApp, c: Client, opts: { vendor?: string; subnetId?: string; extra?: Record<string, unknown> } = {}) {
  const vendor = opts.vendor ?? 'openstack';
  const p = await placement(app, vendor);
  const subnetId = opts.subnetId ?? (await network(app, c, vendor)).subnet.id;
  return createSettled(c, 'instances', {
    name: uniq('host'),
    ...p,
    image: 'centos-7.9',
    flavor: 's6.large.2',
    subnet_id: subnetId,
    password: 'Passw0rd2025',
    ...opts.extra,
  });
}

export function expect409(res: { statusCode: number; json: () => any }, description: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json().description).toBe(description);
}

export function expect400(res: { statusCode: number; json: () => any }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().field).toBe(field);
}
