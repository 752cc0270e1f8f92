// Users, user groups, policies and grants (issue 15, ADR 0021). Every call names the caller's
// `AccessCaller`: platform callers (permission `…:any`) reach every tenant; a tenant's
// administrators reach the users who hold a role in their tenant (directly or through one of its
// groups), the tenant's groups and policies. What a caller may not see answers 404.
// The work is done by module functions (access-users, access-groups, access-policies services over
// access.repository.ts); this factory only binds the database for the routes.
import type { Db } from '../platform/db/database.ts';
import type { AccessCaller } from './access-checks.ts';
import * as groups from './access-groups.service.ts';
import * as policies from './access-policies.service.ts';
import * as users from './access-users.service.ts';

export type { AccessCaller } from './access-checks.ts';

type Query = Record<string, unknown>;

export function accessService(db: Db) {
  return {
    listUsers: (c: AccessCaller, q: Query) => users.listUsers(db, c, q),
    detail: (c: AccessCaller, id: string) => users.detail(db, c, id),
    createUser: (c: AccessCaller, body: unknown) => users.createUser(db, c, body),
    updateUser: (c: AccessCaller, id: string, body: unknown) => users.updateUser(db, c, id, body),
    setLocked: (c: AccessCaller, id: string, locked: boolean) => users.setLocked(db, c, id, locked),
    resetPassword: (c: AccessCaller, id: string) => users.resetPassword(db, c, id),
    replaceMemberships: (c: AccessCaller, id: string, body: unknown) => users.replaceMemberships(db, c, id, body),
    listGroups: (c: AccessCaller, q: Query) => groups.listGroups(db, c, q),
    group: (c: AccessCaller, id: string) => groups.group(db, c, id),
    createGroup: (c: AccessCaller, body: unknown) => groups.createGroup(db, c, body),
    updateGroup: (c: AccessCaller, id: string, body: unknown) => groups.updateGroup(db, c, id, body),
    deleteGroup: (c: AccessCaller, id: string) => groups.deleteGroup(db, c, id),
    setGroupMembers: (c: AccessCaller, id: string, body: unknown) => groups.setGroupMembers(db, c, id, body),
    setGroupRoles: (c: AccessCaller, id: string, body: unknown) => groups.setGroupRoles(db, c, id, body),
    listPolicies: (c: AccessCaller, q: Query) => policies.listPolicies(db, c, q),
    policy: (c: AccessCaller, id: string) => policies.policy(db, c, id),
    createPolicy: (c: AccessCaller, body: unknown) => policies.createPolicy(db, c, body),
    updatePolicy: (c: AccessCaller, id: string, body: unknown) => policies.updatePolicy(db, c, id, body),
    deletePolicy: (c: AccessCaller, id: string) => policies.deletePolicy(db, c, id),
    listGrants: (c: AccessCaller) => policies.listGrants(db, c),
    grant: (c: AccessCaller, body: unknown) => policies.grant(db, c, body),
    revoke: (c: AccessCaller, id: string) => policies.revoke(db, c, id),
  };
}
export type AccessService = ReturnType<typeof accessService>;
