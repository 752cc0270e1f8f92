// Live plan states on the 备份策略 tab: the server-sent events `backup_plan.status` and
// `backup_plan.removed` (the console's stream, lib/server-events.ts) patch the tab's
// cached plans in place, so a badge moves from 创建中 to 已创建 without a reload. A plan the cache
// does not hold yet (added in another window) refreshes the tab's list. While a plan is between
// states the list also re-reads every few seconds, so a lost event cannot leave a badge spinning.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isPlanInBetween } from '../../../domain/backup-plan.ts';
import type { BackupPlanRemovedEvent, BackupPlanStatusEvent } from '../../../domain/events.ts';
import { subscribe } from '../../lib/server-events.ts';
import type { BackupPlan } from './api.ts';

/** What patching needs of a plan event (the stream hands over the whole event). */
export type PlanEvent = Pick<BackupPlanStatusEvent, 'type' | 'id' | 'resource_id' | 'status'> | Pick<BackupPlanRemovedEvent, 'type' | 'id' | 'resource_id'>;
type PlanPage = { count: number; data: BackupPlan[] };

/** The tab's page after one event, and whether the plan was on it. */
export function patchPlans(page: PlanPage | undefined, ev: PlanEvent): [PlanPage | undefined, boolean] {
  if (!page || !page.data.some((p) => p.id === ev.id)) return [page, false];
  if (ev.type === 'backup_plan.removed') {
    return [{ count: Math.max(0, page.count - 1), data: page.data.filter((p) => p.id !== ev.id) }, true];
  }
  const { status } = ev;
  return [{ ...page, data: page.data.map((p) => (p.id === ev.id ? { ...p, status, in_between: isPlanInBetween(status) } : p)) }, true];
}

export const PLAN_SETTLE_POLL_MS = 5_000;
/** For `refetchInterval`: poll while a plan on the tab is between states. */
export const planSettlePoll = (query: { state: { data: PlanPage | undefined } }): number | false =>
  query.state.data?.data.some((p) => p.in_between) ? PLAN_SETTLE_POLL_MS : false;

/** Listens on the console's event stream while the tab of resource `resourceId` is shown (query key `key`). */
export function useLivePlans(key: readonly unknown[], resourceId: string): void {
  const client = useQueryClient();
  const keyText = JSON.stringify(key);
  useEffect(() => {
    const queryKey = JSON.parse(keyText) as unknown[];
    return subscribe(['backup_plan.status', 'backup_plan.removed'], (ev) => {
      if (ev.resource_id !== resourceId) return;
      const [next, hit] = patchPlans(client.getQueryData<PlanPage>(queryKey), ev);
      if (hit) client.setQueryData(queryKey, next);
      else if (ev.type === 'backup_plan.status') void client.invalidateQueries({ queryKey });
    });
  }, [client, keyText, resourceId]);
}
