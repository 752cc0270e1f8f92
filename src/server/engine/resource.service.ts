// The resource engine: list, get, create, act, batch, update and the scheduler's job runner,
// all derived from the kind definitions. Every call takes the caller's scope; every write runs in
// one transaction and publishes its status changes after commit. The work is in modules, each a
// set of functions over EngineDeps (ADR 0009): resource-queries (reads), resource-create (the
// create pipeline), resource-actions (actions, batches, edits), resource-jobs (the job runner) and
// resource-approval-port (what approvals ask of the engine, through approvals/engine-port.ts).
import type { ResourceEnginePort } from '../approvals/engine-port.ts';
import type { EngineDeps } from './resource-engine-deps.ts';
import { exportRows, findOr404, get, list } from './resource-queries.ts';
import { create } from './resource-create.ts';
import { act, batch, runAction, update } from './resource-actions.ts';
import { runDueJobs } from './resource-jobs.ts';
import {
  adoptPurchase,
  approveRule,
  discard,
  expand,
  insertPurchase,
  issueRule,
  prepareExpansion,
  provision,
  publish,
  rejectRule,
  restore,
  submitRule,
} from './resource-approval-port.ts';

export type { EngineDeps as ResourceServiceDeps, PresentedResource, WaitingFor } from './resource-engine-deps.ts';
export { present } from './resource-engine-deps.ts';
export { DEFAULT_QUOTA } from './resource-create.ts';
export { actionBodySchema, batchBodySchema } from './resource-actions.ts';

/** Binds a function of the engine to its dependencies. */
const bound =
  <A extends unknown[], R>(deps: EngineDeps, fn: (d: EngineDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

/** The engine's side of the approvals port, over `deps` (it never needs the approvals itself). */
export function resourceApprovalPort(deps: EngineDeps): ResourceEnginePort {
  return {
    publish: bound(deps, publish),
    adoptPurchase: bound(deps, adoptPurchase),
    insertPurchase: bound(deps, insertPurchase),
    provision: bound(deps, provision),
    discard: bound(deps, discard),
    prepareExpansion: bound(deps, prepareExpansion),
    expand: bound(deps, expand),
    restore: bound(deps, restore),
    submitRule: bound(deps, submitRule),
    approveRule: bound(deps, approveRule),
    issueRule: bound(deps, issueRule),
    rejectRule: bound(deps, rejectRule),
  };
}

export function resourceService(deps: EngineDeps) {
  return {
    list: bound(deps, list),
    exportRows: bound(deps, exportRows),
    get: bound(deps, get),
    findOr404: bound(deps, findOr404),
    create: bound(deps, create),
    act: bound(deps, act),
    runAction: bound(deps, runAction),
    batch: bound(deps, batch),
    update: bound(deps, update),
    runDueJobs: bound(deps, runDueJobs),
  };
}
export type ResourceService = ReturnType<typeof resourceService>;
