// Backup plan states (seed 001 §4): the agent's steps, the failure state of each step, where an
// edit sends a plan, and that a plan creating, installing or issuing can be neither edited nor deleted.
import { describe, expect, it } from 'vitest';
import {
  BACKUP_PLAN_IN_BETWEEN,
  BACKUP_PLAN_SETTLED,
  BACKUP_PLAN_STATUSES,
  isBackupPlanStatus,
  isPlanInBetween,
  PLAN_INITIAL_STATUS,
  planChangeable,
  planStatusOnEdit,
  planStepDone,
  type BackupPlanStatus,
} from '../../src/domain/backup-plan.ts';

describe('backup plan states', () => {
  it('a new plan starts creating and, step by step, is created', () => {
    expect(PLAN_INITIAL_STATUS).toBe('creating');
    const path: BackupPlanStatus[] = [PLAN_INITIAL_STATUS];
    while (isPlanInBetween(path.at(-1)!)) path.push(planStepDone(path.at(-1)!, true));
    expect(path).toEqual(['creating', 'installing', 'issuing', 'created']);
  });

  it('each step fails into its own failure state', () => {
    expect(planStepDone('creating', false)).toBe('create_failed');
    expect(planStepDone('installing', false)).toBe('install_failed');
    expect(planStepDone('issuing', false)).toBe('issue_failed');
  });

  it('a settled plan does not move when a step is reported', () => {
    for (const s of BACKUP_PLAN_SETTLED) {
      expect(planStepDone(s, true)).toBe(s);
      expect(planStepDone(s, false)).toBe(s);
    }
  });

  it('an edit re-issues a created plan and retries the step that failed', () => {
    expect(planStatusOnEdit('created')).toBe('issuing');
    expect(planStatusOnEdit('issue_failed')).toBe('issuing');
    expect(planStatusOnEdit('install_failed')).toBe('installing');
    expect(planStatusOnEdit('create_failed')).toBe('creating');
  });

  it('creating, installing and issuing refuse edits and deletes; settled states allow them', () => {
    for (const s of BACKUP_PLAN_IN_BETWEEN) {
      expect(planStatusOnEdit(s)).toBeNull();
      expect(planChangeable(s)).toBe(false);
    }
    for (const s of BACKUP_PLAN_SETTLED) expect(planChangeable(s)).toBe(true);
  });

  it('knows its states and nothing else', () => {
    expect(BACKUP_PLAN_STATUSES).toHaveLength(7);
    for (const s of BACKUP_PLAN_STATUSES) expect(isBackupPlanStatus(s)).toBe(true);
    expect(isBackupPlanStatus('running')).toBe(false);
    expect(isPlanInBetween('created')).toBe(false);
  });
});
