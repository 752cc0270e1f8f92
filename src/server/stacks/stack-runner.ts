// The scheduler's work on stacks (ADR 0069): each busy stack, taken on a lease, moves one step.
// Deploying: every node whose parents are ready is created through the engine's published service
// (`resources.create`: the kind's schema, the zone, the price, the quota, the kind's hooks, the
// project's approval process), as the deployer; once all exist, EIPs are bound and disks mounted
// through `resources.act`. The first refusal or failed resource rolls the stack back: what was
// made is removed through the engine, the last made first (unbound, unmounted, deleted, and out of
// the recycle bin), and the stack ends 已回滚 with the reason. A removal the engine refuses leaves
// the stack 部署失败 with what is left listed. Deleting a deployed stack is the same walk back.
import { kindOf } from '../../domain/kinds/registry.ts';
import { connectionOf, type StackGraph, type StackNode } from '../../domain/stacks.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { StackResourceRow, StackRow } from './stacks.repository.ts';
import type { StacksDeps } from './stacks.service.ts';
import { failureOf, type StackFailure } from './stack-failure.ts';

interface Step {
  stack: StackRow;
  graph: Pick<StackGraph, 'nodes' | 'edges'>;
  rows: StackResourceRow[];
  statuses: Map<string, string>;
  scope: Scope;
}

/** The deployer as the engine sees them: their tenant, project and the permissions they deployed with. */
function scopeOf(stack: StackRow): Scope {
  return {
    user: { id: stack.created_by, account: '', nickname: '', memberships: [], platformRoles: [] },
    tenantId: stack.tenant_id,
    projectId: stack.project_id,
    roles: [],
    permissions: new Set(JSON.parse(stack.permissions) as string[]),
  };
}

const defOf = (kind: string) => kindOf(kind)!;
const isFinal = (row: StackResourceRow, status: string | undefined) => status === defOf(row.kind).create.final;
const isFailed = (row: StackResourceRow, status: string | undefined) =>
  status === undefined || defOf(row.kind).statuses.failure.includes(status) || status === 'deleted';

/** The edges a node hangs on: its create-time parents and the actions that connect it. */
const outgoing = (s: Step, key: string) =>
  s.graph.edges
    .filter((e) => e.from === key)
    .map((e) => ({ edge: e, c: connectionOf(s.graph.nodes.find((n) => n.key === key)!.kind, s.graph.nodes.find((n) => n.key === e.to)!.kind)! }));

async function fail(deps: StacksDeps, s: Step, failure: StackFailure) {
  await deps.repo.setStack(s.stack.id, { status: 'rolling_back', failure: JSON.stringify(failure) }, deps.now());
  return true;
}

/** The create body of a node: its spec, the zone, its parents' ids, the hosts' password. */
function bodyOf(deps: StacksDeps, s: Step, node: StackNode) {
  const body: Record<string, unknown> = { ...node.spec, name: node.name, vendor: s.stack.vendor, region_id: s.stack.region_id, az_id: s.stack.az_id };
  for (const { edge, c } of outgoing(s, node.key)) {
    if (c.mode === 'create') body[c.param] = s.rows.find((r) => r.node === edge.to)!.resource_id;
  }
  if (node.kind === 'instance' && s.stack.secrets) body.password = deps.secrets.open(s.stack.secrets).password;
  return body;
}

async function createReady(deps: StacksDeps, s: Step): Promise<boolean> {
  let moved = false;
  for (const row of s.rows) {
    if (row.state !== 'pending') continue;
    const parents = outgoing(s, row.node).filter((o) => o.c.mode === 'create');
    const ready = parents.every(({ edge }) => s.rows.find((r) => r.node === edge.to)?.state === 'ready');
    if (!ready) continue;
    const node = s.graph.nodes.find((n) => n.key === row.node)!;
    try {
      const made = await deps.engine.create(s.scope, defOf(row.kind), bodyOf(deps, s, node));
      await deps.repo.setResource(s.stack.id, row.node, { state: 'creating', resource_id: made.id });
      row.state = 'creating';
      moved = true;
    } catch (err) {
      const failure = failureOf(row.node, err);
      if (!failure) throw err;
      return fail(deps, s, failure);
    }
  }
  return moved;
}

/** Binds and mounts, once every resource exists: each through the engine's action, then waits for its status. */
async function connect(deps: StacksDeps, s: Step): Promise<boolean> {
  let moved = false;
  for (const row of s.rows) {
    const link = outgoing(s, row.node).find((o) => o.c.mode === 'action');
    if (!link || row.state === 'connected') continue;
    const action = defOf(row.kind).actions.find((a) => a.id === link.c.action)!;
    if (row.state === 'connecting') {
      if (s.statuses.get(row.resource_id!) === action.final) {
        await deps.repo.setResource(s.stack.id, row.node, { state: 'connected' });
        moved = true;
      }
      continue;
    }
    const target = s.rows.find((r) => r.node === link.edge.to)!;
    try {
      await deps.engine.act(s.scope, defOf(row.kind), row.resource_id!, { action: action.id, [link.c.param]: target.resource_id });
      await deps.repo.setResource(s.stack.id, row.node, { state: 'connecting' });
      moved = true;
    } catch (err) {
      const failure = failureOf(row.node, err);
      if (!failure) throw err;
      return fail(deps, s, failure);
    }
  }
  return moved;
}

async function stepDeploy(deps: StacksDeps, s: Step): Promise<boolean> {
  let moved = false;
  for (const row of s.rows) {
    if (!row.resource_id || row.state === 'ready' || row.state === 'connected') {
      if (row.resource_id && isFailed(row, s.statuses.get(row.resource_id))) return fail(deps, s, { node: row.node, key: 'stacks.resource_failed' });
      continue;
    }
    const status = s.statuses.get(row.resource_id);
    if (isFailed(row, status)) return fail(deps, s, { node: row.node, key: 'stacks.resource_failed' });
    if (row.state === 'creating' && isFinal(row, status)) {
      await deps.repo.setResource(s.stack.id, row.node, { state: 'ready' });
      row.state = 'ready';
      moved = true;
    }
  }
  if (s.rows.some((r) => r.state === 'pending')) return (await createReady(deps, s)) || moved;
  if (s.rows.some((r) => r.state === 'creating')) return moved;
  if (await connect(deps, s)) return true;
  const connected = (r: StackResourceRow) => !outgoing(s, r.node).some((o) => o.c.mode === 'action') || r.state === 'connected';
  if (s.rows.every(connected)) {
    await deps.repo.setStack(s.stack.id, { status: 'deployed', secrets: null }, deps.now());
    return true;
  }
  return moved;
}

/** What removes a resource from where it is: the action, or null to wait (in between) or when no action can. */
function removalOf(kind: string, status: string) {
  const def = defOf(kind);
  if (def.statuses.inBetween.includes(status) || status === 'approving') return { wait: true as const };
  const order = status === 'allocated' ? ['unbind'] : status === 'mounted' ? ['unmount'] : status === 'deleted' ? ['destroy'] : ['delete'];
  const action = def.actions.find((a) => order.includes(a.id) && a.allowedFrom.includes(status));
  return action ? { action: action.id } : null;
}

/** One resource back at a time, the last made first; the stack ends 已回滚 (or leaves the list when it was being deleted). */
async function stepBack(deps: StacksDeps, s: Step): Promise<boolean> {
  const left = [...s.rows].reverse().filter((r) => r.resource_id && r.state !== 'removed');
  for (const row of left) {
    const status = s.statuses.get(row.resource_id!);
    if (status === undefined) {
      await deps.repo.setResource(s.stack.id, row.node, { state: 'removed' });
      continue;
    }
    const removal = removalOf(row.kind, status);
    if (removal && 'wait' in removal) return false;
    if (!removal) {
      await deps.repo.setStack(s.stack.id, { status: 'failed', secrets: null }, deps.now());
      return true;
    }
    try {
      await deps.engine.act(s.scope, defOf(row.kind), row.resource_id!, { action: removal.action });
      await deps.repo.setResource(s.stack.id, row.node, { state: 'removing' });
    } catch (err) {
      const failure = failureOf(row.node, err);
      if (!failure) throw err;
      deps.log.warn({ stack: s.stack.id, node: row.node, failure }, 'stack resource not removed');
      await deps.repo.setStack(s.stack.id, { status: 'failed', secrets: null }, deps.now());
    }
    return true;
  }
  if (s.stack.status === 'deleting') await deps.repo.deleteStack(s.stack.id);
  else await deps.repo.setStack(s.stack.id, { status: 'rolled_back', secrets: null }, deps.now());
  return true;
}

export async function stepStack(deps: StacksDeps, stack: StackRow): Promise<boolean> {
  const rows = await deps.repo.resourcesOf([stack.id]);
  const statuses = await deps.repo.statusesOf(rows.flatMap((r) => (r.resource_id ? [r.resource_id] : [])));
  const s: Step = { stack, graph: JSON.parse(stack.graph), rows, statuses, scope: scopeOf(stack) };
  return stack.status === 'deploying' ? stepDeploy(deps, s) : stepBack(deps, s);
}

/** The scheduler's pass: answers how many stacks moved (a stack only waiting on the cloud counts none). */
export async function runStacks(deps: StacksDeps): Promise<number> {
  const claimed = await deps.repo.claimBusy(deps.now());
  let moved = 0;
  for (const stack of claimed) {
    try {
      if (await stepStack(deps, stack)) moved++;
    } catch (err) {
      deps.log.warn({ err, stack: stack.id }, 'stack step failed');
    } finally {
      await deps.repo.release(stack.id);
    }
  }
  return moved;
}
