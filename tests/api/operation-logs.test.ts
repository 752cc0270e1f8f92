// The operation log (logManage): written by the request pipeline for every signed-in write — a
// resource action (重启云主机) and an approval decision (通过审批) with who, which resource, when,
// from which IP and the outcome; a refused write as 失败 with its reason; never for reads. Searchable
// by user, resource, action and time range with cursor paging, exported as .xlsx through the export
// tasks, and scoped: platform roles all, a tenant admin their tenant, a project member their project.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let member: Client;
let tenantId: string;
let projectId: string;
let host: { id: string; name: string };
// the demo log's lines are older: what this file writes is what came after this
const startedAt = new Date().toISOString();

beforeAll(async () => {
  app = await build();
  member = await app.as('member');
  tenantId = member.territories[0]!.tenant_id;
  projectId = member.territories[0]!.projects[0]!.project_id;
  host = await app.ctx.db
    .selectFrom('resources')
    .select(['id', 'name'])
    .where('kind', '=', 'instance')
    .where('project_id', '=', projectId)
    .where('status', '=', 'running')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await app.close();
});

async function logs(c: Client, query = '', scope: { tenant?: string | null; project?: string | null } = {}) {
  const res = await c.req({ method: 'GET', url: `/api/v1/operation-logs?${query.includes('__cursor=') ? '' : '__cursor=&'}${query}`, ...scope });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: any[]; next_cursor: string | null };
}

describe('what is written', () => {
  it('logs a resource action with a readable name, the resource, the IP and 成功; no line for reads', async () => {
    const before = await app.ctx.db.selectFrom('operation_logs').select('id').execute();
    await member.req({ method: 'GET', url: '/api/instances' });
    await member.req({ method: 'GET', url: `/api/instances/${host.id}` });
    expect(await app.ctx.db.selectFrom('operation_logs').select('id').execute()).toHaveLength(before.length);

    const res = await member.req({ method: 'POST', url: `/api/instances/${host.id}/actions`, payload: { action: 'reboot' }, remoteAddress: '203.0.113.7' });
    expect(res.statusCode, res.body).toBe(200);
    const line = (await logs(member, `resource=${host.id}`)).data[0];
    expect(line).toMatchObject({
      account: 'member',
      nickname: '项目成员 陈晨',
      action: 'kind:instance:reboot',
      action_label: '重启云主机',
      resource_id: host.id,
      resource_name: host.name,
      resource_type_label: '云主机',
      tenant_id: tenantId,
      project_id: projectId,
      ip: '203.0.113.7',
      success: true,
      result_label: '成功',
      error_title: null,
    });
    expect(Date.now() - new Date(line.created_at).getTime()).toBeLessThan(60_000);
  });

  it('logs a refused write as 失败 with the reason the caller read', async () => {
    const res = await member.req({ method: 'POST', url: `/api/instances/${host.id}/actions`, payload: { action: 'start' } });
    expect(res.statusCode).toBe(409);
    const line = (await logs(member, `resource=${host.id}&success=false`)).data[0];
    expect(line).toMatchObject({ action_label: '开机云主机', success: false, result_label: '失败', error_title: res.json().description });
  });

  it("logs an approval decision (通过审批) under the request's project", async () => {
    const approver = await app.as('approver');
    const inbox = (await approver.req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&__limit=50' })).json().data as any[];
    const one = inbox.find((r) => r.can_decide && r.current_level === r.level_count) ?? inbox.find((r) => r.can_decide);
    const res = await approver.req({ method: 'POST', url: `/api/v1/approvals/${one.id}/approve`, payload: { comment: '同意' }, project: one.project_id });
    expect(res.statusCode, res.body).toBe(200);
    const admin = await app.as('tenant_admin');
    const line = (await logs(admin, `action=approval_approve&resource=${one.id}`, { project: null })).data[0];
    expect(line).toMatchObject({
      account: 'approver',
      action_label: '通过审批',
      resource_id: one.id,
      project_id: one.project_id,
      success: true,
    });
    // Named by the sentence the message centre reads (request-summary.ts), never the stored title.
    const { requestSubject, subjectSummary } = await import('../../src/domain/approvals/request-summary.ts');
    const { sharedT } = await import('../../src/server/platform/lib/i18n.ts');
    const stored = await app.ctx.db.selectFrom('approval_requests').select(['type', 'payload', 'title']).where('id', '=', one.id).executeTakeFirstOrThrow();
    expect(line.resource_name).toBe(subjectSummary(sharedT('zh-CN'), requestSubject(stored)));
    expect(line.resource_name).not.toBe(stored.title);
    expect(line.resource_name).toMatch(/[\u4e00-\u9fff]/);
  });

  it('has a readable action name for every write route of the API', async () => {
    const { actionOf, actionLabel } = await import('../../src/server/oplog/oplog-actions.ts');
    const unnamed = app
      .routes()
      .filter((r) => r.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => ({ r, a: actionOf(r.method, r.url, undefined, { action: 'delete' }) }))
      .filter(({ a }) => a && (a.code === 'other' || /[a-z_]{4,}/.test(actionLabel('zh-CN', a.code))))
      .map(({ r }) => `${r.method} ${r.url}`);
    expect(unnamed).toEqual([]);
  });
});

describe('search, paging, export and scope', () => {
  it('searches by user, action and time range, pages by cursor', async () => {
    for (let i = 0; i < 3; i++) await member.req({ method: 'POST', url: `/api/instances/${host.id}/actions`, payload: { action: 'lock' } });
    const byUser = await logs(member, 'user=陈晨&__limit=2');
    expect(byUser.data).toHaveLength(2);
    expect(byUser.data.every((l) => l.account === 'member')).toBe(true);
    expect(byUser.next_cursor).toBeTruthy();
    const next = await logs(member, `user=陈晨&__limit=2&__cursor=${encodeURIComponent(byUser.next_cursor!)}`);
    expect(next.data.map((l) => l.id)).not.toContain(byUser.data[0].id);
    expect(new Date(next.data[0].created_at).getTime()).toBeLessThanOrEqual(new Date(byUser.data[1].created_at).getTime());
    expect((await logs(member, 'user=nobody-such')).data).toEqual([]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await logs(member, `from=${encodeURIComponent(future)}`)).data).toEqual([]);
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(
      (await logs(member, `from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&action=kind:instance:reboot`)).data.length,
    ).toBeGreaterThanOrEqual(1);
    const bad = await member.req({ method: 'GET', url: `/api/v1/operation-logs?from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}` });
    expect(bad.statusCode).toBe(400);
    expect((await member.req({ method: 'GET', url: '/api/v1/operation-logs?from=yesterday' })).statusCode).toBe(400);
    const actions = (await member.req({ method: 'GET', url: '/api/v1/operation-logs/actions' })).json().data as { code: string; label: string }[];
    expect(actions).toContainEqual({ code: 'kind:instance:reboot', label: '重启云主机' });
    expect(actions).toContainEqual({ code: 'approval_approve', label: '通过审批' });
  });

  it('is scoped: member their project, tenant admin their tenant, another tenant nothing, platform all', async () => {
    const other = (await app.as('tenant_admin')).territories[0]!.projects.find((p) => p.project_id !== projectId)!.project_id;
    const admin = await app.as('tenant_admin');
    // the tenant admin acts in another project of the tenant
    await admin.req({
      method: 'POST',
      url: '/api/v1/notify-channels',
      project: other,
      payload: { type: 'wecom', name: '别的项目', url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc' },
    });
    const mine = await logs(member);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((l) => l.project_id === projectId)).toBe(true);
    // member naming a project they are not in: 404
    expect((await member.req({ method: 'GET', url: '/api/v1/operation-logs', project: other })).statusCode).toBe(404);
    const tenantWide = await logs(admin, '__limit=100', { project: null });
    expect(tenantWide.data.some((l) => l.project_id === other && l.action === 'channel_create')).toBe(true);
    expect(tenantWide.data.every((l) => l.tenant_id === tenantId)).toBe(true);
    const fin = await app.as('fin_admin');
    await fin.req({ method: 'POST', url: '/api/v1/logout', tenant: null, project: null });
    const finLogs = await logs(await app.as('fin_admin', { fresh: true }), '__limit=100', { project: null });
    expect(finLogs.data.some((l) => l.tenant_id === tenantId)).toBe(false);
    expect(
      (await (await app.as('fin_admin', { fresh: true })).req({ method: 'GET', url: '/api/v1/operation-logs', tenant: tenantId, project: null })).statusCode,
    ).toBe(404);
    const platform = await logs(await app.as('admin'), '__limit=100', { project: null });
    expect(platform.data.some((l) => l.account === 'member')).toBe(true);
    expect(platform.data.some((l) => l.account === 'fin_admin')).toBe(true);
  });

  it('exports the filtered lines as .xlsx through the export tasks', async () => {
    const admin = await app.as('tenant_admin');
    const res = await admin.req({
      method: 'POST',
      url: '/api/v1/operation-logs/export',
      project: null,
      payload: { action: 'kind:instance:reboot', from: startedAt },
    });
    expect(res.statusCode, res.body).toBe(202);
    await app.engine.scheduler.drain();
    // The app's own scheduler may hold the task (SKIP LOCKED): wait for whoever runs it to finish.
    const taskOf = async () =>
      (
        (await admin.req({ method: 'GET', url: '/api/v1/export/resource/download_files?product_code=operation_log', project: null })).json().data as {
          id: string;
          state: string;
        }[]
      ).find((x) => x.id === res.json().id);
    await expect.poll(async () => (await taskOf())?.state, { timeout: 15_000 }).toBe('done');
    const task = (await taskOf()) as unknown as { id: string; state: string; row_count: number; file_name: string; download_url: string };
    expect(task).toMatchObject({ state: 'done', row_count: 1 });
    expect(task.file_name).toMatch(/^操作日志-\d{14}\.xlsx$/);
    const file = await admin.req({ method: 'GET', url: task.download_url, project: null });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '操作时间', '操作人', '操作', '资源名称', '资源 ID', '来源 IP', '结果']);
    expect(sheet.getRow(2).getCell(3).value).toBe('重启云主机');
    expect(sheet.getRow(2).getCell(4).value).toBe(host.name);
    expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sheet.getRow(2).getCell(7).value).toBe('成功');
    // the member's export task is theirs alone
    const memberTasks = (await member.req({ method: 'GET', url: '/api/v1/export/resource/download_files' })).json().data;
    expect(memberTasks.map((x: { id: string }) => x.id)).not.toContain(task.id);
  });
});

describe('the demo log', () => {
  // Issue 28: a fresh start shows what the demo's people did, not an empty log.
  it('tells a tenant admin the approvals, creations, restarts and a refusal of their tenant, labelled', async () => {
    const admin = await app.as('tenant_admin');
    const t = admin.territories[0]!;
    const lines = (await logs(admin, '__limit=100', { tenant: t.tenant_id, project: null })).data;
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.every((l) => l.tenant_id === undefined || l.tenant_id === t.tenant_id)).toBe(true);
    const labels = new Set(lines.map((l) => l.action_label));
    expect(labels).toContain('创建云主机');
    expect([...labels].some((x) => /审批/.test(x))).toBe(true);
    const refused = lines.filter((l) => !l.success).map((l) => `${l.action_label}：${l.error_title}`);
    expect(refused).toContain('重启云主机：当前状态不允许重启');
    // the lines name resources by name or sentence, never by their stored request title
    for (const l of lines) expect(String(l.resource_name ?? '')).not.toMatch(/^[0-9a-f]{32}$/);
  });
});
