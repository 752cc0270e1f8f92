// The message centre, the notification channels and the operation log end to end. At 375×740: the
// requester of a pending approval watches the bell while the approver approves it elsewhere (the
// unread badge moves live, the message appears), opens it, marks all read (the badge empties);
// the tenant admin adds a WeCom robot pointing at a stand-in receiver started here, sends a test
// message (正常), and finds the approval decision in the operation log. At 1280×800 one visit of
// the message centre (split view) and of the log (table).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
let receiver: http.Server;
const hooks: { path: string; body: any }[] = [];
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function api(account: string) {
  const login = (await (
    await fetch(`${baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: DEMO_PASSWORD }),
    })
  ).json()) as { token: string };
  return async (method: string, url: string, body?: object, scope: Record<string, string> = {}) => {
    const res = await fetch(`${baseURL}${url}`, {
      method,
      headers: { 'x-auth-token': login.token, ...(body ? { 'content-type': 'application/json' } : {}), ...scope },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as any };
  };
}

/** A pending request the approver decides last (so approving it tells its requester), by `member`. */
async function pendingFromMember() {
  const approver = await api('approver');
  const inbox = (await approver('GET', '/api/v1/approvals?scope=mine&status=pending&__limit=200')).json.data as any[];
  const found = inbox.filter((r) => r.can_decide && r.requester.account === 'member' && r.current_level === r.level_count);
  if (found.length < 2) throw new Error('not enough pending member requests at their last level');
  return { approver, requests: found };
}

const badge = (page: Page) => page.locator('[data-testid="unread-badge"]:visible').first();
const badgeText = async (page: Page) =>
  (await badge(page).locator('.adm-badge-content').count()) ? ((await badge(page).locator('.adm-badge-content').textContent()) ?? '') : '';

const shown = (n: number) => (n > 0 ? (n >= 99 ? '99+' : String(n)) : '');
/**
 * The bell shows the server's unread count, live (at least `atLeast`). The server is shared with the
 * shard's other files, whose background work may add a message to the member meanwhile, so the bell
 * is compared with the server's count, not with a count taken earlier.
 */
async function bellMatches(page: Page, member: Awaited<ReturnType<typeof api>>, atLeast = 0) {
  await expect
    .poll(
      async () => {
        const n = (await member('GET', '/api/v1/site_messages/unread_count')).json.count as number;
        return n >= atLeast && (await badgeText(page)) === shown(n);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe('message centre and operation log at phone', () => {
  it('moves the badge live, opens a message, marks all read; robots and the log', async () => {
    const { approver, requests } = await pendingFromMember();
    const one = requests[0];
    const member = await api('member');
    const page = await newPage(browser, 'phone');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, baseURL, 'member');
    await page.goto(`${baseURL}/siteMessages/unread`);
    await page.locator('[data-page="siteMessages_unread"]').waitFor();
    const before = (await member('GET', '/api/v1/site_messages/unread_count')).json.count as number;
    await bellMatches(page, member);

    // the approver approves elsewhere: the requester's bell and list move without a reload
    const decided = await approver(
      'POST',
      `/api/v1/approvals/${one.id}/approve`,
      { comment: '同意' },
      { 'x-tenant-id': one.tenant_id, 'x-project-id': one.project_id },
    );
    expect(decided.status).toBe(200);
    await bellMatches(page, member, before + 1);
    // The message names the request in a sentence of the reader's language (「云硬盘 erp-disk-01 扩容至 200 GB」),
    // never its stored title (「erp-disk-01 size=200」): found by the resource's name.
    const nameOf = (title: string) => title.split(' ')[0]!;
    const fresh = page.locator('[data-testid="msg-item"][data-status="unread"]', { hasText: nameOf(one.title) }).first();
    await fresh.waitFor({ timeout: 15_000 });
    expect(await fresh.textContent()).not.toMatch(/=|\(instance\)|quota_/);
    await screenshot(page, 'notify-phone-messages');

    await fresh.click();
    await page.locator('[data-page="siteMessagesDetail"] [data-testid="message-detail"]').waitFor();
    await expect.poll(() => page.locator('.ys-msg-detail__title').textContent()).toBe('审批已通过');
    await bellMatches(page, member);
    await screenshot(page, 'notify-phone-message-detail');

    await page.goBack();
    await page.locator('[data-page="siteMessages_unread"]').waitFor();
    // the second request approved elsewhere: one more unread, live again, then 全部已读 empties the bell
    const second = requests[1];
    await approver('POST', `/api/v1/approvals/${second.id}/approve`, {}, { 'x-tenant-id': second.tenant_id, 'x-project-id': second.project_id });
    await page
      .locator('[data-testid="msg-item"][data-status="unread"]', { hasText: nameOf(second.title) })
      .first()
      .waitFor({ timeout: 15_000 });
    await bellMatches(page, member, 1);
    await page.locator('[data-testid="msg-read-all"]').click();
    await expect.poll(() => badgeText(page)).toBe('');
    await page.locator('.ys-msg-empty', { hasText: '没有未读消息' }).waitFor();
    await page.locator('.adm-tabs-tab', { hasText: '全部' }).first().click();
    await page.locator('[data-page="siteMessages_all"] [data-testid="msg-item"]').first().waitFor();
    await screenshot(page, 'notify-phone-messages-all');
    await page.locator('[data-testid="msg-settings"]').click();
    await page.locator('[data-page="siteMessasgesSet"] [data-testid="notify-settings"]').waitFor();
    await screenshot(page, 'notify-phone-settings');
    expect(errors).toEqual([]);
    await page.context().close();

    // the tenant admin: a robot with a test message, then the log
    const admin = await newPage(browser, 'phone');
    await signIn(admin, baseURL, 'tenant_admin');
    await admin.goto(`${baseURL}/notifyChannels`);
    await admin.locator('[data-page="notifyChannels"] [data-testid="channel-add"]').click();
    await admin.locator('[data-testid="channel-name"] input').fill('运维值班群');
    await admin.locator('[data-testid="channel-url"] input').fill('http://example.com/hook');
    await admin.locator('[data-testid="channel-save"]').click();
    await admin.locator('.adm-form-item-feedback-error', { hasText: 'https' }).waitFor();
    const port = (receiver.address() as AddressInfo).port;
    await admin.locator('[data-testid="channel-url"] input').fill(`http://127.0.0.1:${port}/cgi-bin/webhook/send?key=e2e-secret-key-0001`);
    await admin.locator('[data-testid="channel-save"]').click();
    const card = admin.locator('[data-testid="channel-card"]', { hasText: '运维值班群' });
    await card.waitFor();
    await expect.poll(() => card.locator('[data-testid="channel-state"]').textContent()).toBe('未发送过');
    expect(await card.textContent()).not.toContain('e2e-secret-key-0001');
    await card.locator('[data-testid="channel-test"]').click();
    await expect.poll(() => card.locator('[data-testid="channel-state"]').textContent()).toMatch(/^正常 · 最近成功：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(hooks.at(-1)!.body.markdown.content).toContain('运维值班群');
    await screenshot(admin, 'notify-phone-channels');

    await admin.goto(`${baseURL}/logManage`);
    await admin.locator('[data-page="logManage"] [data-testid="oplog-line"]').first().waitFor();
    await admin.locator('[data-testid="oplog-filters-open"]').click();
    await admin.locator('[data-testid="oplog-resource"]').fill(one.id);
    await admin.locator('[data-testid="oplog-search"]').click();
    // (the demo log also holds the request's earlier level, decided by the tenant's administrator)
    const line = admin.locator('[data-testid="oplog-line"]', { hasText: '通过审批' }).filter({ hasText: '审批人 张伟（approver）' });
    await line.waitFor();
    expect(await line.textContent()).toContain('审批人 张伟（approver）');
    // the decision is named as the message centre names it (its sentence, which names the resource)
    expect(await line.textContent()).toContain(String(one.title).split(' ')[0]);
    expect(await line.textContent()).toContain('成功');
    // the request's id is behind a copy button, never shown as 32 hex digits
    expect(await line.textContent()).not.toMatch(/[0-9a-f]{32}/);
    await line.getByRole('button', { name: '复制 ID' }).waitFor();
    await screenshot(admin, 'notify-phone-oplog');
    await admin.context().close();
  });
});

describe('message centre and operation log at desktop', () => {
  it('shows a message beside the list, and the log as a table', async () => {
    const page = await newPage(browser, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, baseURL, 'member');
    await page.goto(`${baseURL}/siteMessages/all`);
    const first = page.locator('[data-page="siteMessages_all"] [data-testid="msg-item"]').first();
    await first.click();
    await page.locator('[data-testid="message-detail"]').waitFor();
    await screenshot(page, 'notify-desktop-messages');
    await page.context().close();

    const admin = await newPage(browser, 'desktop');
    admin.on('pageerror', (e) => errors.push(e.message));
    await signIn(admin, baseURL, 'tenant_admin');
    await admin.goto(`${baseURL}/logManage`);
    await admin.locator('[data-page="logManage"] table [data-testid="oplog-line"]').first().waitFor();
    // the side menu and the top bar's pickers arrive after the first screen
    await admin.locator('[data-testid="project-picker"]:visible').first().waitFor();
    await admin.locator('.ys-desk__side a', { hasText: '控制台首页' }).first().waitFor();
    expect(await admin.locator('[data-page="logManage"] table').textContent()).not.toMatch(/[0-9a-f]{32}/);
    await screenshot(admin, 'notify-desktop-oplog');
    expect(errors).toEqual([]);
    await admin.context().close();
  });
});

describe('message centre and channels at tablet', () => {
  it('shows the list beside the open message, and the robots in two columns', async () => {
    const page = await newPage(browser, 'tablet');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, baseURL, 'tenant_admin');
    await page.goto(`${baseURL}/siteMessages/all`);
    await page.locator('[data-page="siteMessages_all"] [data-testid="msg-item"]').first().click();
    await page.locator('[data-testid="message-detail"]').waitFor();
    await screenshot(page, 'notify-tablet-messages');
    // a robot of the project, whether or not the phone test above got as far as adding one
    const admin = await api('tenant_admin');
    const first = (await admin('GET', '/api/v1/auth/territories')).json.data[0];
    const scope = { 'x-tenant-id': first.tenant_id, 'x-project-id': first.projects[0].project_id };
    if (!(await admin('GET', '/api/v1/notify-channels', undefined, scope)).json.data.length) {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cgi-bin/webhook/send?key=e2e-tablet-0001`;
      expect((await admin('POST', '/api/v1/notify-channels', { type: 'wecom', name: '平板值班群', url }, scope)).status).toBe(201);
    }
    await page.goto(`${baseURL}/notifyChannels`);
    await page.locator('[data-page="notifyChannels"] [data-testid="channel-card"]').first().waitFor();
    await screenshot(page, 'notify-tablet-channels');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
