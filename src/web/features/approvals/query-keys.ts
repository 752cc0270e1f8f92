// Query keys of the approvals feature. Everything sits under ['approvals']: a new approval or a
// decision event invalidates the lists, details, processes and the pending count in one call.
import type { Filter, Scope } from './api.ts';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (scope: Scope, filter: Filter) => [...approvalKeys.all, 'list', scope, filter] as const,
  detail: (id: string) => [...approvalKeys.all, 'detail', id] as const,
  /** details fetched for items the inbox remembers but the list no longer holds, keyed by their ids */
  remembered: (ids: string) => [...approvalKeys.all, 'remembered', ids] as const,
  pendingCount: () => [...approvalKeys.all, 'pending-count'] as const,
  processes: () => [...approvalKeys.all, 'processes'] as const,
  process: (id: string | undefined) => [...approvalKeys.all, 'process', id] as const,
};
