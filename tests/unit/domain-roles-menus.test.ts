import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_PERMISSIONS, can, isPlatformRole, permissionsOf, type Role } from '../../src/domain/roles.ts';
import { MENU_GROUPS } from '../../src/domain/navigation/menu-groups.ts';
import { holding, holdingRoles, menusFor } from '../../src/domain/navigation/menus.ts';
import { allowedMenuUrls } from '../../src/domain/navigation/menu-urls.ts';

describe('roles.can', () => {
  it('grants `own` to own permissions and `any` implies `own`', () => {
    expect(can(['tenant_admin'], 'read', 'resource')).toBe(true);
    expect(can(['tenant_admin'], 'read', 'resource', 'any')).toBe(false);
    expect(can(['super_admin'], 'read', 'resource', 'any')).toBe(true);
    expect(can(['super_admin'], 'read', 'resource', 'own')).toBe(true);
  });
  it('keeps approvers from writing and members from deciding', () => {
    expect(can(['project_approver'], 'decide', 'approval')).toBe(true);
    expect(can(['project_approver'], 'create', 'resource')).toBe(false);
    expect(can(['project_member'], 'create', 'resource')).toBe(true);
    expect(can(['project_member'], 'decide', 'approval')).toBe(false);
    expect(can(['internet_user'], 'update', 'resource')).toBe(false);
    expect(can(['ops_admin'], 'delete', 'resource', 'any')).toBe(false);
    expect(can(['ops_admin'], 'operate', 'resource', 'any')).toBe(true);
  });
  it('unions the permissions of several roles', () => {
    expect(can(['project_approver', 'project_member'], 'create', 'resource')).toBe(true);
    expect(can([], 'read', 'resource')).toBe(false);
    expect(permissionsOf(['project_member', 'project_member']).size).toBe(new Set(ROLE_PERMISSIONS.project_member).size);
  });
  it('defines permissions for every role in the action:entity:access form', () => {
    for (const r of ROLES) {
      expect(ROLE_PERMISSIONS[r].length).toBeGreaterThan(0);
      for (const p of ROLE_PERMISSIONS[r]) expect(p).toMatch(/^[a-z_]+:[a-z_]+:(any|own)$/);
    }
    expect(ROLES.filter(isPlatformRole)).toEqual(['super_admin', 'ops_admin']);
  });
});

describe('menusFor', () => {
  // The server reads each list call's declaration from the routes (tests/api/menus-permissions.test.ts
  // checks every role against the guard); here a stand-in: resource lists need read:resource, the
  // platform lists read:resource:any, the rest only a session.
  const declared = (key: string) =>
    /\/manage\/(instances|volumes)$/.test(key) ? 'read:resource:any' : /^GET \/api\/[a-z_-]+$/.test(key) ? 'read:resource' : 'self';
  const menus = (roles: Role[]) => menusFor(MENU_GROUPS, declared, holdingRoles(roles));
  const urls = (roles: Role[]) => [...allowedMenuUrls(menus(roles))];

  it('gives super_admin every group and entry', () => {
    expect(menus(['super_admin']).map((g) => g.code)).toEqual(MENU_GROUPS.map((g) => g.code));
    expect(urls(['super_admin']).length).toBe(MENU_GROUPS.reduce((n, g) => n + g.items.length, 0));
  });
  it('an entry that names its own permission follows it, not its list call', () => {
    expect(urls(['project_member'])).not.toContain('/selfApprovalManage');
    const approval = menus(['project_approver']).find((g) => g.code === 'approval');
    expect(approval?.menus.map((m) => m.menuUrl)).toEqual(['/selfApprovalManage']);
    expect(urls(['tenant_admin'])).toContain('/approvalManage');
  });
  it('an entry follows its list call’s declaration (the platform lists need read:resource:any)', () => {
    expect(urls(['tenant_admin'])).not.toContain('/ecsAdminManage');
    expect(urls(['ops_admin'])).toContain('/ecsAdminManage');
    expect(urls(['tenant_admin'])).toContain('/ecsManage');
  });
  it('a granted permission counts like a role’s; an undeclared list call shows to nobody', () => {
    expect(allowedMenuUrls(menusFor(MENU_GROUPS, declared, holding(new Set(['manage:approval_process:own']))))).toContain('/approvalManage');
    // (entries that name their own permission do not read the declaration)
    const undeclared = menusFor(
      MENU_GROUPS,
      () => undefined,
      () => true,
    ).flatMap((g) => g.menus.map((m) => m.code));
    expect(undeclared).toEqual(MENU_GROUPS.flatMap((g) => g.items.filter((i) => i.permission).map((i) => i.code)));
  });
  it('drops groups left empty', () => {
    for (const g of menus(['internet_user'])) expect(g.menus.length).toBeGreaterThan(0);
    expect(urls(['internet_user'])).toEqual(expect.arrayContaining(['/homeOperation', '/workorderList']));
  });
  it('answers plain entries (code, menuUrl, icon), and no entry names roles', () => {
    for (const g of menus(['super_admin'])) for (const m of g.menus) expect(Object.keys(m).sort()).toEqual(['code', 'icon', 'menuUrl']);
    for (const g of MENU_GROUPS) {
      expect(Object.keys(g).sort()).toEqual(['code', 'icon', 'items']);
      for (const i of g.items) expect(i.list).toMatch(/^GET \/api\//);
    }
  });
  it('has unique menu URLs', () => {
    const all = MENU_GROUPS.flatMap((g) => g.items.map((i) => i.menuUrl));
    expect(new Set(all).size).toBe(all.length);
  });
});
