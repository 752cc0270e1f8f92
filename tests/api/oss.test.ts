// Object storage's REST API (issue 30): keys (the secret answered once, kept sealed), a bucket's files
// (folders and their rules, streamed uploads in 256 KB chunks, the size limit, listing folders first
// and paging by cursor, downloads with their UTF-8 name, deletes of files and folders, a full
// package), lifecycle rules run by the scheduler between 00:00 and 06:00 Beijing time on a fixed
// clock, sync and backup strategies with their records, the overview, and tenant isolation (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';
import { createSettled, expect400, placement, uniq, type Row } from './kinds-helpers.ts';
import { runBackups, runLifecycle, runSync } from '../../src/server/oss/oss.jobs.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
let pkg: Row;
let bucket: Row;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
  pkg = await createSettled(c, 'oss-packages', { name: uniq('pk'), ...(await placement(app)), capacity_gb: 100 });
  bucket = await newBucket();
});
afterAll(async () => {
  await app.close();
});

let n = 0;
async function newBucket() {
  return createSettled(c, 'oss-buckets', { name: `ot-${Date.now().toString(36)}-${n++}`, package_id: pkg.id });
}

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const b = `----oss${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const objects = (id: string) => `/api/v1/oss/buckets/${id}/objects`;
const upload = (who: Client, id: string, name: string, bytes: Buffer, prefix = '') =>
  who.req({ method: 'POST', url: objects(id), ...form(prefix ? { prefix } : {}, { name, bytes, type: 'text/plain' }) });
const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(app.ctx.db)).rows[0]!.n);

describe('the demo', () => {
  it("gives tenant_admin's first project a package and the bucket demo-assets with a folder, a text file and a PNG", async () => {
    const demo = (await c.req({ method: 'GET', url: '/api/oss-buckets?name=demo-assets' })).json().data[0];
    expect(demo).toMatchObject({ name: 'demo-assets', status: 'available', spec: { package_name: 'demo-oss-package', object_count: 5 } });
    const top = (await c.req({ method: 'GET', url: objects(demo.id) })).json().data;
    expect(top.map((e: { name: string; type: string }) => `${e.type}:${e.name}`)).toEqual(['folder:docs', 'folder:images', 'file:readme.txt']);
    const png = await c.req({ method: 'GET', url: `${objects(demo.id)}/download?key=images/logo.png` });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await c.req({ method: 'GET', url: '/api/v1/oss/keys' })).json().data.length).toBeGreaterThanOrEqual(1);
  });
});

describe('keys', () => {
  it('answer the secret once, keep it sealed, and are disabled, enabled and deleted; another tenant gets 404', async () => {
    const res = await c.req({ method: 'POST', url: '/api/v1/oss/keys', payload: { description: '构建机' } });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key.access_key_id).toMatch(/^YS[A-Z0-9]{18}$/);
    expect(key.secret_access_key).toHaveLength(40);
    const list = (await c.req({ method: 'GET', url: '/api/v1/oss/keys' })).json().data;
    const listed = list.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ access_key_id: key.access_key_id, description: '构建机', status: 'active' });
    expect(JSON.stringify(list)).not.toContain(key.secret_access_key);
    const stored = await sql<{ s: string }>`select secret_sealed as s from oss_keys where id = ${key.id}`.execute(app.ctx.db);
    expect(stored.rows[0]!.s).not.toContain(key.secret_access_key);
    expect((await c.req({ method: 'POST', url: `/api/v1/oss/keys/${key.id}/disable` })).json().status).toBe('disabled');
    expect((await c.req({ method: 'POST', url: `/api/v1/oss/keys/${key.id}/enable` })).json().status).toBe('active');
    expect((await other.req({ method: 'POST', url: `/api/v1/oss/keys/${key.id}/disable` })).statusCode).toBe(404);
    expect((await other.req({ method: 'DELETE', url: `/api/v1/oss/keys/${key.id}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: '/api/v1/oss/keys' })).json().data.some((k: { id: string }) => k.id === key.id)).toBe(false);
    expect((await c.req({ method: 'DELETE', url: `/api/v1/oss/keys/${key.id}` })).statusCode).toBe(200);
    expect((await c.req({ method: 'POST', url: `/api/v1/oss/keys/${key.id}/enable` })).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('folders take 1-254 characters, no leading slash, no .. or //; bad input writes nothing', async () => {
    const before = await count('oss_objects');
    for (const [path, text] of [
      ['/abs', '“/” 开头'],
      ['a/../b', '“..”'],
      ['a//b', '“//”'],
      ['x'.repeat(255), '1-254'],
      ['', '1-254'],
    ] as const) {
      const res = await c.req({ method: 'POST', url: `/api/v1/oss/buckets/${bucket.id}/folders`, payload: { path } });
      expect400(res, 'path');
      expect(res.json().description).toContain(text);
    }
    expect(await count('oss_objects')).toBe(before);
    expect((await c.req({ method: 'POST', url: `/api/v1/oss/buckets/${bucket.id}/folders`, payload: { path: '文档/2026' } })).statusCode).toBe(201);
  });

  it('upload streamed in 256 KB chunks, list folders first then files 50 at a time by cursor, download with the UTF-8 name, delete', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 7);
    const up = await upload(c, bucket.id, '大文件.bin', big, '文档/');
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ key: '文档/大文件.bin', size: big.length });
    const chunks = await sql<{
      n: string;
    }>`select count(*) as n from oss_chunks join oss_objects using (blob_id) where oss_objects.key = '文档/大文件.bin'`.execute(app.ctx.db);
    expect(Number(chunks.rows[0]!.n)).toBe(13);
    for (const name of ['b.txt', 'a.txt', 'c.txt']) expect((await upload(c, bucket.id, name, Buffer.from(name))).statusCode).toBe(201);
    const first = (await c.req({ method: 'GET', url: `${objects(bucket.id)}?limit=2` })).json();
    expect(first.data.map((e: { name: string; type: string }) => [e.name, e.type])).toEqual([
      ['文档', 'folder'],
      ['a.txt', 'file'],
    ]);
    const second = (await c.req({ method: 'GET', url: `${objects(bucket.id)}?limit=2&cursor=${first.next_cursor}` })).json();
    expect(second.data.map((e: { name: string }) => e.name)).toEqual(['b.txt', 'c.txt']);
    expect(second.next_cursor).toBeNull();
    const inside = (await c.req({ method: 'GET', url: `${objects(bucket.id)}?prefix=${encodeURIComponent('文档/')}` })).json().data;
    expect(inside.map((e: { name: string }) => e.name)).toEqual(['2026', '大文件.bin']);
    expect(inside[1]).toMatchObject({ key: '文档/大文件.bin', type: 'file', size: big.length });
    const down = await c.req({ method: 'GET', url: `${objects(bucket.id)}/download?key=${encodeURIComponent('文档/大文件.bin')}` });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('大文件.bin')}`);
    expect(Buffer.compare(down.rawPayload, big)).toBe(0);
    expect((await c.req({ method: 'GET', url: `${objects(bucket.id)}?cursor=garbage` })).statusCode).toBe(400);
    expect((await c.req({ method: 'DELETE', url: `${objects(bucket.id)}?key=a.txt` })).statusCode).toBe(200);
    expect((await c.req({ method: 'DELETE', url: `${objects(bucket.id)}?key=a.txt` })).statusCode).toBe(404);
    expect((await c.req({ method: 'DELETE', url: `${objects(bucket.id)}?key=${encodeURIComponent('文档/')}` })).json().deleted).toBe(2);
    const left = (await c.req({ method: 'GET', url: objects(bucket.id) })).json().data;
    expect(left.map((e: { name: string }) => e.name)).toEqual(['b.txt', 'c.txt']);
    expect((await c.req({ method: 'GET', url: `/api/oss-buckets/${bucket.id}` })).json().spec).toMatchObject({ object_count: 2, used_bytes: 10 });
  }, 120_000);

  it('refuse a file over the upload limit (413) and a full package (409), storing nothing', async () => {
    const chunksBefore = await count('oss_chunks');
    const limit = app.ctx.oss.maxUploadBytes;
    app.ctx.oss.maxUploadBytes = 1024 * 1024;
    try {
      const res = await upload(c, bucket.id, 'too-big.bin', Buffer.alloc(1024 * 1024 + 1));
      expect(res.statusCode).toBe(413);
      expect(res.json().description).toBe('文件过大：单个文件不能超过 1 MB');
    } finally {
      app.ctx.oss.maxUploadBytes = limit;
    }
    const b = await newBucket();
    await upload(c, b.id, 'huge.bin', Buffer.from('x'));
    await sql`update oss_objects set size = ${100 * 1024 ** 3} where bucket_id = ${b.id}`.execute(app.ctx.db);
    const full = await upload(c, bucket.id, 'one-more.txt', Buffer.from('hello'));
    expect(full.statusCode).toBe(409);
    expect(full.json().description).toContain(`容量包「${pkg.name}」空间不足`);
    await sql`delete from oss_objects where bucket_id = ${b.id}`.execute(app.ctx.db);
    expect(await count('oss_chunks')).toBe(chunksBefore + 1);
  });

  it('another tenant gets 404 for the list, uploads, downloads, folders and deletes', async () => {
    expect((await other.req({ method: 'GET', url: objects(bucket.id) })).statusCode).toBe(404);
    expect((await upload(other, bucket.id, 'x.txt', Buffer.from('x'))).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `${objects(bucket.id)}/download?key=b.txt` })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `/api/v1/oss/buckets/${bucket.id}/folders`, payload: { path: 'x' } })).statusCode).toBe(404);
    expect((await other.req({ method: 'DELETE', url: `${objects(bucket.id)}?key=b.txt` })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/v1/oss/buckets/${bucket.id}/lifecycle-rules` })).statusCode).toBe(404);
  });
});

describe('lifecycle rules', () => {
  const rules = (id: string) => `/api/v1/oss/buckets/${id}/lifecycle-rules`;

  it('take a whole bucket or a prefix and exactly one of 1-7300 days or a date', async () => {
    const bad = [
      [{ name: 'r', scope: 'bucket', expire_days: 0 }, 'expire_days'],
      [{ name: 'r', scope: 'bucket', expire_days: 7301 }, 'expire_days'],
      [{ name: 'r', scope: 'bucket', expire_days: 3, expire_date: '2027-01-01' }, 'expire_days'],
      [{ name: 'r', scope: 'bucket' }, 'expire_days'],
      [{ name: 'r', scope: 'prefix', expire_days: 3 }, 'prefix'],
      [{ name: 'r', scope: 'bucket', expire_date: '2027-02-30' }, 'expire_date'],
    ] as const;
    for (const [payload, field] of bad) expect400(await c.req({ method: 'POST', url: rules(bucket.id), payload }), field);
    const made = await c.req({ method: 'POST', url: rules(bucket.id), payload: { name: '日志', scope: 'prefix', prefix: 'logs/', expire_days: 30 } });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    const put = await c.req({
      method: 'PUT',
      url: `${rules(bucket.id)}/${id}`,
      payload: { name: '日志', scope: 'bucket', expire_date: '2027-01-01', enabled: false },
    });
    expect(put.json()).toMatchObject({ scope: 'bucket', prefix: null, expire_days: null, expire_date: '2027-01-01', enabled: false });
    expect((await other.req({ method: 'DELETE', url: `${rules(bucket.id)}/${id}` })).statusCode).toBe(404);
    expect((await c.req({ method: 'DELETE', url: `${rules(bucket.id)}/${id}` })).statusCode).toBe(200);
    expect((await c.req({ method: 'GET', url: rules(bucket.id) })).json().data).toEqual([]);
  });

  it('run once a Beijing day between 00:00 and 06:00 and expire what matches (fixed clock)', async () => {
    const b = await newBucket();
    for (const k of ['logs/old.log', 'logs/new.log', 'keep/old.txt', 'dated.txt'])
      await upload(c, b.id, k.split('/').pop()!, Buffer.from(k), k.includes('/') ? `${k.split('/')[0]}/` : '');
    // 2026-12-10 02:00 Beijing = 2026-12-09T18:00Z; the old ones were written 40 days before.
    const night = new Date('2026-12-09T18:00:00Z');
    const morning = new Date('2026-12-09T23:30:00Z'); // 07:30 Beijing
    await sql`update oss_objects set updated_at = ${new Date(night.getTime() - 40 * 86_400_000)} where bucket_id = ${b.id} and key like '%old%'`.execute(
      app.ctx.db,
    );
    await sql`update oss_objects set updated_at = ${new Date('2026-11-30T00:00:00Z')} where bucket_id = ${b.id} and key = 'dated.txt'`.execute(app.ctx.db);
    await sql`update oss_objects set updated_at = ${new Date(night.getTime() - 86_400_000)} where bucket_id = ${b.id} and key = 'logs/new.log'`.execute(
      app.ctx.db,
    );
    await c.req({ method: 'POST', url: rules(b.id), payload: { name: 'logs', scope: 'prefix', prefix: 'logs/', expire_days: 30 } });
    await c.req({ method: 'POST', url: rules(b.id), payload: { name: 'date', scope: 'bucket', expire_date: '2026-12-01' } });
    const keys = async () =>
      (await sql<{ key: string }>`select key from oss_objects where bucket_id = ${b.id} order by key`.execute(app.ctx.db)).rows.map((r) => r.key);
    expect(await runLifecycle(app.ctx.oss, morning)).toBe(0);
    expect(await keys()).toHaveLength(4);
    expect(await runLifecycle(app.ctx.oss, night)).toBeGreaterThanOrEqual(2);
    // the date rule: objects written before 2026-12-01 (Beijing) go; the prefix rule: logs/ older than 30 days
    expect(await keys()).toEqual(['logs/new.log']);
    const shown = (await c.req({ method: 'GET', url: rules(b.id) })).json().data;
    expect(shown.map((r: { last_run_on: string }) => r.last_run_on)).toEqual(['2026-12-10', '2026-12-10']);
    expect(shown.reduce((sum: number, r: { expired_objects: number }) => sum + r.expired_objects, 0)).toBe(3);
    // once a day: a second run that night does nothing
    await sql`update oss_objects set updated_at = ${new Date('2026-01-01T00:00:00Z')} where bucket_id = ${b.id}`.execute(app.ctx.db);
    await runLifecycle(app.ctx.oss, new Date(night.getTime() + 3600_000));
    expect(await keys()).toEqual(['logs/new.log']);
  });
});

describe('sync and backup strategies', () => {
  it('sync copies new and changed objects to another bucket of the project, and deletes there when asked', async () => {
    const [src, dst] = [await newBucket(), await newBucket()];
    const base = `/api/v1/oss/buckets/${src.id}/sync-strategies`;
    expect((await c.req({ method: 'POST', url: base, payload: { target_bucket_id: src.id } })).statusCode).toBe(409);
    const foreign = await sql<{ id: string }>`select id from resources where kind = 'oss_bucket' limit 0`.execute(app.ctx.db);
    expect(foreign.rows).toEqual([]);
    expect((await c.req({ method: 'POST', url: base, payload: { target_bucket_id: '0'.repeat(32) } })).statusCode).toBe(404);
    await upload(c, src.id, 'a.txt', Buffer.from('A'));
    await upload(c, dst.id, 'stale.txt', Buffer.from('S'));
    const made = await c.req({ method: 'POST', url: base, payload: { target_bucket_id: dst.id, sync_delete: true } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ bucket_name: src.name, target_bucket_name: dst.name, status: 'running', sync_delete: true });
    expect(await runSync(app.ctx.oss, new Date())).toBeGreaterThanOrEqual(1);
    const there = (await c.req({ method: 'GET', url: objects(dst.id) })).json().data.map((e: { name: string }) => e.name);
    expect(there).toEqual(['a.txt']);
    const all = (await c.req({ method: 'GET', url: '/api/v1/oss/sync-strategies' })).json().data;
    expect(all.find((s: { id: string }) => s.id === made.json().id)).toMatchObject({ synced_objects: 1, synced_bytes: 1 });
    expect((await other.req({ method: 'GET', url: `/api/v1/oss/sync-strategies/${made.json().id}` })).statusCode).toBe(404);
    const off = await c.req({ method: 'PUT', url: `/api/v1/oss/sync-strategies/${made.json().id}`, payload: { target_bucket_id: dst.id, enabled: false } });
    expect(off.json().status).toBe('paused');
    expect((await c.req({ method: 'DELETE', url: `/api/v1/oss/sync-strategies/${made.json().id}` })).statusCode).toBe(200);
  });

  it('backups run at their time of day and keep records with the objects copied', async () => {
    const b = await newBucket();
    await upload(c, b.id, 'x.txt', Buffer.from('xyz'));
    const base = `/api/v1/oss/buckets/${b.id}/backup-strategies`;
    expect400(await c.req({ method: 'POST', url: base, payload: { name: 'n', cycle: 'daily', time: '25:00', retention_days: 7 } }), 'time');
    expect400(await c.req({ method: 'POST', url: base, payload: { name: 'n', cycle: 'daily', time: '03:00', retention_days: 366 } }), 'retention_days');
    const made = (await c.req({ method: 'POST', url: base, payload: { name: '每日', cycle: 'daily', time: '03:00', retention_days: 7 } })).json();
    // 2026-12-10 02:59 Beijing: not yet; 03:05: runs; again at 03:10: already ran today
    expect(await runBackups(app.ctx.oss, new Date('2026-12-09T18:59:00Z'))).toBe(0);
    // (the demo's daily 03:00 strategy runs too)
    expect(await runBackups(app.ctx.oss, new Date('2026-12-09T19:05:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await runBackups(app.ctx.oss, new Date('2026-12-09T19:10:00Z'))).toBe(0);
    const records = (await c.req({ method: 'GET', url: `/api/v1/oss/backup-strategies/${made.id}/records` })).json().data;
    expect(records).toMatchObject([{ status: 'succeeded', objects: 1, bytes: 3 }]);
    expect((await other.req({ method: 'GET', url: `/api/v1/oss/backup-strategies/${made.id}/records` })).statusCode).toBe(404);
    expect((await c.req({ method: 'DELETE', url: `/api/v1/oss/backup-strategies/${made.id}` })).statusCode).toBe(200);
  });

  it('the overview counts buckets, objects, bytes, capacity and keys of the project', async () => {
    const o = (await c.req({ method: 'GET', url: '/api/v1/oss/overview' })).json();
    expect(o.bucket_count).toBeGreaterThanOrEqual(1);
    expect(o.package_capacity_bytes).toBeGreaterThanOrEqual(100 * 1024 ** 3);
    expect(o.requests_today).toBeGreaterThan(0);
    expect(Object.keys(o).sort()).toEqual(['bucket_count', 'key_count', 'object_count', 'package_capacity_bytes', 'requests_today', 'used_bytes']);
  });
});
