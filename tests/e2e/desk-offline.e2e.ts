// The service desk on a phone (375×740, Chromium): offline, a work order with a camera photo
// (compressed in the browser) and a feedback wait in the outbox; on reconnect each lands exactly
// once with its attachment (checked through the API as the operations side); `oncall` replies and
// proposes a solution; the user confirms it and rates the work order. Plus the list and detail at
// 1280×800.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { apiAs, outboxStates, shot, type Api } from './approvals-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');
let ops: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  ops = await apiAs(baseURL, 'oncall');
});
afterAll(async () => {
  await browser?.close();
});

/** A large camera-like PNG drawn in the page (a gradient with grain), as the bytes a camera would hand over. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 2400;
    c.height = 1800;
    const g = c.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 2400, 1800);
    grad.addColorStop(0, '#2d6cdf');
    grad.addColorStop(1, '#f2b441');
    g.fillStyle = grad;
    g.fillRect(0, 0, 2400, 1800);
    for (let i = 0; i < 60000; i++) {
      g.fillStyle = `rgba(${(i * 37) % 255},${(i * 91) % 255},${(i * 53) % 255},0.35)`;
      g.fillRect((i * 7919) % 2400, (i * 104729) % 1800, 3, 3);
    }
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

/** Visits the screens once while online so their code is in (tests run without the service worker's precache). */
async function warm(page: Page, paths: string[], last: string): Promise<void> {
  for (const p of paths) {
    await page.goto(`${baseURL}${p}`);
    await page.locator(`[data-page]`).first().waitFor();
  }
  await page.goto(`${baseURL}${last}`);
}

describe('service desk offline, exactly once', () => {
  it('queues a feedback and a work order with a photo offline, lands each once, oncall replies, the user rates', async () => {
    const page = await newPage(browser, 'phone');
    const context = page.context();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const stamp = Date.now() % 100000;
    const title = `离线工单 ${stamp}`;
    const feedbackText = `离线反馈：希望工单支持语音描述 ${stamp}`;
    try {
      await signIn(page, baseURL, 'tenant_admin');
      // Online once: the screens' code and the form's choices (kept in the offline store).
      await warm(page, ['/workorderList', '/opinionList', '/accountinfo', '/outbox'], '/workorderAdd');
      const warmForm = page.locator('[data-page="workorderAdd"]');
      await warmForm.locator('[data-testid="workorder-type"] .adm-selector-item').first().click();
      await warmForm.getByText('选择描述模板').waitFor();
      await page.goto(`${baseURL}/opinionAdd`);
      await page.locator('[data-page="opinionAdd"] [data-testid="fb-content"]').waitFor();
      const photo = await cameraPhoto(page);
      expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);

      await context.setOffline(true);
      await page.waitForFunction(() => !navigator.onLine);

      // Feedback, offline.
      const fb = page.locator('[data-page="opinionAdd"]');
      await fb.getByPlaceholder('请写下您的意见或建议').fill(feedbackText);
      await fb.getByPlaceholder('您的姓名').fill('李娜');
      await fb.getByPlaceholder('11 位手机号').fill('13900000003');
      await fb.getByPlaceholder('用于接收处理结果').fill('lina@huadong-mfg.example.cn');
      await fb.locator('[data-testid="feedback-submit"]').click();
      await page.locator('[data-page="opinionList"] [data-testid="feedback-queued-card"]').first().waitFor();

      // Through 我的 to the work orders, still offline.
      await page.locator('.adm-tab-bar-item', { hasText: '我的' }).click();
      await page.locator('[data-page="accountinfo"] [data-testid="mine-workorders"]').click();
      await page.locator('[data-page="workorderList"] [data-testid="workorder-new"]').click();
      const form = page.locator('[data-page="workorderAdd"]');
      await form.locator('[data-testid="workorder-type"] .adm-selector-item').first().click();
      await form.getByPlaceholder('一句话描述问题，少于 32 个字').fill(title);
      await form.getByPlaceholder('联系人姓名，少于 8 个字').fill('李娜');
      await form.getByPlaceholder('11 位手机号').fill('139000000');
      await form.getByPlaceholder('用于接收处理结果').fill('lina@huadong-mfg.example.cn');
      await form.getByPlaceholder('请描述问题现象、发生时间和影响范围').fill('车间 3 号线的工控主机从早上开始无法远程登录，附现场照片。');
      // A wrong phone number is refused on the spot.
      await form.locator('[data-testid="workorder-submit"]').click();
      await form.getByText('请输入正确的手机号').waitFor();
      await form.getByPlaceholder('11 位手机号').fill('13900000003');
      await form.locator('[data-testid="wo-photo"]').setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: photo });
      await form.locator('[data-testid="wo-files"] img').waitFor();
      await expect(form.textContent()).resolves.toContain('已选 1 个附件');
      await shot(page, 'desk-workorder-add-phone', form.locator('[data-testid="wo-files"]'));
      await form.locator('[data-testid="workorder-submit"]').click();

      const list = page.locator('[data-page="workorderList"]');
      const queuedCard = list.locator('[data-testid="workorder-queued-card"]', { hasText: title });
      await queuedCard.waitFor();
      await expect(queuedCard.textContent()).resolves.toContain('附件已上传 0/1');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'desk-workorder-queued-phone');

      // Back online: both are sent, in order, each once.
      await context.setOffline(false);
      await expect
        .poll(async () => (await outboxStates(page)).filter((e) => e.ref === 'workorder:new' || e.ref === 'feedback:new').map((e) => e.state), {
          timeout: 30_000,
        })
        .toEqual(['sent', 'sent']);
      const found = (await ops.call('GET', `/api/v1/workorders?title=${encodeURIComponent(title)}`)).body;
      expect(found.count).toBe(1);
      const id = found.data[0].id as string;
      const detail = (await ops.call('GET', `/api/v1/workorders/${id}`)).body;
      expect(detail.attachments).toHaveLength(1);
      expect(detail.attachments[0].mime).toBe('image/jpeg');
      expect(detail.attachments[0].size).toBeLessThanOrEqual(2 * 1024 * 1024);
      const feedbacks = (await ops.call('GET', '/api/v1/opinions?__limit=1000')).body.data as { content: string }[];
      expect(feedbacks.filter((f) => f.content === feedbackText)).toHaveLength(1);

      // oncall answers and proposes a solution; the user sees the thread, confirms and rates.
      expect((await ops.call('POST', `/api/v1/workorders/${id}/replies`, { content: '您好，已远程重启 3 号线工控主机的 SSH 服务，请再试一次。' })).status).toBe(
        201,
      );
      expect((await ops.call('POST', `/api/v1/workorders/${id}/propose`, {})).body.status).toBe('to_confirm');
      await page.goto(`${baseURL}/workorderDetail/${id}`);
      const dp = page.locator('[data-page="workorderDetail"]');
      await dp.locator('[data-testid="wo-thread"]').getByText('已远程重启').waitFor();
      await dp.locator('[data-testid="wo-attachment"] img').waitFor();
      await shot(page, 'desk-workorder-detail-phone');
      await dp.locator('[data-testid="wo-confirm"]').click();
      await dp.locator('[data-testid="wo-rate"]').waitFor();
      await dp.locator('[data-testid="wo-rate"] .adm-rate-star').nth(4).tap();
      await dp.locator('[data-testid="wo-rate-submit"]').click();
      await dp.locator('[data-testid="wo-rated"]').waitFor();
      await shot(page, 'desk-workorder-rated-phone', dp.locator('[data-testid="wo-rated"]'));
      const after = (await ops.call('GET', `/api/v1/workorders/${id}`)).body;
      expect(after).toMatchObject({ status: 'resolved', rating: 5 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the list and a detail at 1280×800', async () => {
    const page = await newPage(browser, 'desktop');
    try {
      await signIn(page, baseURL, 'oncall');
      await page.goto(`${baseURL}/workorderList`);
      const list = page.locator('[data-page="workorderList"]');
      await list.locator('[data-testid="workorder-card"]').first().waitFor();
      await expect(list.textContent()).resolves.toContain('鑫泰金融控股');
      await shot(page, 'desk-workorder-list-desktop');
      await list.locator('[data-testid="workorder-card"]').first().click();
      await page.locator('[data-page="workorderDetail"] .ys-sd__fields').waitFor();
      await shot(page, 'desk-workorder-detail-desktop');
      await page.goto(`${baseURL}/opinionList`);
      await page.locator('[data-page="opinionList"] [data-testid="feedback-card"]').first().waitFor();
      await shot(page, 'desk-feedback-list-desktop');
    } finally {
      await page.context().close();
    }
  });
});
