// The assistant (issue 31, ADR 0065): answers from the help centre and manuals quote a passage and
// link in-app sources, in zh-CN and zh-TW alike; questions about the caller's own things are
// answered by the slices' services as the caller (the numbers the API lists give, the caller's
// tenant only; another tenant's scope answers 404); bad input is refused in words; the retrieval
// keeps its hit rate; and with a model configured the answer streams from an OpenAI-compatible
// stand-in server started here on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { measureQuality } from '../bench/assistant-quality.ts';
import { billMonth } from '../../src/server/assistant/assistant-tools.ts';

type Json = Record<string, any>;
const URL_ = '/api/v1/assistant/answers';
let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let fin: Client;
let member: Client;

beforeAll(async () => {
  app = await build();
  [admin, fin, member] = [await app.as('tenant_admin'), await app.as('fin_admin'), await app.as('member')];
}, 120_000);
afterAll(async () => {
  await app.close();
});

const ask = (c: Client, question: unknown, o: { lang?: string; tenant?: string | null; project?: string | null } = {}) =>
  c.req({ method: 'POST', url: URL_, payload: { question }, ...o });

describe('answers from the help centre and manuals', () => {
  it('quotes the passage and links the help article (in-app route)', async () => {
    const r = await ask(admin, '硬盘扩容以后系统里看到的大小没变');
    expect(r.statusCode).toBe(200);
    const body = r.json() as Json;
    expect(body.answer).toContain('《云硬盘扩容后容量没有变化》');
    expect(body.answer).toContain('扩展分区与文件系统');
    expect(body.sources[0]).toEqual({ title: '云硬盘扩容后容量没有变化', url: expect.stringMatching(/^\/helpCenter\?id=[0-9a-f]{32}$/) });
    for (const s of body.sources) expect(s.url).toMatch(/^\/(?!\/)/);
  });

  it('answers a visitor (no session) and a manual section links its manual route', async () => {
    const r = await app.inject({ method: 'POST', url: URL_, payload: { question: '删除的云主机还能找回吗' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().sources[0]).toEqual({ title: '云主机操作手册 · 删除与回收站', url: '/vpsOperate' });
  });

  it('takes a zh-TW question and answers in zh-TW with the same source', async () => {
    const cn = (await ask(admin, '如何变更云主机规格')).json() as Json;
    const tw = (await ask(admin, '如何變更雲端主機規格', { lang: 'zh-TW' })).json() as Json;
    expect(tw.sources[0].url).toBe(cn.sources[0].url);
    expect(tw.sources[0].title).toBe('如何變更雲端主機規格');
    expect(tw.answer).toContain('根據《如何變更雲端主機規格》');
  });

  it('says it does not know, and links the help centre and a work order, when nothing matches', async () => {
    const body = (await ask(admin, '今天天气怎么样')).json() as Json;
    expect(body.answer).toContain('没有找到');
    expect(body.sources.map((s: Json) => s.url)).toEqual(['/helpCenter', '/workorderAdd']);
  });

  it('refuses an empty or too long question with a localised {title, description} naming the field', async () => {
    for (const q of ['', '   ', 'x'.repeat(201), 42]) {
      const r = await ask(admin, q, { lang: 'zh-TW' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ title: expect.any(String), description: expect.stringContaining('question'), field: 'question' });
    }
  });

  it('keeps the retrieval benchmark hit rate (right source in the top 3) at or above 90 %', async () => {
    const q = await measureQuality(app.ctx.db);
    expect(q.total).toBeGreaterThanOrEqual(50);
    expect(q.top3 / q.total, JSON.stringify(q.misses)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('tools, as the signed-in caller', () => {
  const stoppedCount = async (c: Client) => (await c.req({ method: 'GET', url: '/api/instances?status=stopped&__limit=1' })).json().count as number;

  it('counts tenant_admin’s stopped hosts as the host list does, and links the filtered list', async () => {
    const n = await stoppedCount(admin);
    expect(n).toBeGreaterThan(0);
    const body = (await ask(admin, '我有几台关机的云主机')).json() as Json;
    expect(body.answer).toBe(`当前项目有 ${n} 台已关机的云主机。`);
    expect(body.sources).toEqual([{ title: '云主机列表', url: '/ecsManage?status=stopped' }]);
    const tw = (await ask(admin, '我有幾台關機的雲端主機', { lang: 'zh-TW' })).json() as Json;
    expect(tw.answer).toBe(`目前專案有 ${n} 台已關機的雲端主機。`);
  });

  it('gives a user of another tenant their own count, never the other tenant’s', async () => {
    const own = await stoppedCount(fin);
    const body = (await ask(fin, '我有几台关机的云主机')).json() as Json;
    expect(body.answer).toBe(`当前项目有 ${own} 台已关机的云主机。`);
    // naming tenant_admin's tenant and project answers 404, as every API does
    const r = await ask(fin, '我有几台关机的云主机', { tenant: admin.territories[0]!.tenant_id, project: admin.territories[0]!.projects[0]!.project_id });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ title: expect.any(String), description: expect.any(String) });
    // the scope is checked first, as on every route: a help question or a bad body there is 404 too
    const foreign = { tenant: admin.territories[0]!.tenant_id, project: admin.territories[0]!.projects[0]!.project_id };
    expect((await ask(fin, '如何申请发票', foreign)).statusCode).toBe(404);
    expect((await ask(fin, '', foreign)).statusCode).toBe(404);
  });

  it('answers last month’s bill with the tenant bill’s amount for a tenant admin and the project bill’s for a member', async () => {
    const month = billMonth('last');
    const tenant = (await admin.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/monthly?start_month=${month}&end_month=${month}` })).json() as Json;
    const yuan = (tenant.summary.amount_fen / 100).toFixed(2);
    const a = (await ask(admin, '上个月账单多少')).json() as Json;
    expect(a.answer).toContain(`¥${yuan}`);
    expect(a.sources[0].url).toBe('/tenantBillOverview');
    const project = (await member.req({ method: 'GET', url: `/api/v1/cloud/bills/projects/monthly?start_month=${month}&end_month=${month}` })).json() as Json;
    const m = (await ask(member, '上个月账单多少')).json() as Json;
    expect(m.answer).toContain(`¥${(project.summary.amount_fen / 100).toFixed(2)}`);
    expect(m.sources[0].url).toBe('/projectBillOverview');
  });

  it('lists firing alarms with the alarm list’s count', async () => {
    const list = (await admin.req({ method: 'GET', url: '/api/v1/alarms?state=firing&__limit=1' })).json() as Json;
    const body = (await ask(admin, '有哪些告警')).json() as Json;
    expect(body.answer).toContain(list.count ? `${list.count} 条告警中` : '没有告警中');
    expect(body.sources).toEqual([{ title: '告警列表', url: '/monitorAlarm' }]);
  });

  it('asks a visitor to sign in, and a caller without a scope to choose one, instead of answering', async () => {
    const visitor = await app.inject({ method: 'POST', url: URL_, payload: { question: '我有几台关机的云主机' } });
    expect(visitor.json()).toMatchObject({ answer: expect.stringContaining('请先登录'), sources: [{ url: '/login' }] });
    const noScope = (await ask(admin, '有哪些告警', { tenant: null, project: null })).json() as Json;
    expect(noScope.answer).toContain('选择租户和项目');
  });

  it('answers a how-to about stopping hosts from the manual, not with a count', async () => {
    const body = (await ask(admin, '云主机怎么关机')).json() as Json;
    expect(body.sources[0].url).toBe('/vpsOperate');
  });
});

describe('with a model (an OpenAI-compatible stand-in on 127.0.0.1)', () => {
  let stand: http.Server;
  let seen: Json[] = [];
  let modelApp: Awaited<ReturnType<typeof build>>;
  let base = '';
  let fail = false;

  beforeAll(async () => {
    stand = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', async () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
        if (fail) return void res.writeHead(500).end('{}');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of ['根据帮助中心，', '扩容后需要', '扩展文件系统。']) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
          await new Promise((r) => setTimeout(r, 150));
        }
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    const port = (stand.address() as AddressInfo).port;
    modelApp = await build({ config: { ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'stand-in' } } });
    await modelApp.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(modelApp.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await modelApp.close();
    await new Promise((r) => stand.close(r));
  });

  it('streams the model’s answer as events, grounded on the retrieved passages', async () => {
    seen = [];
    const res = await fetch(`${base}${URL_}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: '云硬盘扩容后容量没有变化' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const arrivals: { at: number; text: string }[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) arrivals.push({ at: Date.now(), text: decoder.decode(chunk) });
    const all = arrivals.map((a) => a.text).join('');
    const events = all
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /event: (\w+)/.exec(block)?.[1], data: JSON.parse(/data: (.*)/.exec(block)![1]!) }));
    expect(events[0]).toMatchObject({ event: 'sources', data: { sources: [{ title: '云硬盘扩容后容量没有变化' }, {}, {}] } });
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(['根据帮助中心，', '扩容后需要', '扩展文件系统。']);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { answer: '根据帮助中心，扩容后需要扩展文件系统。' } });
    // pieces arrive as the model sends them, not all at the end
    expect(arrivals.length).toBeGreaterThan(1);
    expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(200);
    // the stand-in got the key, the model and the passage to ground on
    expect(seen[0]).toMatchObject({ url: '/v1/chat/completions', auth: 'Bearer test-key', body: { model: 'stand-in', stream: true } });
    expect(JSON.stringify(seen[0]!.body.messages)).toContain('扩展分区与文件系统');
  });

  it('gives the model a tool’s result, and answers JSON callers in one piece', async () => {
    seen = [];
    const c = await modelApp.as('tenant_admin');
    const r = await c.req({ method: 'POST', url: URL_, payload: { question: '我有几台关机的云主机' } });
    expect(r.json()).toEqual({ answer: '根据帮助中心，扩容后需要扩展文件系统。', sources: [{ title: '云主机列表', url: '/ecsManage?status=stopped' }] });
    expect(JSON.stringify(seen[0]!.body.messages)).toMatch(/当前项目有 \d+ 台已关机的云主机/);
  });

  it('falls back to the embedded answer when the model fails', async () => {
    fail = true;
    try {
      const r = await modelApp.inject({ method: 'POST', url: URL_, payload: { question: '如何申请发票' } });
      expect(r.statusCode).toBe(200);
      expect(r.json().answer).toContain('《如何申请发票》');
    } finally {
      fail = false;
    }
  });
});
