// What the signed-in user may do here (issue 15): the server's answer for the current scope
// (GET /api/v1/access/me: the permissions the access guard computes from the X-Tenant-Id /
// X-Project-Id headers, roles held there directly or through groups plus granted policies), cached per
// scope with TanStack Query and read with the guard's implication rule (src/domain/permission-rule.ts).
// Pages hide the buttons whose call the guard would refuse; until the answer arrives nothing is allowed,
// so a button never flashes in and out for a read-only role.
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { permitsString } from '../../domain/permission-rule.ts';
import { get } from './request.ts';
import { projectAtom, tenantAtom } from './store.ts';
import { sharedKeys } from './query-keys.ts';

/** Whether `perms` (the server's answer, undefined while it loads) allow every permission named in `wanted`. */
export function allowedBy(perms: ReadonlySet<string> | undefined, ...wanted: string[]): boolean {
  return !!perms && wanted.every((w) => permitsString(perms, w));
}

/** `can('create:project')`: true when the caller holds it in the current scope; `can('a', 'b')` needs both. */
export function useCan(): (...wanted: string[]) => boolean {
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  // Cached per scope (the scope picker's change invalidates every query).
  const query = useQuery({
    queryKey: sharedKeys.permissions(tenant?.id ?? null, project?.id ?? null),
    queryFn: async () => new Set((await get<{ permissions: string[] }>('v1/access/me')).permissions),
    staleTime: 60_000,
  });
  const perms = query.data;
  return useCallback((...wanted: string[]) => allowedBy(perms, ...wanted), [perms]);
}
