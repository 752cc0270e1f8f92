// Security scanning (issue 31): the seeded scans' findings scored from their CVSS v3.1 vectors; each
// strategy rule and refusal in words with its status, nothing written; a scan job taken by the
// scheduler's pass (queued → running → completed) on a fixed clock, a second start refused while one
// is active, a stopped host unreachable; repairs with notes that the next scan verifies; a GET never
// writes; another tenant and another project see nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { runDue } from '../../src/server/security-scan/security-scan.service.ts';
import { cveById } from '../../src/domain/security-scan/catalogue.ts';
import { vulnsOnHost } from '../../src/domain/security-scan/security-scan.ts';
import { cvssBaseScore, severityOf } from '../../src/domain/security-scan/cvss.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let fin: Client;
let member: Client;
type Json = Record<string, any>;
const U = '/api/v1/security';

beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  fin = await app.as('fin_admin');
  member = await app.as('member');
}, 240_000);
afterAll(async () => {
  await app?.close();
});

const get = (c: Client, url: string, o: Json = {}) => c.req({ method: 'GET', url, ...o });
const post = (c: Client, url: string, payload: Json, o: Json = {}) => c.req({ method: 'POST', url, payload, ...o });
const strategies = async (c: Client = admin) => (await get(c, `${U}/strategies`)).json().count as number;

/** Takes the scan through the scheduler's pass on a clock past each step, as the server's scheduler would. */
async function drive(scanId: string) {
  let t = Date.now();
  for (let i = 0; i < 4; i++) {
    const s = (await get(admin, `${U}/scans/${scanId}`)).json();
    if (s.status === 'completed' || s.status === 'failed') return s;
    t += 60_000;
    await runDue(app.ctx.securityScan, new Date(t));
  }
  return (await get(admin, `${U}/scans/${scanId}`)).json();
}

async function hosts(c: Client = admin): Promise<Json[]> {
  return (await get(c, `${U}/hosts`)).json().data;
}

describe('security scanning', () => {
  it('shows the seeded scans, findings scored from their vectors and the repair records', async () => {
    const o = (await get(admin, `${U}/overview`)).json();
    expect(o.recent.length).toBe(3);
    expect(o.recent.every((s: Json) => s.status === 'completed')).toBe(true);
    expect(o.open.critical + o.open.high + o.open.medium + o.open.low).toBeGreaterThan(0);
    expect(o.states.verified).toBe(2);
    expect(o.states.ignored).toBe(1);
    const list = (await get(admin, `${U}/vulns?__limit=200`)).json();
    for (const f of list.data) {
      expect(f.score, f.cve_id).toBe(cvssBaseScore(cveById(f.cve_id)!.vector));
      expect(f.severity).toBe(severityOf(f.score));
      expect(f.title).toMatch(/漏洞|后门|攻击/);
    }
    const verified = list.data.find((f: Json) => f.status === 'verified');
    const d = (await get(admin, `${U}/vulns/${verified.id}`)).json();
    expect(d.records.map((r: Json) => r.action)).toEqual(['verified', 'fixed', 'found']);
    expect(d.records[1].user_name).toContain('李娜');
    const tw = (await get(admin, `${U}/vulns/${verified.id}`, { lang: 'zh-TW' })).json();
    expect(tw.title).toBe(cveById(d.cve_id)!.title['zh-TW']);
    const b = (await get(admin, `${U}/baseline`)).json();
    expect(b.data.some((r: Json) => r.result === 'fail')).toBe(true);
    expect(b.data.some((r: Json) => r.result === 'not_applicable')).toBe(true);
    const ops = (await get(admin, `${U}/operations`)).json();
    expect(ops.months).toHaveLength(6);
    expect(ops.repair_rate).toBeGreaterThan(0);
    expect(ops.scans.completed).toBe(3);
  });

  it('refuses each strategy rule in words and writes nothing', async () => {
    const hs = await hosts();
    const base = { name: '规则测试', scan_type: 'full', host_scope: 'selected', host_ids: [hs[0]!.id], baseline_items: ['firewall'], cycle: 'manual' };
    const finHost = (await hosts(fin))[0]!.id;
    const before = await strategies();
    const cases: [Json, number, string][] = [
      [{ ...base, name: '  ' }, 400, 'name'],
      [{ ...base, name: '名'.repeat(33) }, 400, 'name'],
      [{ ...base, host_ids: [] }, 400, '至少选择 1 台主机'],
      [{ ...base, host_ids: [hs[0]!.id, hs[0]!.id] }, 400, '不能重复'],
      [{ ...base, baseline_items: [] }, 400, '至少选择 1 个检查项'],
      [{ ...base, baseline_items: ['selinux'] }, 400, 'baseline_items'],
      [{ ...base, cycle: 'hourly' }, 400, 'cycle'],
      [{ ...base, host_ids: [finHost] }, 400, '不属于当前项目'],
      [{ ...base, name: '全量主机周度巡检' }, 409, '已有名为「全量主机周度巡检」'],
    ];
    for (const [body, status, words] of cases) {
      const res = await post(admin, `${U}/strategies`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().description, res.body).toContain(words);
    }
    const tw = await post(admin, `${U}/strategies`, { ...base, host_ids: [] }, { lang: 'zh-TW' });
    expect(tw.json().description).toContain('請至少選擇 1 台主機');
    // a strategy belongs to a project: a tenant-wide request names none
    const noProject = await post(admin, `${U}/strategies`, base, { project: null });
    expect(noProject.statusCode).toBe(400);
    expect(await strategies()).toBe(before);
  });

  it('runs a scan as a job on the scheduler and confirms repairs on the rescan', async () => {
    // The running host the simulated scan finds the most on (findings follow the host's id, which
    // differs from run to run: the first running host could carry none).
    const present = (h: Json) => vulnsOnHost(h.id, h.platform, new Set()).length;
    const running = (await hosts()).filter((h) => h.status === 'running').sort((a, b) => present(b) - present(a))[0]!;
    const created = await post(admin, `${U}/strategies`, {
      name: '单机全量扫描',
      scan_type: 'full',
      host_scope: 'selected',
      host_ids: [running.id],
      baseline_items: ['password_policy', 'ssh_root_login', 'firewall', 'guest_account'],
      cycle: 'manual',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sid = created.json().id;
    const started = await post(admin, `${U}/strategies/${sid}/scans`, {});
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ status: 'queued', host_count: 1, strategy_name: '单机全量扫描' });
    // reads never move it
    for (let i = 0; i < 3; i++) expect((await get(admin, `${U}/scans/${started.json().id}`)).json().status).toMatch(/queued|running|completed/);
    const again = await post(admin, `${U}/strategies/${sid}/scans`, {});
    const del = await admin.req({ method: 'DELETE', url: `${U}/strategies/${sid}` });
    const active = (await get(admin, `${U}/scans/${started.json().id}`)).json().status;
    if (active !== 'completed') {
      expect(again.statusCode).toBe(409);
      expect(again.json().description).toContain('已有排队或进行中的扫描');
      expect(del.statusCode).toBe(409);
    }
    const done = await drive(started.json().id);
    expect(done.status).toBe('completed');
    expect(done.hosts).toEqual([expect.objectContaining({ host_id: running.id, host_name: running.name, reachable: true })]);
    expect(done.baseline).toHaveLength(4);
    expect(done.baseline.find((b: Json) => b.item === (running.platform === 'linux' ? 'guest_account' : 'ssh_root_login')).result).toBe('not_applicable');

    const open = (await get(admin, `${U}/vulns?host_id=${running.id}&status=open`)).json().data as Json[];
    expect(open.length).toBeGreaterThanOrEqual(1);
    const f = open[0]!;
    const noNote = await post(admin, `${U}/vulns/${f.id}/repairs`, { action: 'fixed', note: ' ' });
    expect(noNote.statusCode).toBe(400);
    const fixed = await post(admin, `${U}/vulns/${f.id}/repairs`, { action: 'fixed', note: '已升级至修复版本' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().status).toBe('fixed');
    const twice = await post(admin, `${U}/vulns/${f.id}/repairs`, { action: 'fixed', note: '再次标记' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().description).toContain('只有待修复的漏洞');
    expect((await post(admin, `${U}/vulns/${f.id}/repairs`, { action: 'patched', note: 'x' })).statusCode).toBe(400);

    const rescan = await post(admin, `${U}/strategies/${sid}/scans`, {});
    expect(rescan.statusCode, rescan.body).toBe(201);
    const second = await drive(rescan.json().id);
    expect(second.findings.some((x: Json) => x.cve_id === f.cve_id)).toBe(false);
    const after = (await get(admin, `${U}/vulns/${f.id}`)).json();
    expect(after.status).toBe('verified');
    expect(after.records[0]).toMatchObject({ action: 'verified' });
    const reopen = await post(admin, `${U}/vulns/${f.id}/repairs`, { action: 'reopen', note: '复核' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().description).toContain('重新打开');
  });

  it('skips a host that does not run: a scan reaching none failed', async () => {
    const stopped = (await hosts()).find((h) => h.status !== 'running');
    if (!stopped) return;
    const s = (
      await post(admin, `${U}/strategies`, { name: '停机主机', scan_type: 'vuln', host_scope: 'selected', host_ids: [stopped.id], cycle: 'manual' })
    ).json();
    const scan = (await post(admin, `${U}/strategies/${s.id}/scans`, {})).json();
    const done = await drive(scan.id);
    expect(done.status).toBe('failed');
    expect(done.hosts[0]).toMatchObject({ reachable: false, host_name: stopped.name });
  });

  it('keeps tenants and projects apart', async () => {
    const finding = (await get(admin, `${U}/vulns?__limit=1`)).json().data[0];
    const scan = (await get(admin, `${U}/scans?__limit=1`)).json().data[0];
    const strategy = (await get(admin, `${U}/strategies`)).json().data[0];
    for (const url of [`${U}/vulns/${finding.id}`, `${U}/scans/${scan.id}`, `${U}/strategies/${strategy.id}`, `${U}/hosts/${finding.host_id}`])
      expect((await get(fin, url)).statusCode, url).toBe(404);
    const poke = await post(fin, `${U}/vulns/${finding.id}/repairs`, { action: 'ignored', note: '越权' });
    expect(poke.statusCode).toBe(404);
    expect((await post(fin, `${U}/strategies/${strategy.id}/scans`, {})).statusCode).toBe(404);
    expect((await get(admin, `${U}/vulns/${finding.id}`)).json().status).toBe(finding.status);
    expect((await get(fin, `${U}/vulns`)).json().data.some((f: Json) => f.id === finding.id)).toBe(false);

    // another project of the same tenant: its strategy is not the member's
    const mineProjects = new Set(member.territories.flatMap((t) => t.projects.map((p) => p.project_id)));
    const other = admin.territories[0]!.projects.find((p) => !mineProjects.has(p.project_id))!.project_id;
    const otherHost = (await get(admin, `${U}/hosts`, { project: other })).json().data[0];
    const s = await post(
      admin,
      `${U}/strategies`,
      { name: '二号项目扫描', scan_type: 'vuln', host_scope: 'selected', host_ids: [otherHost.id], cycle: 'manual' },
      { project: other },
    );
    expect(s.statusCode, s.body).toBe(201);
    expect((await get(member, `${U}/strategies/${s.json().id}`)).statusCode).toBe(404);
    expect((await get(member, `${U}/strategies`)).json().data.some((x: Json) => x.id === s.json().id)).toBe(false);
    expect((await get(member, `${U}/hosts/${otherHost.id}`)).statusCode).toBe(404);
    expect((await get(member, `${U}/hosts`)).json().data.some((h: Json) => h.id === otherHost.id)).toBe(false);
    expect((await get(member, `${U}/strategies`, { project: other })).statusCode).toBe(404);
    // the member's own project's host cannot go into a strategy of another project
    const mine = (await hosts(member))[0]!.id;
    const cross = await post(
      admin,
      `${U}/strategies`,
      { name: '跨项目', scan_type: 'vuln', host_scope: 'selected', host_ids: [mine], cycle: 'manual' },
      { project: other },
    );
    expect(cross.statusCode).toBe(400);
  });
});
