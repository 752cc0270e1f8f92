// NAS disaster recovery (ADR 0074): a NAS DR task made through POST /api/v1/dr/tasks and refused for
// each of its rules with nothing created (same file system, not available, another project, another
// protocol, a standby smaller than what the source uses, an end already replicating), a NAS template
// associated through the same checks, the scheduler moving it from initializing to syncing, the list
// by product, a switchover, and another tenant's NAS answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { build, demoIds, type Client } from './helper.ts';

type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let fin: Client;
let demoNas: Json;
let project: string;
let foreign: string;
const nas: Record<string, string> = {};

/** A NAS of tenant_admin's project beside the demo one: its own name, status and spec. */
async function nasLike(name: string, status: string, spec: Json, place: { project_id?: string; tenant_id?: string } = {}): Promise<string> {
  const row = await app.ctx.db.selectFrom('resources').selectAll().where('id', '=', demoNas.id).executeTakeFirstOrThrow();
  const id = newId();
  await app.ctx.db
    .insertInto('resources')
    .values({ ...row, ...place, id, name, status, spec: JSON.stringify({ ...row.spec, ...spec }) } as never)
    .execute();
  return id;
}

beforeAll(async () => {
  app = await build({ config: { cloudSimDelayMs: 200 } });
  c = await app.as('tenant_admin');
  const list = (await c.req({ method: 'GET', url: '/api/nas?__limit=100' })).json().data as Json[];
  demoNas = list.find((r) => r.name === 'demo-nas-shared-files')!;
  project = demoNas.project_id;
  const ids = await demoIds(app.ctx.db);
  const otherProject = ids.projects.find((p) => p.tenant_id === ids.huadong && p.id !== project)!.id;
  nas.src = await nasLike('nas-dr-src', 'available', { protocol: 'nfs', size: 1000 });
  nas.sby = await nasLike('nas-dr-sby', 'available', { protocol: 'nfs', size: 1000 });
  nas.sby2 = await nasLike('nas-dr-sby2', 'available', { protocol: 'nfs', size: 1000 });
  nas.cifs = await nasLike('nas-dr-cifs', 'available', { protocol: 'cifs', size: 1000 });
  nas.small = await nasLike('nas-dr-small', 'available', { protocol: 'nfs', size: 100 });
  nas.creating = await nasLike('nas-dr-creating', 'creating', { protocol: 'nfs', size: 1000 });
  nas.away = await nasLike('nas-dr-away', 'available', { protocol: 'nfs', size: 1000 }, { project_id: otherProject });
  const finProject = ids.projects.find((p) => p.tenant_id === ids.finance)!.id;
  foreign = await nasLike('nas-dr-foreign', 'available', { protocol: 'nfs', size: 1000 }, { tenant_id: ids.finance, project_id: finProject });
  const other = await app.as('fin_admin');
  fin = { ...other, req: (o) => other.req({ ...o, tenant: ids.finance, project: null }) };
});

afterAll(async () => {
  await app.close();
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, client = c, scope: { project?: string | null } = {}) =>
  client.req({ method, url, ...scope, ...(payload === undefined ? {} : { payload: payload as Json }) });
async function refused(res: Awaited<ReturnType<typeof send>>, status: number, text: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ title: expect.any(String), description: expect.any(String) });
  expect(res.json().description).toMatch(text);
}
const tasks = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('dr_tasks' as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const dr = (over: Json = {}) => ({ name: 'nas-dr-files', engine: 'nas', source_id: nas.src, standby_id: nas.sby, threads: 4, ...over });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function afterInit(id: string): Promise<Json> {
  const end = Date.now() + 10_000;
  for (;;) {
    const t = (await send('GET', `/api/v1/dr/tasks/${id}`)).json();
    if (t.status !== 'initializing' || Date.now() > end) return t;
    await sleep(30);
  }
}

describe('NAS DR tasks', () => {
  it('refuses each rule and creates nothing', async () => {
    const before = await tasks();
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: nas.src })), 400, '源文件系统与备文件系统不能相同');
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: nas.creating })), 409, /nas-dr-creating.*不可用/);
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: nas.cifs })), 400, /NFS 协议.*nas-dr-cifs.*CIFS 协议/);
    await refused(
      await send('POST', '/api/v1/dr/tasks', dr({ standby_id: nas.small })),
      400,
      /nas-dr-small」容量 100 GB，小于源文件系统「nas-dr-src」已用的 \d+ GB/,
    );
    // another project's NAS: 404 in the caller's project, refused tenant-wide
    expect((await send('POST', '/api/v1/dr/tasks', dr({ standby_id: nas.away }))).statusCode).toBe(404);
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: nas.away }), c, { project: null }), 400, /nas-dr-away.*不在同一项目/);
    // a database instance is not a NAS: 404 as for anything not of the product
    const pg = ((await send('GET', '/api/v1/dbinstances?__limit=100&name=demo-')).json().data as Json[])[0]!;
    expect((await send('POST', '/api/v1/dr/tasks', dr({ standby_id: pg.id }))).statusCode).toBe(404);
    // the demo NAS already replicates in the seeded task (syncing): neither source nor standby again
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ source_id: demoNas.id })), 409, /demo-nas-shared-files.*nas-shared-files-dr.*不能再作为源端/);
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: demoNas.id })), 409, /demo-nas-shared-files.*不能作为备端/);
    expect((await send('POST', '/api/v1/dr/tasks', dr({ threads: 21 }))).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/dr/tasks', dr({ name: '-bad' }))).statusCode).toBe(400);
    expect(await tasks()).toBe(before);
  });

  it('makes a NAS task that syncs on the scheduler, lists it by product, switches it over and refuses a second replication', async () => {
    const res = await send('POST', '/api/v1/dr/tasks', dr());
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({ engine: 'nas', source_name: 'nas-dr-src', standby_name: 'nas-dr-sby', status: 'initializing', switchovers: 0 });
    await refused(await send('DELETE', `/api/v1/dr/tasks/${task.id}`), 409, /不能删除/);
    expect(await afterInit(task.id)).toMatchObject({ status: 'syncing' });
    const mine = (await send('GET', '/api/v1/dr/tasks?engine=nas&__limit=100')).json().data as Json[];
    expect(mine.map((t) => t.name)).toEqual(expect.arrayContaining(['nas-dr-files', 'nas-shared-files-dr']));
    expect(mine.every((t) => t.engine === 'nas')).toBe(true);
    const pgs = (await send('GET', '/api/v1/dr/tasks?engine=postgre&__limit=100')).json().data as Json[];
    expect(pgs.some((t) => t.engine !== 'postgre')).toBe(false);
    // the source is protected now; its standby too
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ name: 'nas-dr-again', standby_id: nas.sby2 })), 409, /nas-dr-src.*nas-dr-files/);
    const switched = (await send('POST', `/api/v1/dr/tasks/${task.id}/switchover`)).json();
    expect(switched).toMatchObject({ source_name: 'nas-dr-sby', standby_name: 'nas-dr-src', switchovers: 1 });
    expect((await send('POST', `/api/v1/dr/tasks/${task.id}/stop`)).json()).toMatchObject({ status: 'completed' });
    // a stopped task no longer holds its ends
    const again = await send('POST', '/api/v1/dr/tasks', dr({ name: 'nas-dr-again', standby_id: nas.sby2 }));
    expect(again.statusCode, again.body).toBe(201);
    expect((await send('DELETE', `/api/v1/dr/tasks/${task.id}`)).statusCode).toBe(200);
  });

  it('associates a NAS template through the same checks', async () => {
    const tpl = (
      await send('POST', '/api/v1/dr/templates', {
        name: 'tpl-nas-test',
        engine: 'nas',
        sync_mode: 'full_incremental',
        frequency_min: 30,
        retention_days: 7,
        placement: 'cross_az',
      })
    ).json();
    const before = await tasks();
    await refused(
      await send('POST', '/api/v1/dr/associations', { template_id: tpl.id, pairs: [{ source_id: nas.cifs, standby_id: nas.sby }] }),
      400,
      /协议须相同/,
    );
    expect(await tasks()).toBe(before);
    const cifs2 = await nasLike('nas-dr-cifs2', 'available', { protocol: 'cifs', size: 2000 });
    const ok = await send('POST', '/api/v1/dr/associations', { template_id: tpl.id, pairs: [{ source_id: nas.cifs, standby_id: cifs2 }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data[0]).toMatchObject({ engine: 'nas', source_name: 'nas-dr-cifs', standby_name: 'nas-dr-cifs2' });
    expect(await tasks()).toBe(before + 1);
  });

  it("keeps another tenant's NAS and tasks out of reach", async () => {
    expect(((await send('GET', '/api/nas?__limit=100', undefined, fin)).json().data as Json[]).map((r) => r.id)).toContain(foreign);
    expect((await send('POST', '/api/v1/dr/tasks', dr({ name: 'nas-dr-x', standby_id: foreign }))).statusCode).toBe(404);
    const mine = (await send('GET', '/api/v1/dr/tasks?engine=nas&__limit=100')).json().data as Json[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await send('GET', `/api/v1/dr/tasks/${mine[0]!.id}`, undefined, fin)).statusCode).toBe(404);
    expect(((await send('GET', '/api/v1/dr/tasks?engine=nas&__limit=100', undefined, fin)).json().data as Json[]).map((t) => t.id)).not.toContain(mine[0]!.id);
    expect((await send('DELETE', `/api/v1/dr/tasks/${mine[0]!.id}`, undefined, fin)).statusCode).toBe(404);
  });
});
