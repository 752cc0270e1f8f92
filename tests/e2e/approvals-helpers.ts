// Shared by the approvals E2E tests and the replay bench: the API as another user (Node fetch
// against the test server), the inbox's order, and reading the outbox from the page's IndexedDB.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, SCREENSHOT_DIR } from './browser.ts';

/** A viewport screenshot (what the phone shows), with `at` scrolled into view first. */
export async function shot(page: Page, name: string, at?: Locator): Promise<string> {
  if (at) await at.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export interface Api {
  token: string;
  call: <T = any>(method: string, url: string, body?: unknown) => Promise<{ status: number; body: T }>;
}

export async function apiAs(baseURL: string, account: string): Promise<Api> {
  const res = await fetch(`${baseURL}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${account}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const call = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`${baseURL}${url}`, {
      method,
      headers: { 'x-auth-token': token, 'accept-language': 'zh-CN', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  return { token, call };
}

export interface Item {
  id: string;
  type: string;
  status: string;
  current_level: number;
  level_count: number;
  project_name: string;
  can_decide: boolean;
  title: string;
}

/** The approver's first inbox page, in the inbox's order (longest waiting first). */
export async function pendingPage(api: Api, limit = 50): Promise<Item[]> {
  const r = await api.call<{ data: Item[] }>('GET', `/api/v1/approvals?scope=mine&status=pending&__orders=level_entered_at&__limit=${limit}&__cursor=`);
  if (r.status !== 200) throw new Error(`inbox: ${r.status}`);
  return r.body.data;
}

/**
 * Request types whose effect starts no cloud job (rules are issued or wait for their window,
 * quotas are limits): purchases and expansions are provisioned through the simulator, which these
 * tests leave alone.
 */
export const OWN_TYPES = new Set(['firewall_policy', 'snat_rule', 'dnat_rule', 'quota_change']);

/** Outbox entries of the page's IndexedDB (state and ref only). */
export async function outboxStates(page: Page): Promise<{ state: string; ref?: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ state: string; ref?: string }[]>((resolve, reject) => {
        const open = indexedDB.open('yunshu');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve([]);
            return;
          }
          const req = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          req.onsuccess = () => {
            db.close();
            resolve((req.result as { state: string; ref?: string }[]).map((e) => ({ state: e.state, ref: e.ref })));
          };
          req.onerror = () => {
            db.close();
            reject(req.error);
          };
        };
      }),
  );
}

export const card = (page: Page, id: string) => page.locator(`[data-testid="approval-card"][data-id="${id}"]`);

/**
 * Waits until the chunks loaded after the first screen (the 审批 tab badge, the offline banner)
 * are in: with service workers blocked in tests, a chunk not fetched before going offline never
 * comes (a real install has them precached).
 */
export async function afterFirstScreen(page: Page): Promise<void> {
  await page.locator('[data-testid="approvals-tab-badge"]').waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
}
