// The 备份策略 tab's live patching: a state event moves one plan's badge (and its in-between flag),
// a removal drops it, an event for a plan not on the tab says so (the tab re-reads), and the tab
// polls only while a plan is between states.
import { describe, expect, it } from 'vitest';
import { patchPlans, planSettlePoll, PLAN_SETTLE_POLL_MS } from '../../src/web/features/backup/live.ts';
import type { BackupPlan } from '../../src/web/features/backup/api.ts';

const plan = (id: string, status: string, in_between: boolean) => ({ id, name: id, status, in_between }) as BackupPlan;
const page = () => ({ count: 2, data: [plan('a', 'creating', true), plan('b', 'created', false)] });

describe('backup tab live states', () => {
  it('moves the plan named by a state event and no other', () => {
    const [next, hit] = patchPlans(page(), { type: 'backup_plan.status', id: 'a', resource_id: 'r', status: 'installing' });
    expect(hit).toBe(true);
    expect(next!.data.map((p) => [p.id, p.status, p.in_between])).toEqual([
      ['a', 'installing', true],
      ['b', 'created', false],
    ]);
    const [done] = patchPlans(next, { type: 'backup_plan.status', id: 'a', resource_id: 'r', status: 'created' });
    expect(done!.data[0]).toMatchObject({ status: 'created', in_between: false });
    const [failed] = patchPlans(page(), { type: 'backup_plan.status', id: 'a', resource_id: 'r', status: 'install_failed' });
    expect(failed!.data[0]).toMatchObject({ status: 'install_failed', in_between: false });
  });

  it('drops a removed plan and counts one less', () => {
    const [next, hit] = patchPlans(page(), { type: 'backup_plan.removed', id: 'b', resource_id: 'r' });
    expect(hit).toBe(true);
    expect(next).toEqual({ count: 1, data: [plan('a', 'creating', true)] });
  });

  it('answers a miss for a plan the tab does not hold', () => {
    const before = page();
    const [next, hit] = patchPlans(before, { type: 'backup_plan.status', id: 'zzz', resource_id: 'r', status: 'created' });
    expect(hit).toBe(false);
    expect(next).toBe(before);
    expect(patchPlans(undefined, { type: 'backup_plan.status', id: 'a', resource_id: 'r', status: 'created' })).toEqual([undefined, false]);
  });

  it('polls while a plan is between states, not otherwise', () => {
    expect(planSettlePoll({ state: { data: page() } })).toBe(PLAN_SETTLE_POLL_MS);
    expect(planSettlePoll({ state: { data: { count: 1, data: [plan('b', 'created', false)] } } })).toBe(false);
    expect(planSettlePoll({ state: { data: undefined } })).toBe(false);
  });
});
