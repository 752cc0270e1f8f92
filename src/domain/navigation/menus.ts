// The console menu: groups of entries, each entry pointing at a route path (`menuUrl`).
// `GET /api/v1/menus` answers the groups a caller's roles allow; the web guards routes
// against the stored answer (seed 000 §2 "A menu item is allowed only if…").
// Labels are i18n keys `menus:<group>.<entry>`; the server resolves them in the caller's language.
import { hasPermission, parsePermission, permissionsOf, type Role } from '../roles.ts';
import { MENU_GROUPS, type MenuGroupDef } from './menu-groups.ts';

export interface MenuEntry {
  code: string;
  menuUrl: string;
  icon: string;
}
export interface MenuGroup {
  code: string;
  icon: string;
  menus: MenuEntry[];
}

/**
 * The groups and entries the caller may see; empty groups are left out. An entry is shown for its
 * roles (else its group's) or, when it (or its group) names a permission, to whoever holds it —
 * `has(action, entity)` answers from the caller's roles and granted policies.
 */
export function menusFor(roles: readonly Role[], groups: readonly MenuGroupDef[] = MENU_GROUPS, has?: (permission: string) => boolean): MenuGroup[] {
  const hasRole = (allowed: readonly Role[]) => allowed.some((r) => roles.includes(r));
  // without a checker: the permissions the roles grant
  const perms = permissionsOf(roles);
  const check =
    has ??
    ((p: string) => {
      const parsed = parsePermission(p);
      return !!parsed && hasPermission(perms, parsed.action, parsed.entity, parsed.access);
    });
  const allowed = (rolesOf: readonly Role[], permission: string | undefined) => hasRole(rolesOf) || (!!permission && check(permission));
  return groups
    .map((g) => ({
      code: g.code,
      icon: g.icon,
      menus: g.items
        .filter((i) => allowed(i.roles ?? g.roles, i.permission ?? (i.roles ? undefined : g.permission)) && (allowed(g.roles, g.permission) || !!i.permission))
        .map(({ code, menuUrl, icon }) => ({ code, menuUrl, icon })),
    }))
    .filter((g) => g.menus.length > 0);
}
