// The web's permission rule (issue 15): useCan reads the server's answer with src/domain/permission-rule.ts,
// which must agree with roles.ts `hasPermission` (the guard's) without importing the role table.
import { describe, expect, it } from 'vitest';
import { permits, permitsString } from '../../src/domain/permission-rule.ts';
import { ALL_PERMISSIONS, ENTITIES, ROLES, hasPermission, permissionsOf } from '../../src/domain/roles.ts';
import { allowedBy } from '../../src/web/lib/can.ts';

const ACTIONS = [...new Set(ALL_PERMISSIONS.map((p) => p.split(':')[0]!))];

describe('permission rule', () => {
  it('manage implies CRUD, any implies own, own never implies any', () => {
    const perms = new Set(['manage:project:own', 'read:user:any', 'decide:approval:own']);
    expect(permitsString(perms, 'create:project')).toBe(true);
    expect(permitsString(perms, 'delete:project:own')).toBe(true);
    expect(permitsString(perms, 'delete:project:any')).toBe(false);
    expect(permitsString(perms, 'enable:project')).toBe(false);
    expect(permitsString(perms, 'read:user')).toBe(true);
    expect(permitsString(perms, 'update:user')).toBe(false);
    expect(permitsString(perms, 'decide:approval')).toBe(true);
    expect(permitsString(perms, 'not a permission')).toBe(false);
  });

  it('agrees with roles.ts hasPermission for every role, action, entity and access', () => {
    for (const role of ROLES) {
      const perms = permissionsOf([role]);
      for (const action of ACTIONS)
        for (const entity of ENTITIES)
          for (const access of ['own', 'any'] as const)
            expect(permits(perms, action, entity, access), `${role} ${action}:${entity}:${access}`).toBe(hasPermission(perms, action, entity, access));
    }
  });

  it('useCan allows nothing until the answer arrives, and every named permission after', () => {
    expect(allowedBy(undefined, 'read:project')).toBe(false);
    const perms = new Set(['read:project:own', 'update:tag:own']);
    expect(allowedBy(perms, 'read:project')).toBe(true);
    expect(allowedBy(perms, 'read:project', 'update:tag')).toBe(true);
    expect(allowedBy(perms, 'read:project', 'create:project')).toBe(false);
  });
});
