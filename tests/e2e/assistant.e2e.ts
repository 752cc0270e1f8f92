// The assistant at 375×740 (issue 31, ADR 0065): signed in as tenant_admin, the AI panel answers a
// help question by quoting the article with a link that opens it, and "我有几台关机的云主机" with
// the number the host list gives for the console's tenant and project.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { eventually, here, revealHelpWidget, waitForDataPage } from './shell-helpers.ts';
import { STORAGE_KEYS } from '../../src/domain/session.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openAssistant(page: Page): Promise<Frame> {
  await revealHelpWidget(page);
  await page.locator('[data-testid="help-ai"]').click();
  await eventually(() => page.locator('[data-testid="ai-panel"]').getAttribute('data-state')).toBe('side');
  await eventually(() => page.frames().some((f) => f.url().includes('/aiassistant/'))).toBe(true);
  const frame = page.frames().find((f) => f.url().includes('/aiassistant/'))!;
  await frame.locator('.msg.bot', { hasText: '已识别您的登录身份' }).waitFor({ state: 'visible' });
  return frame;
}

async function ask(frame: Frame, question: string) {
  const before = await frame.locator('.msg.bot').count();
  await frame.locator('#input').fill(question);
  await frame.locator('#send').click();
  const reply = frame.locator('.msg.bot').nth(before);
  await reply.waitFor({ state: 'visible' });
  await eventually(() => reply.getAttribute('aria-busy')).toBeNull();
  return reply;
}

/** The stopped hosts of the console's own tenant and project, as the host list counts them. */
async function stoppedHosts(page: Page): Promise<number> {
  const s = await page.evaluate(
    (k) => ({ token: localStorage.getItem(k.token), tenant: localStorage.getItem(k.tenant), project: localStorage.getItem(k.project) }),
    STORAGE_KEYS,
  );
  const res = await page.request.get(`${baseURL}/api/instances?status=stopped&__limit=1`, {
    headers: { 'x-auth-token': s.token!, 'x-tenant-id': JSON.parse(s.tenant!).id, 'x-project-id': JSON.parse(s.project!).id },
  });
  return ((await res.json()) as { count: number }).count;
}

describe('assistant at phone', () => {
  it('answers a help question with a link to the article, and counts the stopped hosts', async () => {
    const page = await newPage(browser, 'phone');
    try {
      await signIn(page, baseURL, 'tenant_admin');
      await waitForDataPage(page, 'homeOperation');
      let frame = await openAssistant(page);

      const reply = await ask(frame, '硬盘扩容以后系统里看到的大小没变');
      await expect.poll(() => reply.textContent()).toContain('《云硬盘扩容后容量没有变化》');
      const link = reply.locator('a.source').first();
      expect(await link.textContent()).toBe('云硬盘扩容后容量没有变化');
      expect(await link.getAttribute('href')).toMatch(/^\/helpCenter\?id=[0-9a-f]{32}$/);
      // the link opens the article in the console; on a phone the panel closes to show it
      await link.click();
      await eventually(() => here(page)).toMatch(/^\/helpCenter\?id=/);
      await waitForDataPage(page, 'helpCenter');
      await eventually(() => page.locator('[data-testid="ai-panel"]').getAttribute('data-state')).toBe('hidden');
      await page.getByText('扩容只改变磁盘大小').first().waitFor({ state: 'visible' });

      frame = await openAssistant(page);
      const n = await stoppedHosts(page);
      const count = await ask(frame, '我有几台关机的云主机');
      await expect.poll(() => count.textContent()).toContain(`当前项目有 ${n} 台已关机的云主机。`);
      expect(await count.locator('a.source').getAttribute('href')).toBe('/ecsManage?status=stopped');
    } finally {
      await page.context().close();
    }
  });
});
