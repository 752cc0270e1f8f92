// The help widget and the AI panel (seed 000 §2 "Root and help widget", §4 "AI panel") at 375×740
// and 1280×800: the four entries, contact details from /api/v1/site-config, the work-order and
// feedback shortcuts (signed out through login and back), the panel's states hidden → side 375px →
// full screen (/aiasistant) → shrink back to the remembered route → close, and the postMessage
// protocol with the embedded assistant both ways.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, newPage, signIn, VIEWPORTS } from './browser.ts';
import { contentUnderHelpWidget, eventually, here, revealHelpWidget, waitForDataPage } from './shell-helpers.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const panel = (page: Page) => page.locator('[data-testid="ai-panel"]');
const panelState = (page: Page) => panel(page).getAttribute('data-state');

/** The assistant page inside the panel, once it has loaded. */
async function assistantFrame(page: Page): Promise<Frame> {
  await panel(page).locator('iframe').waitFor({ state: 'attached' });
  await eventually(() => page.frames().some((f) => f.url().includes('/aiassistant/'))).toBe(true);
  const frame = page.frames().find((f) => f.url().includes('/aiassistant/'))!;
  await frame.locator('#btn-size').waitFor({ state: 'visible' });
  return frame;
}

/** The assistant posts an event to the console exactly as its buttons do. */
/** The three shortcuts sit behind the help toggle: open it when they are folded. */
async function openHelp(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await revealHelpWidget(page);
    if (await page.locator('[data-testid="help-contact"]').isVisible()) return;
    try {
      await page.locator('[data-testid="help-toggle"]').click({ timeout: 5000 });
      await page.locator('[data-testid="help-contact"]').waitFor({ state: 'visible', timeout: 5000 });
      return;
    } catch (err) {
      // The page grew after the scroll (a form's parts arriving on a loaded machine) and the widget
      // stepped aside from what now lies under it, as it should: scroll to the page's end again.
      if (attempt >= 3) throw err;
    }
  }
}

function emitFromAssistant(frame: Frame, event: string): Promise<void> {
  return frame.evaluate((ev) => window.parent.postMessage({ source: 'yunshu-assistant', event: ev }, window.location.origin), event);
}

for (const viewport of ['phone', 'desktop'] as const) {
  const { width: vw, height: vh } = VIEWPORTS[viewport];

  describe(`help widget at ${viewport}`, () => {
    it('shows four entries; contact details come from the site configuration', async () => {
      const page = await newPage(browser, viewport);
      try {
        const config = (await (await page.request.get(`${baseURL}/api/v1/site-config`)).json()) as { support_phone: string; support_email: string };
        expect(config.support_phone).toBeTruthy();
        expect(config.support_email).toContain('@');
        await page.goto(`${baseURL}/portal`);
        const widget = page.locator('[data-testid="help-widget"]');
        // At the top of the portal the widget covers nothing: it has stepped aside or sits on an empty place.
        await widget.waitFor({ state: 'attached' });
        await page.waitForTimeout(100);
        expect(await contentUnderHelpWidget(page)).toEqual([]);
        await revealHelpWidget(page);
        expect(await contentUnderHelpWidget(page)).toEqual([]);
        // folded: the AI button and the toggle only
        expect(await page.locator('[data-testid="help-contact"]').count()).toBe(0);
        await openHelp(page);
        for (const id of ['help-ai', 'help-contact', 'help-workorder', 'help-feedback']) {
          await eventually(() => widget.locator(`[data-testid="${id}"]`).isVisible(), id).toBe(true);
        }
        await page.locator('[data-testid="help-contact"]').click();
        const sheet = page.locator('[data-testid="help-contact-sheet"]');
        await sheet.locator(`a[href^="tel:"]`, { hasText: config.support_phone }).waitFor({ state: 'visible' });
        expect(await sheet.locator(`a[href="mailto:${config.support_email}"]`).textContent()).toBe(config.support_email);
        // the widget stays inside the screen
        const box = (await widget.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(vw);
        expect(box.y + box.height).toBeLessThanOrEqual(vh);
      } finally {
        await page.context().close();
      }
    });

    it('work order signed out goes through login and returns to /workorderAdd; feedback signed in goes straight', async () => {
      const page = await newPage(browser, viewport);
      try {
        await page.goto(`${baseURL}/portal`);
        await openHelp(page);
        await page.locator('[data-testid="help-workorder"]').click();
        await page.waitForURL(`${baseURL}/login?redirect=%2FworkorderAdd`);
        await waitForDataPage(page, 'login');
        await page.locator('input[name="account"]').fill('member');
        await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
        await page.locator('[data-testid="login-submit"]').click();
        await page.waitForURL(`${baseURL}/workorderAdd`);
        await waitForDataPage(page, 'workorderAdd');
        await openHelp(page);
        await page.locator('[data-testid="help-feedback"]').click();
        await page.waitForURL(`${baseURL}/opinionAdd`);
        await waitForDataPage(page, 'opinionAdd');
      } finally {
        await page.context().close();
      }
    });
  });

  describe(`AI panel at ${viewport}`, () => {
    it('hidden → side 375px → full screen on /aiasistant → shrink back → close, driven by the assistant', async () => {
      const page = await newPage(browser, viewport);
      try {
        await signIn(page, baseURL, 'tenant_admin');
        await waitForDataPage(page, 'homeOperation');
        const aiButton = page.locator('[data-testid="help-ai"]');
        await page.waitForTimeout(100);
        expect(await contentUnderHelpWidget(page)).toEqual([]);
        await revealHelpWidget(page);
        expect(await contentUnderHelpWidget(page)).toEqual([]);
        await aiButton.waitFor({ state: 'visible' });
        expect(await panelState(page)).toBe('hidden');
        expect(await panel(page).isVisible()).toBe(false);

        // open: the side panel, 375 px wide, at the right edge, 20 px above the bottom
        await aiButton.click();
        await eventually(() => panelState(page)).toBe('side');
        await aiButton.waitFor({ state: 'detached' });
        await eventually(async () => (await panel(page).boundingBox())?.x).toBe(vw - 375);
        const side = (await panel(page).boundingBox())!;
        expect(side.width).toBe(375);
        expect(Math.round(vh - (side.y + side.height))).toBe(20);
        const frame = await assistantFrame(page);
        // console → assistant: the session (token) and openAIBox — it greets the signed-in user
        await frame.locator('.msg.bot', { hasText: '已识别您的登录身份' }).waitFor({ state: 'visible' });
        expect(await frame.locator('#btn-size').getAttribute('data-event')).toBe('fullscreen');

        // a message that does not come from the assistant's frame is ignored
        await page.evaluate(() => window.postMessage({ source: 'yunshu-assistant', event: 'fullscreen' }, window.location.origin));
        await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
        expect(await panelState(page)).toBe('side');

        // the assistant's full-screen button: /aiasistant, full width, bottom 0
        await frame.locator('#btn-size').click();
        await page.waitForURL(`${baseURL}/aiasistant`);
        await eventually(() => panelState(page)).toBe('full');
        await eventually(async () => (await panel(page).boundingBox())?.width).toBe(vw);
        const full = (await panel(page).boundingBox())!;
        expect(full.x).toBe(0);
        expect(Math.round(full.y + full.height)).toBe(vh);
        expect(await frame.locator('#btn-size').getAttribute('data-event')).toBe('shrink');

        // shrink: back to the remembered route, side panel; the assistant hears shrinkscreenFinished
        await frame.locator('#btn-size').click();
        await page.waitForURL(`${baseURL}/homeOperation`);
        await eventually(() => panelState(page)).toBe('side');
        await eventually(() => frame.locator('#btn-size').getAttribute('data-event')).toBe('fullscreen');
        await waitForDataPage(page, 'homeOperation');

        // close: hidden, the AI button is back (at the page's end, where it covers nothing), the page stays
        await frame.locator('#btn-close').click();
        await eventually(() => panelState(page)).toBe('hidden');
        await revealHelpWidget(page);
        await aiButton.waitFor({ state: 'visible' });
        expect(here(page)).toBe('/homeOperation');

        // close from full screen returns to the remembered route
        await aiButton.click();
        await eventually(() => panelState(page)).toBe('side');
        await emitFromAssistant(frame, 'fullscreen');
        await page.waitForURL(`${baseURL}/aiasistant`);
        await eventually(() => panelState(page)).toBe('full');
        await emitFromAssistant(frame, 'close');
        await page.waitForURL(`${baseURL}/homeOperation`);
        await eventually(() => panelState(page)).toBe('hidden');

        // login required: the panel hides and /login remembers where the user was
        await aiButton.click();
        await eventually(() => panelState(page)).toBe('side');
        await emitFromAssistant(frame, 'login');
        await page.waitForURL(`${baseURL}/login?redirect=%2FhomeOperation`);
        await eventually(() => panelState(page)).toBe('hidden');
        await waitForDataPage(page, 'login');
      } finally {
        await page.context().close();
      }
    });

    it('opening /aiasistant directly shows the assistant full screen; closing goes to /portal', async () => {
      const page = await newPage(browser, viewport);
      try {
        await page.goto(`${baseURL}/aiasistant`);
        await waitForDataPage(page, 'aiasistant');
        await eventually(() => panelState(page)).toBe('full');
        const frame = await assistantFrame(page);
        await eventually(() => frame.locator('#btn-size').getAttribute('data-event')).toBe('shrink');
        // signed out: the plain greeting
        await frame.locator('.msg.bot', { hasText: '您好，我是云枢 AI 助手' }).waitFor({ state: 'visible' });
        await frame.locator('#btn-close').click();
        await page.waitForURL(`${baseURL}/portal`);
        await eventually(() => panelState(page)).toBe('hidden');
        await waitForDataPage(page, 'portal');
      } finally {
        await page.context().close();
      }
    });
  });
}
