// Access end to end (issue 15). At 1280×800 the tenant administrator adds a user (the temporary
// password is shown once), creates a user group with that user, a policy from permissions and
// grants it to the group; the new user signs in with the temporary password and the side menu
// shows exactly the entries the menu API allows for them — the policy's (成本中心, 策略管理) and
// none of the administrator's (用户组, 审批流程). At 375×740 the same user reaches 策略管理 and is
// refused 用户组, and the administrator's access pages render (users, groups, policies,
// templates, empower).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');
const account = `e2e_${randomBytes(3).toString('hex')}`;
let tempPassword = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sideMenuUrls = async (page: Page) =>
  (await page.locator('[data-testid="side-menu"] [data-menu-url]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-url') ?? ''))).sort();

describe('a tenant admin grants a user a policy through a group (1280×800)', () => {
  it('adds the user, the group, the policy and the grant; the user sees exactly the allowed menus', async () => {
    const page = await newPage(browser, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, baseURL, 'tenant_admin');

    // the user
    await page.goto(`${baseURL}/usersGroupManage`);
    await page.locator('[data-page="usersGroupManage"] [data-testid="user-list"]').waitFor();
    await screenshot(page, 'access-users-desktop');
    await page.locator('[data-testid="user-add"]').click();
    await page.locator('[data-testid="user-account"] input').fill(account);
    await page.locator('[data-testid="user-nickname"] input').fill('测试用户 许静');
    await screenshot(page, 'access-user-form-desktop');
    await page.locator('[data-testid="user-save"]').click();
    const pw = page.locator('[data-testid="temp-password"]');
    await pw.waitFor();
    tempPassword = ((await pw.textContent()) ?? '').trim();
    expect(tempPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12,}$/);
    await page.locator('.adm-dialog-footer button').click();
    await page.locator('[data-testid="user-card"]', { hasText: account }).waitFor();

    // the membership editor: the user gets a second project (project member there too)
    await page.locator('[data-testid="user-card"]', { hasText: account }).click();
    await page.locator('[data-testid="user-memberships"] [data-testid="membership"]').first().waitFor();
    await page.locator('[data-testid="membership-add"]').click();
    await page.locator('[data-testid="membership-role"] .adm-selector-item', { hasText: '项目成员（' }).click();
    await page.locator('[data-testid="membership-project"] .adm-selector-item').last().click();
    await page.locator('[data-testid="membership-save"]').click();
    await expect.poll(() => page.locator('[data-testid="membership"]').count()).toBe(2);
    await screenshot(page, 'access-user-memberships-desktop');
    await page.locator('[data-testid="user-sheet"] .ys-acc__actions button', { hasText: '取消' }).click();

    // the group, with the user in it
    await page.locator('.adm-tabs-tab', { hasText: '用户组' }).click();
    await page.locator('[data-testid="group-add"]').click();
    await page.locator('[data-testid="group-name"] input').fill(`账单查看组 ${account}`);
    await page.locator('[data-testid="group-save"]').click();
    await page.locator('[data-page="usersGroupManageDetail"] [data-testid="group-members"]').waitFor();
    await page.locator('[data-testid="group-edit-members"]').click();
    await page.locator(`[data-testid="member-${account}"]`).click();
    await page.locator('[data-testid="members-save"]').click();
    await page.locator('[data-testid="group-members"]', { hasText: account }).waitFor();
    await screenshot(page, 'access-group-desktop');

    // the policy, granted to the group
    await page.goto(`${baseURL}/policiesManage`);
    await page.locator('[data-page="policiesManage"]').waitFor();
    await page.locator('[data-testid="policy-add"]').click();
    await page.locator('[data-testid="policy-name"] input').fill(`账单与策略查看 ${account}`);
    await page.locator('[data-perm="read:cost_center:own"]').click();
    await page.locator('[data-perm="read:policy:own"]').click();
    await page.locator('[data-testid="policy-save"]').click();
    await page.locator('[data-page="policiesManageDetail"] [data-testid="policy-perms"]').waitFor();
    await page.getByText('查看 · 费用中心（本租户/项目）').waitFor();
    await page.getByRole('button', { name: '去授权' }).click();
    await page.locator('[data-page="empower"]').waitFor();
    await page.locator('[data-testid="empower-groups"] .adm-selector-item', { hasText: `账单查看组 ${account}` }).click();
    await page.locator('[data-testid="empower-submit"]').click();
    await page.locator('[data-testid="grant-card"]', { hasText: `账单查看组 ${account}` }).waitFor();
    await screenshot(page, 'access-empower-desktop');
    expect(errors).toEqual([]);

    // the user signs in with the temporary password: exactly the allowed menus
    const userPage = await newPage(browser, 'desktop');
    await signIn(userPage, baseURL, account, tempPassword);
    const { token } = (await (
      await fetch(`${baseURL}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: tempPassword }),
      })
    ).json()) as { token: string };
    const menuApi = (await (await fetch(`${baseURL}/api/v1/menus`, { headers: { 'x-auth-token': token } })).json()) as {
      data: { menus: { menuUrl: string }[] }[];
    };
    await userPage.locator('[data-testid="side-menu"] [data-menu-url="/costCenter"]').waitFor();
    const urls = await sideMenuUrls(userPage);
    expect(urls).toEqual(menuApi.data.flatMap((g) => g.menus.map((m) => m.menuUrl)).sort());
    expect(urls).toEqual(expect.arrayContaining(['/costCenter', '/policiesManage', '/ecsManage']));
    expect(urls).not.toContain('/usersGroupManage');
    expect(urls).not.toContain('/approvalManage');
    await screenshot(userPage, 'access-user-menus-desktop');
    // the policy's page opens for them, read-only data of their tenant
    await userPage.locator('[data-testid="side-menu"] [data-menu-url="/policiesManage"]').click();
    await userPage.locator('[data-page="policiesManage"] [data-testid="policy-card"]').first().waitFor();
    await userPage.context().close();
    await page.context().close();
  });
});

describe('phone (375×740)', () => {
  it('the user reaches the policy’s page and not the admin’s; the admin’s access pages render', async () => {
    const userPage = await newPage(browser, 'phone');
    await signIn(userPage, baseURL, account, tempPassword);
    // the policy's page opens; the administrator's is refused with the no-permission notice
    await userPage.goto(`${baseURL}/policiesManage`);
    await userPage.locator('[data-page="policiesManage"] [data-testid="policy-card"]').first().waitFor();
    await userPage.goto(`${baseURL}/usersGroupManage`);
    await userPage.getByText('您没有该权限，请联系管理员获取权限！').first().waitFor();
    expect(await userPage.locator('[data-page="usersGroupManage"]').count()).toBe(0);
    await screenshot(userPage, 'access-user-home-phone');
    await userPage.context().close();

    const page = await newPage(browser, 'phone');
    await signIn(page, baseURL, 'tenant_admin');
    for (const [path, name, marker] of [
      ['/usersGroupManage', 'usersGroupManage', 'user-card'],
      ['/usersGroupManage?tab=groups', 'usersGroupManage', 'group-card'],
      ['/policiesManage', 'policiesManage', 'policy-card'],
      ['/policieTemplates', 'policieTemplates', 'template-card'],
      ['/empower', 'empower', 'grant-card'],
    ] as const) {
      await page.goto(`${baseURL}${path}`);
      await page.locator(`[data-page="${name}"] [data-testid="${marker}"]`).first().waitFor();
      await screenshot(page, `access-${name}-${marker}-phone`);
    }
    // a user's sheet and a template's detail
    await page.goto(`${baseURL}/usersGroupManage`);
    await page.locator('[data-testid="user-card"]', { hasText: account }).click();
    await page.locator('[data-testid="user-sheet"] [data-testid="user-lock"]').waitFor();
    await screenshot(page, 'access-user-sheet-phone');
    await page.goto(`${baseURL}/policieTemplatesDetail/billing_viewer`);
    await page.locator('[data-page="policieTemplatesDetail"] [data-testid="template-use"]').waitFor();
    await page.context().close();
  });
});
