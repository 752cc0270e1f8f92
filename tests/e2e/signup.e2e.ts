// Registration, QR sign-in and the review of a real-name verification in a real browser (issue 12,
// ADR 0026). Its own server logs at info level with the captcha dev inbox on, so the test reads the
// captcha answer and the SMS code the embedded gateway "sent", as a person would read the screen
// and their phone.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.ts';
import { startServer, type StartedServer } from './server.ts';

let browser: Browser;
let server: StartedServer;
const SHOTS = '/tmp/signup-shots';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  [browser, server] = await Promise.all([launchBrowser(), startServer({ LOG_LEVEL: 'info', CAPTCHA_DEV_INBOX: 'true' })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
/** The answer of the captcha the page shows now (its id is in no DOM attribute: the newest issued). */
async function captchaAnswer(page: Page): Promise<string> {
  await page.locator('[data-testid="captcha-image"] img').waitFor();
  const answers = [...server.log().matchAll(/"captcha":\{"id":"([0-9a-f]{32})","answer":"([^"]+)"\}/g)];
  return answers.at(-1)![2]!;
}
const smsCode = async (operateType: string) => {
  let codes: string[] = [];
  await expect
    .poll(
      () => {
        codes = [...server.log().matchAll(new RegExp(`"operate_type":"${operateType}","code":"(\\d{6})"`, 'g'))].map((m) => m[1]!);
        return codes.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return codes.at(-1)!;
};

describe('registration and review', () => {
  it('registers on a phone, signs in, submits real-name verification; an admin approves it at 1280×800', async () => {
    const phone = await newPage(browser, 'phone');
    const errors: string[] = [];
    phone.on('pageerror', (err) => errors.push(err.message));
    try {
      await phone.goto(`${server.baseURL}/login`);
      await phone.getByRole('link', { name: '注册账号' }).click();
      const form = phone.locator('[data-page="login"] [data-view="register"]');
      await form.waitFor();
      // Refusals first: nothing ticked, nothing filled.
      await form.locator('[data-testid="register-submit"]').click();
      await form.getByText('请先阅读并勾选《隐私协议》').waitFor();
      await shot(phone, 'register-errors-375');
      await form.locator('#reg-account').fill('yunqi2026');
      await form.locator('#reg-password').fill('Cloud2026Go');
      await form.locator('#reg-confirm').fill('Cloud2026Go');
      await form.locator('#reg-phone').fill('13566667777');
      await form.locator('#signup-captcha').fill(await captchaAnswer(phone));
      await form.locator('[data-testid="sms-send"]').click();
      await form.locator('[data-testid="sms-send"]', { hasText: '秒后重发' }).waitFor();
      await form.locator('#signup-sms').fill(await smsCode('signup_register'));
      await form.locator('#reg-email').fill('yunqi2026@example.cn');
      await form.locator('[data-testid="agreement"]').check();
      await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(phone, 'register-filled-375');
      await form.locator('[data-testid="register-submit"]').click();
      // Signed in as the new internet user.
      await phone.locator('[data-testid="user-nickname"]').first().waitFor({ state: 'visible' });

      await phone.goto(`${server.baseURL}/auth`);
      const auth = phone.locator('[data-page="auth"]');
      await auth.getByPlaceholder('与营业执照一致').fill('杭州云启科技有限公司');
      await auth.getByPlaceholder('1-18 位字母或数字').fill('91330100MA2H000001');
      await auth.locator('[data-testid="real-name-file"]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
      await auth.locator('[data-testid="real-name-submit"]').click();
      await auth.locator('[data-testid="real-name-state"][data-status="reviewing"]').waitFor();

      const desk = await newPage(browser, 'desktop');
      try {
        await signIn(desk, server.baseURL, 'admin');
        await desk.goto(`${server.baseURL}/accountinfo`);
        await desk.locator('[data-testid="mine-reviews"]').click();
        const card = desk.locator('[data-page="auth"] [data-testid="review-card"][data-account="yunqi2026"]');
        await card.getByText('杭州云启科技有限公司').waitFor();
        await shot(desk, 'review-1280');
        await card.locator('[data-testid="review-approve"]').click();
        await desk.locator('.adm-dialog').getByRole('button', { name: '通过' }).click();
        await card.waitFor({ state: 'detached' });
      } finally {
        await desk.context().close();
      }
      await phone.reload();
      await auth.locator('[data-testid="real-name-state"][data-status="approved"]').waitFor();
      await shot(phone, 'real-name-approved-375');
      expect(errors).toEqual([]);
    } finally {
      await phone.context().close();
    }
  }, 120_000);
});

describe('QR sign-in', () => {
  it('signs the computer in after a second, signed-in browser confirms', async () => {
    const desk = await newPage(browser, 'desktop');
    const mobile = await newPage(browser, 'phone');
    try {
      const made = desk.waitForResponse((r) => r.url().endsWith('/api/v1/qr-login/tickets') && r.request().method() === 'POST');
      await desk.goto(`${server.baseURL}/login?view=qr`);
      const { link } = (await (await made).json()) as { link: string };
      expect(link).toContain(`${server.baseURL}/login?view=qr-confirm&ticket=`);
      await desk.locator('[data-testid="qr-box"][data-state="pending"]').waitFor();
      await shot(desk, 'qr-1280');

      await signIn(mobile, server.baseURL, 'approver');
      await mobile.goto(link);
      await mobile.locator('[data-testid="qr-confirm"]').click();
      await mobile.locator('[data-view="qr-confirm"][data-state="done"]').waitFor();
      await shot(mobile, 'qr-confirmed-375');
      await desk.locator('[data-testid="user-nickname"]').first().waitFor({ state: 'visible' });
      await expect(desk.locator('[data-testid="user-nickname"]').first().textContent()).resolves.toContain('张伟');
    } finally {
      await desk.context().close();
      await mobile.context().close();
    }
  }, 90_000);

  it('shows 二维码已过期 with 刷新 once the code has run out', async () => {
    const desk = await newPage(browser, 'desktop');
    try {
      await desk.clock.install();
      await desk.goto(`${server.baseURL}/login?view=qr`);
      const box = desk.locator('[data-testid="qr-box"]');
      await desk.locator('[data-testid="qr-box"][data-state="pending"]').waitFor();
      await desk.clock.fastForward('02:01');
      await box.getByText('二维码已过期').waitFor();
      await shot(desk, 'qr-expired-1280');
      const again = desk.waitForResponse((r) => r.url().endsWith('/api/v1/qr-login/tickets') && r.request().method() === 'POST');
      await box.locator('[data-testid="qr-refresh"]').click();
      await again;
      await desk.locator('[data-testid="qr-box"][data-state="pending"]').waitFor();
    } finally {
      await desk.context().close();
    }
  }, 60_000);
});

describe('looks', () => {
  it('lays the views out at 375×740, 820×1180 and 1280×800', async () => {
    for (const vp of ['phone', 'tablet', 'desktop'] as const) {
      const page = await newPage(browser, vp);
      try {
        for (const view of ['register', 'forgot', 'appeal&account=yunqi2026']) {
          await page.goto(`${server.baseURL}/login?view=${view}`);
          await page.locator('[data-testid="captcha-image"] img').waitFor();
          await shot(page, `${view.split('&')[0]}-${vp}`);
          if (vp === 'phone') await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        }
      } finally {
        await page.context().close();
      }
    }
  }, 90_000);
});
