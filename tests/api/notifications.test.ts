// The notification service against stand-in receivers started here on 127.0.0.1 (robots of WeCom,
// DingTalk with its signature, Feishu with its signature, a Web Push service, an SMTP sink): channel
// management with sealed, masked secrets; the test button; every channel of one notification with
// its deep link and acknowledge link; per-category settings honoured; retries with back-off and a
// failing channel shown; the message centre's state changes; isolation.
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { checkVapid, decryptPush, pushKeys, startHttpReceiver, startSmtpSink } from './notify-receivers.ts';
import { MAX_ATTEMPTS } from '../../src/server/notifications/notification.service.ts';

const RETRY_MS = 60_000;
const PUBLIC = 'https://yunshu.example.cn';
let app: Awaited<ReturnType<typeof build>>;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Client;
let tenantId: string;
let projectId: string;
const userId: Record<string, string> = {};

beforeAll(async () => {
  http = await startHttpReceiver();
  smtp = await startSmtpSink();
  app = await build({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC, notifyRetryMs: RETRY_MS } });
  // The tests send (drain) themselves: the app's own scheduler would race them for the same rows.
  await app.ready();
  await app.engine.scheduler.stop();
  admin = await app.as('tenant_admin');
  tenantId = admin.territories[0]!.tenant_id;
  projectId = (await app.as('member')).territories[0]!.projects[0]!.project_id;
  for (const u of await app.ctx.db.selectFrom('users').select(['id', 'account']).execute()) userId[u.account] = u.id;
});
afterAll(async () => {
  await app.close();
  await http.close();
  await smtp.close();
});

const inProject = { tenant: undefined as string | undefined, project: undefined as string | undefined };
async function req(c: Client, method: string, url: string, payload?: object) {
  return c.req({ method: method as 'GET', url, payload, tenant: inProject.tenant ?? tenantId, project: inProject.project ?? projectId });
}
/** Sends what is due, and waits for sends the app's own scheduler has claimed meanwhile (SKIP LOCKED). */
async function drain() {
  for (;;) {
    while ((await app.ctx.notifications.runDue()) > 0) {
      /* until nothing is due */
    }
    // a row the app's scheduler is claiming right now was skipped (locked) and still reads as due
    const inFlight = await app.ctx.db
      .selectFrom('notify_deliveries')
      .select('id')
      .where((eb) => eb.or([eb('state', '=', 'sending'), eb.and([eb('state', '=', 'queued'), eb('next_at', '<=', new Date())])]))
      .execute();
    if (!inFlight.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
/** The user's own switches for alarm messages (PUT /site_messages/settings). */
const alarmSettings = (c: Client, on: { site: boolean; email: boolean; push: boolean; chat: boolean }) =>
  c.req({ method: 'PUT', url: '/api/v1/site_messages/settings', payload: { settings: [{ category: 'alarm', ...on }] } });
async function addChannel(body: object) {
  const res = await req(admin, 'POST', '/api/v1/notify-channels', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const alarm = (userIds: string[], ref = 'a'.repeat(32)) => ({
  tenantId,
  projectId,
  userIds,
  category: 'alarm' as const,
  messageKey: 'notify:message.test',
  params: { name: 'web-01 CPU', user: '告警策略' },
  link: `/monitorAlarm?alarm=${ref}`,
  refId: ref,
  actions: [{ key: 'acknowledge', path: `/monitorAlarm?alarm=${ref}&ack=1` }],
});

describe('notification channels (robots per project)', () => {
  it('validates, seals and masks: https or loopback http only, the secret never answered', async () => {
    const bad = await req(admin, 'POST', '/api/v1/notify-channels', { type: 'wecom', name: '值班群', url: 'http://example.com/hook' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('https');
    expect((await req(admin, 'POST', '/api/v1/notify-channels', { type: 'slack', name: 'x', url: 'https://a.example/x' })).statusCode).toBe(400);
    expect((await req(admin, 'POST', '/api/v1/notify-channels', { type: 'wecom', name: '', url: 'https://a.example/x' })).statusCode).toBe(400);
    const ch = await addChannel({
      type: 'dingtalk',
      name: '钉钉值班群',
      url: 'https://oapi.dingtalk.com/robot/send?access_token=abcdef1234567890secret',
      secret: 'SECabc123',
    });
    expect(ch.url).toBe('https://oapi.dingtalk.com/robot/send?access_token=ab****et');
    expect(JSON.stringify(ch)).not.toContain('SECabc123');
    expect(JSON.stringify(ch)).not.toContain('abcdef1234567890');
    expect(ch).toMatchObject({ has_secret: true, state: 'untested', enabled: true });
    const row = await app.ctx.db.selectFrom('notify_channels').selectAll().where('id', '=', ch.id).executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain('SECabc123');
    // an edit without URL/secret keeps them; a project member may read but not change
    const renamed = await req(admin, 'PUT', `/api/v1/notify-channels/${ch.id}`, { name: '钉钉群（新）' });
    expect(renamed.json()).toMatchObject({ name: '钉钉群（新）', has_secret: true, url: ch.url });
    const member = await app.as('member');
    const list = await req(member, 'GET', '/api/v1/notify-channels');
    expect(list.json()).toMatchObject({ can_manage: false });
    expect(list.json().data.map((c: { id: string }) => c.id)).toContain(ch.id);
    expect((await req(member, 'POST', '/api/v1/notify-channels', { type: 'wecom', name: 'x', url: 'https://a.example/x' })).statusCode).toBe(403);
    expect((await req(member, 'DELETE', `/api/v1/notify-channels/${ch.id}`)).statusCode).toBe(403);
    expect((await req(admin, 'DELETE', `/api/v1/notify-channels/${ch.id}`)).statusCode).toBe(200);
  });

  it('is invisible to another tenant and another project', async () => {
    const ch = await addChannel({ type: 'wecom', name: '隔离测试', url: `${http.base}/wecom/iso` });
    const fin = await app.as('fin_admin');
    const finScope = { tenant: fin.territories[0]!.tenant_id, project: fin.territories[0]!.projects[0]!.project_id };
    const theirs = await fin.req({ method: 'GET', url: '/api/v1/notify-channels', ...finScope });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.map((c: { id: string }) => c.id)).not.toContain(ch.id);
    for (const [method, url] of [
      ['PUT', `/api/v1/notify-channels/${ch.id}`],
      ['DELETE', `/api/v1/notify-channels/${ch.id}`],
      ['POST', `/api/v1/notify-channels/${ch.id}/test`],
    ] as const)
      expect((await fin.req({ method, url, payload: { name: 'x' }, ...finScope })).statusCode).toBe(404);
    // fin_admin naming our tenant: 404 (not theirs)
    expect((await fin.req({ method: 'GET', url: '/api/v1/notify-channels', tenant: tenantId, project: projectId })).statusCode).toBe(404);
    // another project of the same tenant does not list it
    const other = admin.territories[0]!.projects.find((p) => p.project_id !== projectId)!.project_id;
    const there = await admin.req({ method: 'GET', url: '/api/v1/notify-channels', project: other });
    expect(there.json().data.map((c: { id: string }) => c.id)).not.toContain(ch.id);
    await req(admin, 'DELETE', `/api/v1/notify-channels/${ch.id}`);
  });

  it('sends a test message on the button: WeCom, DingTalk signed, Feishu signed; a refusal shows as failing', async () => {
    const wecom = await addChannel({ type: 'wecom', name: '企业微信群', url: `${http.base}/wecom/t?key=k1` });
    const ding = await addChannel({ type: 'dingtalk', name: '钉钉群', url: `${http.base}/dingtalk/t?access_token=tok`, secret: 'SEC-ding' });
    const feishu = await addChannel({ type: 'feishu', name: '飞书群', url: `${http.base}/feishu/t`, secret: 'fs-secret' });
    for (const ch of [wecom, ding, feishu]) {
      const res = await req(admin, 'POST', `/api/v1/notify-channels/${ch.id}/test`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, error: null, channel: { state: 'ok' } });
    }
    const w = http.on('/wecom/t').at(-1)!;
    expect(w.json().msgtype).toBe('markdown');
    expect(w.json().markdown.content).toContain('企业微信群');
    expect(w.json().markdown.content).toContain(`${PUBLIC}/notifyChannels`);
    const d = http.on('/dingtalk/t').at(-1)!;
    const ts = d.query.get('timestamp')!;
    expect(d.query.get('access_token')).toBe('tok');
    expect(d.query.get('sign')).toBe(createHmac('sha256', 'SEC-ding').update(`${ts}\nSEC-ding`).digest('base64'));
    expect(Math.abs(Number(ts) - Date.now())).toBeLessThan(60_000);
    const f = http.on('/feishu/t').at(-1)!.json();
    expect(f.sign).toBe(createHmac('sha256', `${f.timestamp}\nfs-secret`).update('').digest('base64'));
    expect(f.msg_type).toBe('post');
    expect(JSON.stringify(f.content)).toContain('飞书群');

    const refused = await addChannel({ type: 'dingtalk', name: '签名错误群', url: `${http.base}/dingtalk/t?refuse=1`, secret: 'wrong' });
    const res = await req(admin, 'POST', `/api/v1/notify-channels/${refused.id}/test`);
    expect(res.json()).toMatchObject({ ok: false, error: '310000 sign not match', channel: { state: 'failed', last_error: '310000 sign not match' } });
    expect(res.json().channel.last_error_at).toBeTruthy();
    for (const ch of [wecom, ding, feishu, refused]) await req(admin, 'DELETE', `/api/v1/notify-channels/${ch.id}`);
  });
});

describe('one notification on every channel', () => {
  it('reaches site message, Web Push (aes128gcm + VAPID), e-mail and the robots, each with the deep link and acknowledge link', async () => {
    const oncall = await app.as('oncall');
    const keys = pushKeys();
    const vapid = (await oncall.req({ method: 'GET', url: '/api/v1/push/vapid-public-key' })).json().public_key as string;
    expect(vapid).toMatch(/^[\w-]{80,90}$/);
    const endpoint = `${http.base}/push/device-1`;
    const sub = await oncall.req({ method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
    expect(sub.statusCode).toBe(201);
    // the private VAPID key is sealed, and both processes of a deployment read the same pair
    const stored = await app.ctx.db.selectFrom('server_keys').select('value').where('name', '=', 'vapid_v1').executeTakeFirstOrThrow();
    expect(stored.value).toContain(vapid);
    expect(JSON.parse(stored.value).sealed).toMatch(/^v1:/);

    const robots = [
      await addChannel({ type: 'wecom', name: 'W', url: `${http.base}/wecom/all` }),
      await addChannel({ type: 'dingtalk', name: 'D', url: `${http.base}/dingtalk/all`, secret: 'S1' }),
      await addChannel({ type: 'feishu', name: 'F', url: `${http.base}/feishu/all` }),
    ];
    const mailsBefore = smtp.mails.length;
    await app.ctx.notify.notify(alarm([userId.oncall!, userId.member!], 'b'.repeat(32)));
    // the site messages are there at once
    const inbox = (await oncall.req({ method: 'GET', url: '/api/v1/site_messages?category=alarm', tenant: null, project: null })).json();
    expect(inbox.data[0]).toMatchObject({ category: 'alarm', link: `/monitorAlarm?alarm=${'b'.repeat(32)}`, status: 'unread' });
    await drain();

    const link = `${PUBLIC}/monitorAlarm?alarm=${'b'.repeat(32)}`;
    const ack = `${link}&ack=1`;
    // Only this notification's rows and mails: the scheduler's alarm evaluator may notify the demo's
    // receivers at any time meanwhile (it did on a loaded machine).
    const ours = (message: unknown) => JSON.stringify(message).includes('b'.repeat(32));
    const pushRow = (await app.ctx.db.selectFrom('notify_deliveries').select(['state', 'last_error', 'message']).where('channel', '=', 'push').execute())
      .filter((r) => ours(r.message))
      .map(({ state, last_error }) => ({ state, last_error }));
    expect(pushRow).toEqual([{ state: 'sent', last_error: null }]);
    const pushes = http.on('/push/device-1').filter((p) => p.headers['content-encoding'] === 'aes128gcm' && JSON.parse(decryptPush(p.body, keys)).url === link);
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.headers.ttl).toBeDefined();
    expect(checkVapid(push.headers.authorization, http.base).publicKey).toBe(vapid);
    expect(push.body.toString('utf8')).not.toContain('web-01');
    const shown = JSON.parse(decryptPush(push.body, keys));
    expect(shown).toMatchObject({ title: '云枢通知测试', url: link, category: 'alarm' });
    expect(shown.body).toContain('web-01 CPU');
    expect(shown.actions).toEqual([{ action: 'acknowledge', title: '确认告警', url: ack }]);

    const mails = smtp.mails.slice(mailsBefore).filter((m) => (m.text || '').includes('b'.repeat(32)));
    expect(mails.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual(['chenchen@huadong-mfg.example.cn', 'oncall@yunshu.example.cn']);
    expect(mails[0]!.subject).toBe('云枢通知测试');
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.html).toContain(ack.replace(/&/g, '&amp;'));

    const robotPosts = (path: string) => http.on(path).filter((r) => JSON.stringify(r.json()).includes('b'.repeat(32)));
    expect(robotPosts('/wecom/all')).toHaveLength(1);
    expect(robotPosts('/wecom/all')[0]!.json().markdown.content).toContain(ack);
    expect(robotPosts('/dingtalk/all')[0]!.json().markdown.text).toContain(link);
    expect(JSON.stringify(robotPosts('/feishu/all')[0]!.json())).toContain(ack);
    const states = (await app.ctx.db.selectFrom('notify_deliveries').select(['channel', 'state', 'message']).where('category', '=', 'alarm').execute()).filter(
      (r) => ours(r.message),
    );
    expect(states.length).toBe(1 + 2 + 3);
    expect(states.every((s) => s.state === 'sent')).toBe(true);
    for (const r of robots) await req(admin, 'DELETE', `/api/v1/notify-channels/${r.id}`);
  });

  it("honours each user's per-category settings (site / e-mail / push / robot)", async () => {
    const member = await app.as('member');
    const got = (await member.req({ method: 'GET', url: '/api/v1/site_messages/settings', tenant: null, project: null })).json();
    expect(got).toMatchObject({ email_enabled: true, has_email: true });
    expect(got.data).toHaveLength(5);
    expect(got.data.find((s: { category: string }) => s.category === 'alarm')).toEqual({ category: 'alarm', site: true, email: true, push: true, chat: true });
    expect(
      (await member.req({ method: 'PUT', url: '/api/v1/site_messages/settings', payload: { settings: [{ category: 'alarm', site: 'yes' }] } })).statusCode,
    ).toBe(400);
    const saved = await alarmSettings(member, { site: false, email: false, push: true, chat: false });
    expect(saved.statusCode).toBe(200);
    const oncall = await app.as('oncall');
    await alarmSettings(oncall, { site: true, email: true, push: false, chat: false });
    const robot = await addChannel({ type: 'wecom', name: 'R', url: `${http.base}/wecom/settings` });
    const mailsBefore = smtp.mails.length;
    const pushesBefore = http.on('/push/device-1').length;
    const ref = 'c'.repeat(32);
    await app.ctx.notify.notify(alarm([userId.oncall!, userId.member!], ref));
    await drain();
    const refs = await app.ctx.db.selectFrom('site_messages').select('user_id').where('ref_id', '=', ref).execute();
    expect(refs.map((r) => r.user_id)).toEqual([userId.oncall]);
    expect(smtp.mails.slice(mailsBefore).map((m) => m.to && 'text' in m.to && m.to.text)).toEqual(['oncall@yunshu.example.cn']);
    expect(http.on('/push/device-1').length).toBe(pushesBefore);
    // nobody concerned keeps 群机器人 on for alarms: the robot stays quiet
    expect(http.on('/wecom/settings')).toHaveLength(0);
    // a billing message is not touched by the alarm settings
    await app.ctx.notify.notify({ ...alarm([userId.member!], 'd'.repeat(32)), category: 'billing' });
    await drain();
    expect(http.on('/wecom/settings')).toHaveLength(1);
    await req(admin, 'DELETE', `/api/v1/notify-channels/${robot.id}`);
    await alarmSettings(member, { site: true, email: true, push: true, chat: true });
    await alarmSettings(oncall, { site: true, email: true, push: true, chat: true });
  });

  it('sends several notifications at once exactly as it sends each alone (an alarm storm)', async () => {
    const member = await app.as('member');
    await alarmSettings(member, { site: false, email: false, push: true, chat: false });
    const robot = await addChannel({ type: 'wecom', name: 'R', url: `${http.base}/wecom/many` });
    const ids = (c: string) => c.repeat(32);
    const what = (ref: string) => [
      alarm([userId.oncall!, userId.member!], ref),
      { ...alarm([userId.member!], ref), category: 'billing' as const },
      { ...alarm([userId.member!], ref), projectId: null },
    ];
    const sent = async (ref: string) => {
      const site = await app.ctx.db.selectFrom('site_messages').select(['user_id', 'category']).where('ref_id', '=', ref).execute();
      const out = await app.ctx.db
        .selectFrom('notify_deliveries')
        .select(['user_id', 'channel', 'target_id', 'category', 'project_id'])
        .where(sql<boolean>`message::text like ${`%${ref}%`}`)
        .execute();
      const key = (r: object) => JSON.stringify(Object.values(r));
      return { site: site.map(key).sort(), out: out.map(key).sort() };
    };
    // One by one (three refs), then the same three at once (three other refs).
    const alone = ['1', '2', '3'].map(ids);
    const many = ['4', '5', '6'].map(ids);
    for (const [i, ref] of alone.entries()) await app.ctx.notify.notify(what(ref)[i]!);
    await app.ctx.notify.notifyMany(many.map((ref, i) => what(ref)[i]!));
    for (let i = 0; i < 3; i++) expect(await sent(many[i]!)).toEqual(await sent(alone[i]!));
    // What that is: the member keeps only push for alarms, the robot hears the project's alarm once
    // (oncall keeps 群机器人 on), and a message without a project reaches no robot.
    const first = await sent(many[0]!);
    expect(first.site).toEqual([JSON.stringify([userId.oncall, 'alarm'])]);
    expect(first.out.filter((r) => r.includes('"wecom"'))).toEqual([JSON.stringify([null, 'wecom', robot.id, 'alarm', projectId])]);
    expect(first.out.some((r) => r.startsWith(JSON.stringify([userId.member, 'email'])))).toBe(false);
    expect((await sent(many[1]!)).site).toEqual([JSON.stringify([userId.member, 'billing'])]);
    expect((await sent(many[2]!)).out.some((r) => r.includes('"wecom"'))).toBe(false);
    await drain();
    await req(admin, 'DELETE', `/api/v1/notify-channels/${robot.id}`);
    await alarmSettings(member, { site: true, email: true, push: true, chat: true });
  });

  it('retries a failing receiver with doubling back-off, shows the channel as failing, and recovers', async () => {
    const ch = await addChannel({ type: 'feishu', name: '不稳定的群', url: `${http.base}/feishu/flaky` });
    http.failNext('/feishu/flaky', 2);
    await app.ctx.notify.notify({ ...alarm([], 'e'.repeat(32)), category: 'system' });
    const delivery = () => app.ctx.db.selectFrom('notify_deliveries').selectAll().where('target_id', '=', ch.id).executeTakeFirstOrThrow();
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const before = Date.now();
      await drain();
      const d = await delivery();
      expect(d).toMatchObject({ state: 'queued', attempts: attempt, last_error: 'HTTP 500' });
      gaps.push(new Date(d.next_at).getTime() - before);
      const shown = (await req(admin, 'GET', '/api/v1/notify-channels')).json().data.find((c: { id: string }) => c.id === ch.id);
      expect(shown).toMatchObject({ state: 'failed', last_error: 'HTTP 500' });
      expect(shown.last_error_at).toBeTruthy();
      // nothing is sent before its time
      await drain();
      expect((await delivery()).attempts).toBe(attempt);
      await app.ctx.db
        .updateTable('notify_deliveries')
        .set({ next_at: new Date(Date.now() - 1) })
        .where('id', '=', d.id)
        .execute();
    }
    expect(gaps[0]).toBeGreaterThanOrEqual(RETRY_MS);
    expect(gaps[0]).toBeLessThan(RETRY_MS * 2);
    expect(gaps[1]).toBeGreaterThanOrEqual(RETRY_MS * 2);
    expect(gaps[1]).toBeLessThan(RETRY_MS * 4);
    await drain();
    expect(await delivery()).toMatchObject({ state: 'sent', attempts: 3 });
    expect(http.on('/feishu/flaky')).toHaveLength(3);
    const shown = (await req(admin, 'GET', '/api/v1/notify-channels')).json().data.find((c: { id: string }) => c.id === ch.id);
    expect(shown.state).toBe('ok');

    // a receiver that never recovers: given up after MAX_ATTEMPTS
    http.failNext('/feishu/flaky', 100);
    await app.ctx.notify.notify({ ...alarm([], 'f'.repeat(32)), category: 'system' });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drain();
      await app.ctx.db
        .updateTable('notify_deliveries')
        .set({ next_at: new Date(Date.now() - 1) })
        .where('target_id', '=', ch.id)
        .where('state', '=', 'queued')
        .execute();
    }
    const last = await app.ctx.db
      .selectFrom('notify_deliveries')
      .selectAll()
      .where('target_id', '=', ch.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    await req(admin, 'DELETE', `/api/v1/notify-channels/${ch.id}`);
  });

  it('keeps push subscriptions per device and user; a gone subscription is dropped', async () => {
    const oncall = await app.as('oncall');
    const member = await app.as('member');
    const keys = pushKeys();
    expect((await oncall.req({ method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint: 'http://evil.example/x', keys } })).statusCode).toBe(
      400,
    );
    const endpoint = `${http.base}/push/device-2`;
    await oncall.req({ method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
    // member cannot remove oncall's device
    expect((await member.req({ method: 'DELETE', url: '/api/v1/push/subscriptions', payload: { endpoint } })).statusCode).toBe(404);
    expect((await oncall.req({ method: 'GET', url: '/api/v1/push/subscriptions' })).json().data).toHaveLength(2);
    expect((await oncall.req({ method: 'DELETE', url: '/api/v1/push/subscriptions', payload: { endpoint } })).statusCode).toBe(200);
    expect((await oncall.req({ method: 'GET', url: '/api/v1/push/subscriptions' })).json().data).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint, keys } })).statusCode).toBe(401);
  });
});

describe('the message centre', () => {
  it('lists by category, opens, marks read, marks all read, deletes; only the owner', async () => {
    const member = await app.as('member');
    const approver = await app.as('approver');
    const none = { tenant: null, project: null };
    await app.ctx.notify.notify({ ...alarm([userId.member!], '1'.repeat(32)), category: 'workorder' });
    await app.ctx.notify.notify({ ...alarm([userId.member!], '2'.repeat(32)), category: 'billing' });
    const count = async () => (await member.req({ method: 'GET', url: '/api/v1/site_messages/unread_count', ...none })).json();
    const start = await count();
    expect(start.by_category.workorder).toBeGreaterThanOrEqual(1);
    expect(start.by_category.billing).toBeGreaterThanOrEqual(1);
    const wo = (await member.req({ method: 'GET', url: '/api/v1/site_messages?category=workorder&status=unread', ...none })).json();
    expect(wo.data.every((m: { category: string }) => m.category === 'workorder')).toBe(true);
    const id = wo.data[0].id as string;
    const detail = await member.req({ method: 'GET', url: `/api/v1/site_messages/${id}`, ...none });
    expect(detail.json()).toMatchObject({ id, title: '云枢通知测试', status: 'unread' });
    expect((await approver.req({ method: 'GET', url: `/api/v1/site_messages/${id}`, ...none })).statusCode).toBe(404);
    expect((await approver.req({ method: 'DELETE', url: `/api/v1/site_messages/${id}`, ...none })).statusCode).toBe(404);
    expect((await approver.req({ method: 'POST', url: `/api/v1/site_messages/${id}/read`, ...none })).statusCode).toBe(404);
    const read = await member.req({ method: 'POST', url: `/api/v1/site_messages/${id}/read`, ...none });
    expect(read.json().unread_count).toBe(start.count - 1);
    // bulk delete takes only the caller's messages
    const theirs = (await approver.req({ method: 'GET', url: '/api/v1/site_messages?__limit=1', ...none })).json().data[0].id as string;
    const del = await member.req({ method: 'POST', url: '/api/v1/site_messages/delete', payload: { ids: [id, theirs] }, ...none });
    expect(del.json().count).toBe(1);
    expect((await approver.req({ method: 'GET', url: `/api/v1/site_messages/${theirs}`, ...none })).statusCode).toBe(200);
    expect((await member.req({ method: 'GET', url: `/api/v1/site_messages/${id}`, ...none })).statusCode).toBe(404);
    expect((await member.req({ method: 'POST', url: '/api/v1/site_messages/delete', payload: { ids: ['x'] }, ...none })).statusCode).toBe(400);
    await member.req({ method: 'POST', url: '/api/v1/site_messages/read_all', ...none });
    expect((await count()).count).toBe(0);
    expect((await approver.req({ method: 'GET', url: '/api/v1/site_messages/unread_count', ...none })).json().count).toBeGreaterThan(0);
  });
});
