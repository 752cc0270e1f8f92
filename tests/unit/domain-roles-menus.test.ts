import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_PERMISSIONS, can, isPlatformRole, permissionsOf, type Role } from '../../src/domain/roles.ts';
import { MENU_GROUPS } from '../../src/domain/navigation/menu-groups.ts';
import { menusFor } from '../../src/domain/navigation/menus.ts';
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
  const codes = (roles: Role[]) => menusFor(roles).map((g) => g.code);
  const urls = (roles: Role[]) => [...allowedMenuUrls(menusFor(roles))];

  it('gives super_admin every group and entry', () => {
    expect(codes(['super_admin'])).toEqual(MENU_GROUPS.map((g) => g.code));
    expect(urls(['super_admin']).length).toBe(MENU_GROUPS.reduce((n, g) => n + g.items.length, 0));
  });
  it('leaves the approval group out for a member, and gives an approver 我的审批 only', () => {
    expect(codes(['project_member'])).not.toContain('approval');
    const approval = menusFor(['project_approver']).find((g) => g.code === 'approval');
    expect(approval?.menus.map((m) => m.menuUrl)).toEqual(['/selfApprovalManage']);
    expect(urls(['tenant_admin'])).toContain('/approvalManage');
  });
  it('keeps admin-only entries for platform roles', () => {
    expect(urls(['tenant_admin'])).not.toContain('/ecsAdminManage');
    expect(urls(['ops_admin'])).toContain('/ecsAdminManage');
  });
  it('drops groups left empty and answers nothing for no roles', () => {
    expect(menusFor([])).toEqual([]);
    const internet = menusFor(['internet_user']);
    for (const g of internet) expect(g.menus.length).toBeGreaterThan(0);
    expect(urls(['internet_user'])).toEqual(expect.arrayContaining(['/homeOperation', '/workorderList']));
    expect(urls(['internet_user'])).not.toContain('/monitorAlarm');
  });
  it('answers plain entries (code, menuUrl, icon) without role lists', () => {
    for (const g of menusFor(['super_admin'])) for (const m of g.menus) expect(Object.keys(m).sort()).toEqual(['code', 'icon', 'menuUrl']);
  });
  it('has unique menu URLs', () => {
    const all = MENU_GROUPS.flatMap((g) => g.items.map((i) => i.menuUrl));
    expect(new Set(all).size).toBe(all.length);
  });
});
