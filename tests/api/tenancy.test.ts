// Tenancy and roles through the real app (seed 000 §6–§7): territories per demo user, the tenant
// and project pickers' lists with the seed's parameters, and the menus each role may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds } from './helper.ts';
import { taiwanese } from '../../src/server/seed/traditional-tenant.seed.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app.close();
});

async function territories(account: string) {
  const c = await app.as(account);
  const res = await c.req({ method: 'GET', url: '/api/v1/auth/territories?enabled=true&__limit=1000', tenant: null, project: null });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    count: number;
    data: {
      tenant_id: string;
      tenant_name: string;
      business_type: string;
      roles: string[];
      projects: { project_id: string; project_name: string; project_name_zh: string }[];
    }[];
  };
}

describe('GET /api/v1/auth/territories', () => {
  it('tenant_admin sees 华东制造集团 (实业经营) with its three projects', async () => {
    const body = await territories('tenant_admin');
    expect(body.count).toBe(1);
    expect(body.data[0]).toMatchObject({ tenant_id: ids.huadong, tenant_name: '华东制造集团', business_type: '实业经营', roles: ['tenant_admin'] });
    expect(body.data[0]!.projects.map((p) => p.project_name).sort()).toEqual(['rnd-test', 'smart-factory-mes', 'supply-chain']);
    expect(body.data[0]!.projects.map((p) => p.project_name_zh)).toContain('智能工厂 MES');
  });

  it('approver sees only the projects it approves in; member only its one project', async () => {
    const approver = await territories('approver');
    expect(approver.data.map((t) => t.tenant_name)).toEqual(['华东制造集团']);
    expect(approver.data[0]!.projects.map((p) => p.project_name).sort()).toEqual(['rnd-test', 'smart-factory-mes', 'supply-chain']);
    // Approver holds project roles only, not a tenant-wide one.
    expect(approver.data[0]!.roles).toEqual([]);
    const member = await territories('member');
    expect(member.data.map((t) => t.tenant_name)).toEqual(['华东制造集团']);
    expect(member.data[0]!.projects.map((p) => p.project_name)).toEqual(['smart-factory-mes']);
  });

  it('admin (and oncall) see all three tenants', async () => {
    for (const account of ['admin', 'oncall']) {
      const body = await territories(account);
      expect(body.count).toBe(3);
      expect(body.data.map((t) => t.tenant_name).sort()).toEqual(['华东制造集团', '江南智慧物流', '鑫泰金融控股'].sort());
      expect(body.data.reduce((n, t) => n + t.projects.length, 0)).toBe(7);
    }
  });

  it('fin_admin sees only the finance tenant', async () => {
    const body = await territories('fin_admin');
    expect(body.count).toBe(1);
    expect(body.data[0]).toMatchObject({ tenant_id: ids.finance, tenant_name: '鑫泰金融控股', business_type: '金融服务' });
    expect(body.data[0]!.projects.map((p) => p.project_name).sort()).toEqual(['core-trading', 'mobile-banking']);
    expect(JSON.stringify(body)).not.toContain('华东');
  });

  it('leaves out disabled tenants and projects with enabled=true', async () => {
    await app.ctx.db.updateTable('projects').set({ enabled: false }).where('name', '=', 'rnd-test').execute();
    try {
      const on = await territories('tenant_admin');
      expect(on.data[0]!.projects.map((p) => p.project_name)).not.toContain('rnd-test');
      const c = await app.as('tenant_admin');
      const all = (await c.req({ method: 'GET', url: '/api/v1/auth/territories?__limit=1000' })).json();
      expect(all.data[0].projects.map((p: { project_name: string }) => p.project_name)).toContain('rnd-test');
    } finally {
      await app.ctx.db.updateTable('projects').set({ enabled: true }).where('name', '=', 'rnd-test').execute();
    }
  });
});

describe('GET /api/tenants', () => {
  it('answers {count, data} sorted by name, narrowed to the caller', async () => {
    const admin = await app.as('admin');
    const res = await admin.req({ method: 'GET', url: '/api/tenants?enabled=true&__limit=1000&__orders=name' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    const names = body.data.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort());
    expect(body.data[0]).toHaveProperty('business_type');
    expect(body.data[0]).toHaveProperty('enabled', true);

    const fin = await app.as('fin_admin');
    const own = (await fin.req({ method: 'GET', url: '/api/tenants?enabled=true&__limit=1000&__orders=name' })).json();
    expect(own).toMatchObject({ count: 1, data: [{ id: ids.finance, name: '鑫泰金融控股' }] });
  });

  it('sorts descending with -name and pages with __limit/__offset', async () => {
    const admin = await app.as('admin');
    const asc = (await admin.req({ method: 'GET', url: '/api/tenants?__orders=name' })).json().data.map((t: { name: string }) => t.name);
    const desc = (await admin.req({ method: 'GET', url: '/api/tenants?__orders=-name' })).json().data.map((t: { name: string }) => t.name);
    expect(desc).toEqual([...asc].reverse());
    const page = (await admin.req({ method: 'GET', url: '/api/tenants?__orders=name&__limit=1&__offset=1' })).json();
    expect(page.count).toBe(3);
    expect(page.data.map((t: { name: string }) => t.name)).toEqual([asc[1]]);
  });

  it('filters enabled=false', async () => {
    await app.ctx.db.updateTable('tenants').set({ enabled: false }).where('id', '=', ids.logistics).execute();
    try {
      const admin = await app.as('admin');
      const on = (await admin.req({ method: 'GET', url: '/api/tenants?enabled=true' })).json();
      expect(on.count).toBe(2);
      const off = (await admin.req({ method: 'GET', url: '/api/tenants?enabled=false' })).json();
      expect(off).toMatchObject({ count: 1, data: [{ name: '江南智慧物流', enabled: false }] });
    } finally {
      await app.ctx.db.updateTable('tenants').set({ enabled: true }).where('id', '=', ids.logistics).execute();
    }
  });
});

describe('GET /api/projects', () => {
  it('answers the seed parameters: enabled, __limit 1000, __orders name, template_flag 1', async () => {
    const admin = await app.as('admin');
    const res = await admin.req({ method: 'GET', url: '/api/projects?enabled=true&__limit=1000&__orders=name&template_flag=1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(7);
    const names = body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort());
    expect(body.data[0]).toMatchObject({ enabled: true, template_flag: 1 });
    expect(body.data[0]).toHaveProperty('tenant_name');
  });

  it('filters tenant_id (comma-joined) and sorts -name', async () => {
    const admin = await app.as('admin');
    const one = (await admin.req({ method: 'GET', url: `/api/projects?tenant_id=${ids.finance}&__orders=-name` })).json();
    expect(one.count).toBe(2);
    expect(one.data.map((p: { name: string }) => p.name)).toEqual(['mobile-banking', 'core-trading']);
    const two = (await admin.req({ method: 'GET', url: `/api/projects?tenant_id=${ids.finance},${ids.logistics}&__orders=name&__limit=1000` })).json();
    expect(two.count).toBe(4);
    expect(new Set(two.data.map((p: { tenant_id: string }) => p.tenant_id))).toEqual(new Set([ids.finance, ids.logistics]));
  });

  it('pages with __limit and __offset, count unchanged', async () => {
    const admin = await app.as('admin');
    const all = (await admin.req({ method: 'GET', url: '/api/projects?__orders=name&__limit=1000' })).json().data.map((p: { id: string }) => p.id);
    const pages: string[] = [];
    for (let offset = 0; offset < 7; offset += 3) {
      const page = (await admin.req({ method: 'GET', url: `/api/projects?__orders=name&__limit=3&__offset=${offset}` })).json();
      expect(page.count).toBe(7);
      pages.push(...page.data.map((p: { id: string }) => p.id));
    }
    expect(pages).toEqual(all);
  });

  it('filters template_flag', async () => {
    await app.ctx.db.updateTable('projects').set({ template_flag: 0 }).where('name', '=', 'dispatch').execute();
    try {
      const admin = await app.as('admin');
      expect((await admin.req({ method: 'GET', url: '/api/projects?template_flag=1' })).json().count).toBe(6);
      expect((await admin.req({ method: 'GET', url: '/api/projects?template_flag=0' })).json().data.map((p: { name: string }) => p.name)).toEqual(['dispatch']);
    } finally {
      await app.ctx.db.updateTable('projects').set({ template_flag: 1 }).where('name', '=', 'dispatch').execute();
    }
  });

  it('narrows to the caller: member sees one project; fin_admin asking for another tenant sees none', async () => {
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: '/api/projects?__limit=1000' })).json()).toMatchObject({ count: 1, data: [{ name: 'smart-factory-mes' }] });
    const fin = await app.as('fin_admin');
    const other = await fin.req({ method: 'GET', url: `/api/projects?tenant_id=${ids.huadong}` });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ count: 0, data: [] });
  });
});

describe('GET /api/v1/menus', () => {
  type Group = { code: string; name: string; menus: { code: string; name: string; menuUrl: string }[] };
  async function menus(account: string, lang?: string): Promise<Group[]> {
    const c = await app.as(account);
    const res = await c.req({ method: 'GET', url: '/api/v1/menus', lang });
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as Group[];
    for (const g of groups) for (const m of g.menus) expect(m.menuUrl).toMatch(/^\/[A-Za-z]/);
    return groups;
  }

  it('member gets no approval group', async () => {
    const groups = await menus('member');
    expect(groups.map((g) => g.code)).not.toContain('approval');
    expect(groups.map((g) => g.code)).toContain('compute');
    expect(groups.flatMap((g) => g.menus.map((m) => m.menuUrl))).not.toContain('/ecsAdminManage');
  });

  it('approver gets 我的审批 but not the approval process', async () => {
    const groups = await menus('approver');
    const approval = groups.find((g) => g.code === 'approval');
    expect(approval?.name).toBe('审批');
    expect(approval?.menus).toEqual([expect.objectContaining({ name: '我的审批', menuUrl: '/selfApprovalManage' })]);
  });

  it('admin gets every group and entry', async () => {
    const { MENU_GROUPS } = await import('../../src/domain/navigation/menu-groups.ts');
    const { KINDS } = await import('../../src/domain/kinds/registry.ts');
    const groups = await menus('admin');
    expect(groups.map((g) => g.code)).toEqual(MENU_GROUPS.map((g) => g.code));
    // The base entries, and one for each kind that declares its own (e.g. 云账号) in a group without it.
    const kindEntries = KINDS.filter((k) => k.menu && !MENU_GROUPS.find((g) => g.code === k.menu!.group)?.items.some((i) => i.code === k.menu!.code)).length;
    expect(kindEntries).toBeGreaterThan(0);
    expect(groups.reduce((n, g) => n + g.menus.length, 0)).toBe(MENU_GROUPS.reduce((n, g) => n + g.items.length, 0) + kindEntries);
    expect(groups.flatMap((g) => g.menus.map((m) => m.menuUrl))).toEqual(
      expect.arrayContaining(['/ecsAdminManage', '/approvalManage', '/costCenter', '/cloudAccountManage']),
    );
  });

  it('labels in zh-TW with Accept-Language zh-TW', async () => {
    const groups = await menus('approver', 'zh-TW');
    const approval = groups.find((g) => g.code === 'approval')!;
    expect(approval.name).toBe('簽核');
    expect(approval.menus[0]!.name).toBe('我的簽核');
    for (const g of groups) {
      expect(g.name).not.toMatch(/^[a-z_.]+$/);
      for (const m of g.menus) expect(m.name).not.toMatch(/^[a-z_.]+$/);
    }
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/menus' })).statusCode).toBe(401);
  });
});

describe('the Taiwanese finance tenant (issue 28)', () => {
  /** Runs of Chinese in an answer that a Taiwanese company would write otherwise (Simplified forms). */
  // The platform's own words: its staff's names (值班运维 王磊 on the alarm receivers) and its
  // classification of the tenant (金融服务, which times a finance tenant's production rules).
  const staff = new Set(['值班运维', '金融服务']);
  const simplified = (body: string) => [...new Set(body.match(/[\u4e00-\u9fff]+/g) ?? [])].filter((run) => !staff.has(run) && taiwanese(run) !== run);

  it('reads its own people, projects, approvals, alarms and work orders in Traditional Chinese', async () => {
    const fin = await app.as('fin_admin');
    const answers: Record<string, string> = {};
    for (const url of [
      '/api/v1/auth/territories?enabled=true&__limit=1000',
      '/api/v1/approvals?scope=global&__limit=100',
      '/api/v1/alarm-policies',
      '/api/v1/alarms',
      '/api/v1/user/info',
    ]) {
      const res = await fin.req({ method: 'GET', url, lang: 'zh-TW' });
      if (res.statusCode === 404 && url === '/api/v1/user/info') continue;
      expect(res.statusCode, url).toBe(200);
      answers[url] = res.body;
    }
    expect(answers['/api/v1/auth/territories?enabled=true&__limit=1000']).toContain('核心交易系統');
    expect(answers['/api/v1/approvals?scope=global&__limit=100']).toContain('鑫泰金控 管理員 周敏');
    expect(answers['/api/v1/approvals?scope=global&__limit=100']).not.toContain('審批');
    for (const [url, body] of Object.entries(answers)) expect(simplified(body), url).toEqual([]);
    // The other tenants keep the Simplified their people write.
    const hd = await app.as('tenant_admin');
    expect((await hd.req({ method: 'GET', url: '/api/v1/auth/territories?enabled=true&__limit=1000' })).body).toContain('智能工厂');
  });
});

describe('GET /api/v1/tenants/business_types', () => {
  // Issue 28: one switch for a tenant's industry; each rule reads the industry's requirements.
  it('lists the platform business types with what each industry asks', async () => {
    const c = await app.as('member');
    const res = await c.req({ method: 'GET', url: '/api/v1/tenants/business_types', tenant: null, project: null });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; data: Record<string, unknown>[] };
    expect(body.count).toBe(body.data.length);
    expect(body.data.find((d) => d.business_type === '金融服务')).toEqual({
      business_type: '金融服务',
      industry: 'finance',
      production_rules_hour: 18,
      icp_security_material: true,
      contract_auto_renew: false,
    });
    expect(body.data.find((d) => d.business_type === '实业经营')).toMatchObject({
      industry: 'industrial',
      production_rules_hour: null,
      contract_auto_renew: true,
    });
    expect(body.data.find((d) => d.business_type === '物流运输')).toMatchObject({
      industry: 'general',
      icp_security_material: false,
      contract_auto_renew: false,
    });
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/tenants/business_types' });
    expect(res.statusCode).toBe(401);
  });

  it('the finance tenant files ICP with the security assessment, the industrial tenant without it', async () => {
    const fin = await app.as('fin_admin');
    const finReq = await fin.req({ method: 'GET', url: '/api/v1/isps/requirements' });
    const hd = await app.as('tenant_admin');
    const hdReq = await hd.req({ method: 'GET', url: '/api/v1/isps/requirements' });
    expect([finReq.statusCode, hdReq.statusCode]).toEqual([200, 200]);
    expect(finReq.json().materials).toContain('security');
    expect(hdReq.json().materials).not.toContain('security');
  });
});
