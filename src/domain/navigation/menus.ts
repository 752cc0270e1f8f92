// The console menu: groups of entries, each entry pointing at a route path (`menuUrl`).
// `GET /api/v1/menus` answers the groups a caller's permissions allow; the web guards routes
// against the stored answer (seed 000 §2 "A menu item is allowed only if…").
// Labels are i18n keys `menus:<group>.<entry>`; the server resolves them in the caller's language.
// An entry needs what the guard checks on its page's list call (issue 15): `declared` answers a
// route's declaration (the server passes guard.ts declaredRoutes), unless the entry names its own.
import { hasPermission, parsePermission, permissionsOf, type Role } from '../roles.ts';
import type { MenuEntryDef, MenuGroupDef } from './menu-groups.ts';

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

/** What a route declares (guard.ts): `public`, `self`, a permission or any of a list. */
export type DeclaredPermission = string | readonly string[] | undefined;

/** What an entry needs: its own permission, else its list call's declaration (undefined: nobody sees it). */
export function entryPermission(entry: MenuEntryDef, declared: (routeKey: string) => DeclaredPermission): DeclaredPermission {
  return entry.permission ?? declared(entry.list);
}

/** Whether `has` (one permission string → held?) satisfies a declaration; `public` and `self` need only a session. */
export function allows(need: DeclaredPermission, has: (permission: string) => boolean): boolean {
  if (need === undefined) return false;
  if (need === 'public' || need === 'self') return true;
  return (typeof need === 'string' ? [need] : need).some(has);
}

/** A `has` answering from a set of held permissions (`manage:x` implies CRUD, `any` implies `own`). */
export function holding(perms: ReadonlySet<string>): (permission: string) => boolean {
  return (p) => {
    const parsed = parsePermission(p);
    return !!parsed && hasPermission(perms, parsed.action, parsed.entity, parsed.access);
  };
}

/** A `has` answering from roles alone (no granted policies; tests and tools). */
export const holdingRoles = (roles: readonly Role[]) => holding(permissionsOf(roles));

/**
 * The groups and entries the caller may see; empty groups are left out. An entry is shown when the
 * caller holds what it needs (entryPermission) — `has` answers from the caller's roles and granted
 * policies, as the guard does.
 */
export function menusFor(
  groups: readonly MenuGroupDef[],
  declared: (routeKey: string) => DeclaredPermission,
  has: (permission: string) => boolean,
): MenuGroup[] {
  return groups
    .map((g) => ({
      code: g.code,
      icon: g.icon,
      menus: g.items.filter((i) => allows(entryPermission(i, declared), has)).map(({ code, menuUrl, icon }) => ({ code, menuUrl, icon })),
    }))
    .filter((g) => g.menus.length > 0);
}
