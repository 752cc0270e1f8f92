// The service desk through the real app: work order types/questions/templates, create rules,
// uploads checked by content and size, idempotent create, every state change and refusal, the reply
// thread both ways, rating, feedback states, and tenant / project isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp, type Helpers, type Client } from './helper.ts';

let app: TestApp & Helpers;
beforeAll(async () => {
  app = await build();
});
afterAll(async () => {
  await app.close();
});

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const png = (size = 200) => Buffer.concat([PNG_HEAD, Buffer.alloc(Math.max(0, size - PNG_HEAD.length))]);
const pdf = (size = 200) => Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(Math.max(0, size - 40), 0x20)]);

/** A multipart body of the given files (field `file`). */
function multipart(files: { name: string; bytes: Buffer; type?: string }[]) {
  const boundary = `----desk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(c: Client, files: { name: string; bytes: Buffer; type?: string }[], extra: Record<string, string> = {}) {
  const m = multipart(files);
  return c.req({ method: 'POST', url: '/api/v1/workorders/upload', payload: m.payload, headers: { ...m.headers, ...extra } });
}

async function firstType(c: Client) {
  const res = await c.req({ method: 'GET', url: '/api/v1/workorders/types' });
  return res.json().data[0].id as string;
}

async function validBody(c: Client, extra: Record<string, unknown> = {}) {
  return {
    workorder_type_id: await firstType(c),
    title: '测试主机无法登录',
    contact: '李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    urgency: 'high',
    contact_time: 'any',
    description: '上午九点起 SSH 超时',
    ...extra,
  };
}

async function create(c: Client, extra: Record<string, unknown> = {}) {
  const res = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(c, extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; number: string; attachments: { id: string; name: string; size: number }[] };
}

describe('work order catalogue', () => {
  it('lists types, their questions and templates in the caller language', async () => {
    const c = await app.as('tenant_admin');
    const types = (await c.req({ method: 'GET', url: '/api/v1/workorders/types' })).json();
    expect(types.data.map((t: { name: string }) => t.name)).toContain('云主机');
    const tw = (await c.req({ method: 'GET', url: '/api/v1/workorders/types', lang: 'zh-TW' })).json();
    expect(tw.data.map((t: { name: string }) => t.name)).toContain('雲主機');
    const typeId = types.data[0].id;
    const qs = (await c.req({ method: 'GET', url: `/api/v1/workorders/questions?workorder_type_id=${typeId}` })).json();
    expect(qs.data.length).toBeGreaterThan(0);
    expect(qs.data.every((q: { workorder_type_id: string }) => q.workorder_type_id === typeId)).toBe(true);
    const tpl = (await c.req({ method: 'GET', url: `/api/v1/workorders/templates?workorder_type_id=${typeId}` })).json();
    expect(tpl.data[0].content).toContain('实例名称');
    expect((await app.inject({ method: 'GET', url: '/api/v1/workorders/types' })).statusCode).toBe(401);
  });
});

describe('creating a work order', () => {
  it('refuses each broken rule with a 400 naming the field, and stores nothing', async () => {
    const c = await app.as('tenant_admin');
    const before = (await c.req({ method: 'GET', url: '/api/v1/workorders' })).json().count;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '一'.repeat(32) }, 'title'],
      [{ contact: '一二三四五六七八' }, 'contact'],
      [{ phone: '12345678901' }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ urgency: 'whenever' }, 'urgency'],
      [{ contact_time: 'midnight' }, 'contact_time'],
      [{ description: '' }, 'description'],
    ];
    for (const [extra, field] of cases) {
      const res = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(c, extra) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const phone = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(c, { phone: '123' }) });
    expect(phone.json().description).toContain('手机号');
    // 31 and 7 characters are the longest allowed ("under 32", "under 8").
    await create(c, { title: '一'.repeat(31), contact: '一二三四五六七' });
    expect((await c.req({ method: 'GET', url: '/api/v1/workorders' })).json().count).toBe(before + 1);
    const unknownType = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(c, { workorder_type_id: 'f'.repeat(32) }) });
    expect(unknownType.statusCode).toBe(400);
  });

  it('the operations side files nothing', async () => {
    const ops = await app.as('oncall');
    const res = await ops.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(ops) });
    expect(res.statusCode).toBe(403);
  });

  it('replays the same Idempotency-Key once, refuses the key with another body', async () => {
    const c = await app.as('tenant_admin');
    const body = await validBody(c, { title: '幂等提交测试' });
    const key = 'desk-idem-0001';
    const a = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: body, headers: { 'idempotency-key': key } });
    const b = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: body, headers: { 'idempotency-key': key } });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
    const list = (await c.req({ method: 'GET', url: '/api/v1/workorders?title=幂等提交测试' })).json();
    expect(list.count).toBe(1);
    const other = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: { ...body, title: '另一个' }, headers: { 'idempotency-key': key } });
    expect(other.statusCode).toBe(422);
  });
});

describe('attachments', () => {
  it('stores a checked image, links it to the work order and serves the same bytes', async () => {
    const c = await app.as('tenant_admin');
    const bytes = png(5000);
    const up = await upload(c, [{ name: '现场照片.png', bytes, type: 'image/png' }]);
    expect(up.statusCode, up.body).toBe(201);
    const att = up.json().data[0];
    expect(att).toMatchObject({ mime: 'image/png', size: 5000 });
    const wo = await create(c, { attachment_ids: [att.id] });
    const detail = (await c.req({ method: 'GET', url: `/api/v1/workorders/${wo.id}` })).json();
    expect(detail.attachments.map((a: { id: string }) => a.id)).toEqual([att.id]);
    const file = await c.req({ method: 'GET', url: `/api/v1/workorders/attachments/${att.id}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
    // An attachment is used once.
    const again = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(c, { attachment_ids: [att.id] }) });
    expect(again.statusCode).toBe(400);
  });

  it('judges by content: PDF bytes named .png are refused, a real PDF is taken', async () => {
    const c = await app.as('tenant_admin');
    const disguised = await upload(c, [{ name: 'photo.png', bytes: pdf(), type: 'image/png' }]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().description).toContain('photo.png');
    const exe = await upload(c, [{ name: 'tool', bytes: Buffer.from('4d5a90000300000004000000ffff0000b8000000', 'hex') }]);
    expect(exe.statusCode).toBe(415);
    const real = await upload(c, [{ name: '诊断报告.pdf', bytes: pdf() }]);
    expect(real.statusCode).toBe(201);
    expect(real.json().data[0].mime).toBe('application/pdf');
  });

  it('refuses an image over 2 MB, a file over 10 MB and more than 20 MB in all', async () => {
    const c = await app.as('tenant_admin');
    const bigImage = await upload(c, [{ name: 'big.png', bytes: png(3 * 1024 * 1024) }]);
    expect(bigImage.statusCode).toBe(413);
    expect(bigImage.json().description).toContain('2 MB');
    const bigFile = await upload(c, [{ name: 'big.pdf', bytes: pdf(11 * 1024 * 1024) }]);
    expect(bigFile.statusCode).toBe(413);
    expect(bigFile.json().description).toContain('10 MB');
    const seven = pdf(7 * 1024 * 1024);
    const total = await upload(c, [
      { name: 'a.pdf', bytes: seven },
      { name: 'b.pdf', bytes: seven },
      { name: 'c.pdf', bytes: seven },
    ]);
    expect(total.statusCode).toBe(413);
    expect(total.json().description).toContain('20 MB');
    // Separately uploaded files over 20 MB together cannot go on one work order either.
    const ids: string[] = [];
    for (const name of ['d.pdf', 'e.pdf', 'f.pdf']) ids.push((await upload(c, [{ name, bytes: seven }])).json().data[0].id);
    const tooMuch = await c.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(c, { attachment_ids: ids }) });
    expect(tooMuch.statusCode).toBe(413);
  });
});

describe('states, thread and rating', () => {
  it('runs 已提交 → 处理中 → 待确认 → 未解决 → 处理中 → 待确认 → 已解决, then a rating once', async () => {
    const user = await app.as('tenant_admin');
    const ops = await app.as('oncall');
    const wo = await create(user);
    expect(wo.status).toBe('submitted');
    const post = (c: Client, path: string, payload?: unknown) => c.req({ method: 'POST', url: `/api/v1/workorders/${wo.id}/${path}`, payload: payload ?? {} });

    // Who may do what.
    expect((await post(user, 'accept')).statusCode).toBe(403);
    expect((await post(ops, 'confirm')).statusCode).toBe(403);
    expect((await post(ops, 'propose')).statusCode).toBe(409);
    expect((await post(user, 'rating', { score: 5 })).statusCode).toBe(409);

    // The operations side's first reply takes the work order.
    const replied = await post(ops, 'replies', { content: '您好，已收到，正在排查。' });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().status).toBe('processing');
    // The creator is told through the NotifyPort (a site message that deep-links the work order).
    const told = await app.ctx.db
      .selectFrom('site_messages')
      .innerJoin('users', 'users.id', 'site_messages.user_id')
      .select(['message_key', 'link', 'category'])
      .where('users.account', '=', 'tenant_admin')
      .where('ref_id', '=', wo.id)
      .execute();
    expect(told).toContainEqual({ message_key: 'desk:messages.workorder_replied', link: `/workorderDetail/${wo.id}`, category: 'workorder' });
    const fromUser = await post(user, 'replies', { content: '补充：只有部分主机受影响。' });
    expect(fromUser.json().replies.map((r: { side: string }) => r.side)).toEqual(['ops', 'user']);

    expect((await post(ops, 'propose')).json().status).toBe('to_confirm');
    expect((await post(user, 'reject_solution')).json().status).toBe('unresolved');
    expect((await post(ops, 'accept')).json().status).toBe('processing');
    expect((await post(ops, 'propose')).json().status).toBe('to_confirm');
    const done = (await post(user, 'confirm')).json();
    expect(done.status).toBe('resolved');
    expect(done.can.rate).toBe(true);
    expect((await post(user, 'confirm')).statusCode).toBe(409);
    expect((await post(user, 'replies', { content: '再问一下' })).statusCode).toBe(409);

    expect((await post(user, 'rating', { score: 6 })).statusCode).toBe(400);
    expect((await post(ops, 'rating', { score: 5 })).statusCode).toBe(403);
    const rated = await post(user, 'rating', { score: 4, comment: '响应很快' });
    expect(rated.json()).toMatchObject({ rating: 4, rating_comment: '响应很快', can: { rate: false } });
    expect((await post(user, 'rating', { score: 5 })).statusCode).toBe(409);
  });

  it('shows the SLA deadline by urgency', async () => {
    const c = await app.as('tenant_admin');
    const wo = await create(c, { urgency: 'urgent' });
    const d = (await c.req({ method: 'GET', url: `/api/v1/workorders/${wo.id}` })).json();
    expect(new Date(d.sla_deadline).getTime() - new Date(d.created_at).getTime()).toBe(3600_000);
  });
});

describe('isolation', () => {
  it('another tenant sees none of it and gets 404 for every id', async () => {
    const user = await app.as('tenant_admin');
    const other = await app.as('fin_admin');
    const att = (await upload(user, [{ name: 'x.png', bytes: png() }])).json().data[0];
    const wo = await create(user, { attachment_ids: [att.id], title: '隔离测试工单' });
    const list = (await other.req({ method: 'GET', url: '/api/v1/workorders?__limit=1000' })).json();
    expect(list.data.some((w: { id: string }) => w.id === wo.id)).toBe(false);
    expect(list.data.every((w: { tenant_id: string }) => w.tenant_id === other.territories[0]!.tenant_id)).toBe(true);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/workorders/${wo.id}`],
      ['GET', `/api/v1/workorders/attachments/${att.id}`],
      ['POST', `/api/v1/workorders/${wo.id}/replies`, { content: '偷看' }],
      ['POST', `/api/v1/workorders/${wo.id}/confirm`, {}],
      ['POST', `/api/v1/workorders/${wo.id}/rating`, { score: 1 }],
    ] as const) {
      const res = await other.req({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
    // Naming the other tenant in the headers does not help.
    const forged = await other.req({ method: 'GET', url: `/api/v1/workorders/${wo.id}`, tenant: user.territories[0]!.tenant_id });
    expect(forged.statusCode).toBe(404);
    // The uploader's unlinked attachment is theirs alone.
    const loose = (await upload(user, [{ name: 'y.png', bytes: png() }])).json().data[0];
    expect((await other.req({ method: 'GET', url: `/api/v1/workorders/attachments/${loose.id}` })).statusCode).toBe(404);
    const stolen = await other.req({ method: 'POST', url: '/api/v1/workorders', payload: await validBody(other, { attachment_ids: [loose.id] }) });
    expect(stolen.statusCode).toBe(400);
    // The operations side sees every tenant's.
    const ops = await app.as('oncall');
    expect((await ops.req({ method: 'GET', url: `/api/v1/workorders/${wo.id}` })).json().tenant_name).toBe('华东制造集团');
  });

  it('a project member sees their project only', async () => {
    const admin = await app.as('tenant_admin');
    const member = await app.as('member');
    const tenantWide = await create(admin, { title: '租户级工单' });
    const mine = await create(member, { title: '项目级工单' });
    expect((await member.req({ method: 'GET', url: `/api/v1/workorders/${tenantWide.id}` })).statusCode).toBe(404);
    expect((await member.req({ method: 'GET', url: `/api/v1/workorders/${mine.id}` })).statusCode).toBe(200);
    expect((await admin.req({ method: 'GET', url: `/api/v1/workorders/${mine.id}` })).statusCode).toBe(200);
  });
});

describe('feedback', () => {
  const body = { name: '李娜', phone: '13900000003', email: 'lina@huadong-mfg.example.cn', type: 'product', content: '希望支持按项目导出账单' };

  it('runs 已提交 → 已回复 → 已关闭 with refusals', async () => {
    const user = await app.as('tenant_admin');
    const ops = await app.as('oncall');
    for (const [extra, field] of [
      [{ phone: '1390000' }, 'phone'],
      [{ email: 'x' }, 'email'],
      [{ type: 'rant' }, 'type'],
      [{ content: '' }, 'content'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await user.req({ method: 'POST', url: '/api/v1/opinions', payload: { ...body, ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const created = await user.req({ method: 'POST', url: '/api/v1/opinions', payload: body });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().status).toBe('submitted');
    expect((await user.req({ method: 'POST', url: `/api/v1/opinions/${id}/reply`, payload: { content: '自己回复' } })).statusCode).toBe(403);
    const replied = await ops.req({ method: 'POST', url: `/api/v1/opinions/${id}/reply`, payload: { content: '已记录，下个版本支持' } });
    expect(replied.json()).toMatchObject({ status: 'replied', reply: '已记录，下个版本支持' });
    expect((await ops.req({ method: 'POST', url: `/api/v1/opinions/${id}/reply`, payload: { content: '再回复' } })).statusCode).toBe(409);
    expect((await user.req({ method: 'POST', url: `/api/v1/opinions/${id}/close` })).json().status).toBe('closed');
    expect((await user.req({ method: 'POST', url: `/api/v1/opinions/${id}/close` })).statusCode).toBe(409);

    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: `/api/v1/opinions/${id}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `/api/v1/opinions/${id}/close` })).statusCode).toBe(404);
    const list = (await other.req({ method: 'GET', url: '/api/v1/opinions' })).json();
    expect(list.data.some((f: { id: string }) => f.id === id)).toBe(false);
  });

  it('an offline replay of the same feedback lands once', async () => {
    const user = await app.as('tenant_admin');
    const headers = { 'idempotency-key': 'desk-feedback-0001' };
    const a = await user.req({ method: 'POST', url: '/api/v1/opinions', payload: { ...body, content: '离线反馈' }, headers });
    const b = await user.req({ method: 'POST', url: '/api/v1/opinions', payload: { ...body, content: '离线反馈' }, headers });
    expect(b.json().id).toBe(a.json().id);
    const list = (await user.req({ method: 'GET', url: '/api/v1/opinions?__limit=1000' })).json();
    expect(list.data.filter((f: { content: string }) => f.content === '离线反馈')).toHaveLength(1);
  });
});
