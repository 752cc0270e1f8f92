// How a set of permission strings answers "may I do action:entity?" (issue 15, ADR 0021), without
// the role table: the web's `useCan` (src/web/lib/can.ts) reads the server's answer for the current
// scope with it, so phone bundles do not carry roles.ts, and roles.ts `hasPermission` (the guard's
// rule) is this function (`any` implies `own`; `manage:x` implies read/create/update/delete of x).

const MANAGED_ACTIONS = new Set(['read', 'create', 'update', 'delete']);

/** True when `perms` grant `action:entity` at the wanted access (`any` implies `own`, `manage` implies CRUD). */
export function permits(perms: ReadonlySet<string>, action: string, entity: string, access: 'any' | 'own' = 'own'): boolean {
  const holds = (a: string) => perms.has(`${a}:${entity}:any`) || (access === 'own' && perms.has(`${a}:${entity}:own`));
  return holds(action) || (MANAGED_ACTIONS.has(action) && holds('manage'));
}

/** `create:project` or `read:user:any` checked against `perms`; a string that is no permission is never granted. */
export function permitsString(perms: ReadonlySet<string>, wanted: string): boolean {
  const m = /^([a-z_]+):([a-z_]+)(?::(any|own))?$/.exec(wanted);
  return m !== null && permits(perms, m[1]!, m[2]!, (m[3] as 'any' | 'own' | undefined) ?? 'own');
}
