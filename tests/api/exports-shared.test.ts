// Issue 8 item 7: an export's file lives in the database, so a task queued on one app instance and
// written by another downloads from either; a list longer than 20,000 rows is cut and says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/platform/db/database.ts';
import { build, seedResources, type Client } from './helper.ts';

type App = Awaited<ReturnType<typeof buildApp>> & { engine: { scheduler: { start(): void; stop(): Promise<void> } } };
let a: Awaited<ReturnType<typeof build>>;
let b: App;
let c: Client;
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'ys-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'ys-b-'))];

beforeAll(async () => {
  a = await build({ config: { dataDir: dirs[0] } });
  // The second instance: its own process state and DATA_DIR, the same database (its own pool on PostgreSQL).
  const handle = a.ctx.handle.url ? await openDatabase({ url: a.ctx.handle.url }) : a.ctx.handle;
  b = (await buildApp({
    handle,
    seed: false,
    logger: false,
    serveStatic: false,
    config: { dataDir: dirs[1], cloudSimDelayMs: 50, cloudSimFailureRate: 0, rateLimitPerMinute: 100_000, smsDeleteVerification: false },
  })) as App;
  if (handle !== a.ctx.handle)
    b.addHook('onClose', async () => {
      await handle.close();
    });
  c = await a.as('tenant_admin');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const onB = (url: string) =>
  b.inject({
    method: 'GET',
    url,
    headers: { 'x-auth-token': c.token, 'x-tenant-id': c.territories[0]!.tenant_id, 'x-project-id': c.territories[0]!.projects[0]!.project_id },
  });

async function finished(id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = (await c.req({ method: 'GET', url: '/api/export/resource/download_files?__limit=100' })).json();
    const task = list.data.find((t: { id: string }) => t.id === id);
    if (task?.state === 'done' || task?.state === 'failed' || Date.now() > until) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('exports shared by every instance', () => {
  it('are queued on one instance, written by another and downloaded from either; the file is in the database', async () => {
    await b.ready();
    await (a as unknown as App).engine.scheduler.stop();
    try {
      const q = await c.req({ method: 'GET', url: '/api/v1/export/resource/instance?export_field_list=name,status&is_export_file=true' });
      expect(q.statusCode).toBe(202);
      const task = await finished(q.json().id);
      expect(task).toMatchObject({ state: 'done', truncated: false });
      for (const res of [await c.req({ method: 'GET', url: task.download_url }), await onB(task.download_url)]) {
        expect(res.statusCode).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(book.worksheets[0]!.rowCount - 1).toBe(task.row_count);
      }
      const row = await a.ctx.db.selectFrom('export_tasks').select('content').where('id', '=', task.id).executeTakeFirstOrThrow();
      expect(row.content?.length).toBeGreaterThan(100);
      for (const d of dirs) expect(fs.existsSync(path.join(d, 'exports'))).toBe(false);
      // Named by the time of Asia/Shanghai (yyyyMMddHHmmss), not UTC.
      const stamp = /-(\d{14})\.xlsx$/.exec(task.file_name)![1]!;
      const at = Date.parse(
        `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}+08:00`,
      );
      expect(Math.abs(at - Date.now())).toBeLessThan(120_000);
    } finally {
      (a as unknown as App).engine.scheduler.start();
    }
  });

  it('stops at 20,000 rows and says so', async () => {
    const scope = { tenantId: c.territories[0]!.tenant_id, projectId: c.territories[0]!.projects[0]!.project_id };
    const live = await a.ctx.db
      .selectFrom('resources')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', scope.projectId)
      .where('kind', '=', 'volume')
      .where('status', '!=', 'deleted')
      .executeTakeFirstOrThrow();
    await seedResources(a.ctx.db, { ...scope, count: 20_001 - Number(live.n), kind: 'volume', prefix: 'bulk', sameTimestampEvery: 50 });
    const q = await c.req({ method: 'GET', url: '/api/v1/export/resource/volume?export_field_list=name&is_export_file=true' });
    const task = await finished(q.json().id);
    expect(task).toMatchObject({ state: 'done', row_count: 20_000, truncated: true });
    const file = await onB(task.download_url);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(20_001);
  }, 120_000);
});
