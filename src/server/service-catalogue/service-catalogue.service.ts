// The service catalogue (issue 31) as module functions over their deps: a tenant's entries in three
// levels (a level-1 entry under a category, level 2 under level 1, a service at level 3 under
// level 2, at most 50 per level-2 entry), their edits and deletions (never while 审批中, never with
// children), publishing through the approval engine (catalogue_publish: 审批中 until decided, then
// 已发布 or 已驳回), and a published service's configuration (orderable, at most 10 projects).
// Another tenant's entry is 404.
import { AppError, badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import {
  CATALOGUE_LIMITS,
  childLevel,
  configSchema,
  editRefusal,
  entryUpdateSchema,
  groupCreateSchema,
  publishRefusal,
  publishSchema,
  serviceCreateSchema,
  type CatalogueEntry,
  type Category,
  type EntryStatus,
  type Level,
} from '../../domain/service-catalogue.ts';
import type { ApprovalEffect, ApprovalEffects } from '../approvals/approval-effects.ts';
import { runAfterCommit, submitRequest } from '../approvals/approval.service.ts';
import { publish, type PendingEvent } from '../approvals/approval-events.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { runList } from '../platform/lib/list.ts';
import { ENTRY_LIST, type CatalogueRepository, type EntryRow } from './service-catalogue.repository.ts';

export interface CatalogueDeps {
  repo: CatalogueRepository;
  db: Db;
  bus?: EventBus;
  now: () => Date;
  /** the app's full approval effects (set by the composition root), which publishing submits through */
  effects: ApprovalEffects;
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const shanghaiYear = (d: Date) => new Date(d.getTime() + 8 * 3600_000).getUTCFullYear();

/** Rows as the API answers them: owners and projects by name, the path of parent names. */
async function present(deps: CatalogueDeps, tenantId: string, rows: EntryRow[]): Promise<CatalogueEntry[]> {
  const userIds = [...new Set(rows.flatMap((r) => ids(r.owner_ids)))];
  const projectIds = [...new Set(rows.flatMap((r) => ids(r.project_ids)))];
  const [users, projects, counts] = await Promise.all([
    deps.repo.tenantUsers(tenantId, userIds),
    deps.repo.tenantProjects(tenantId, projectIds),
    deps.repo.childCounts(rows.map((r) => r.id)),
  ]);
  const parents = new Map<string, { name: string; parent_id: string | null }>();
  let missing = [...new Set(rows.map((r) => r.parent_id).filter((p): p is string => Boolean(p)))];
  for (let depth = 0; depth < 2 && missing.length; depth++) {
    for (const p of await deps.repo.names(tenantId, missing)) parents.set(p.id, p);
    missing = [...parents.values()].map((p) => p.parent_id).filter((p): p is string => Boolean(p) && !parents.has(p!));
  }
  const userName = new Map(users.map((u) => [u.id, u.nickname]));
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  return rows.map((r) => {
    const path: string[] = [];
    for (let p = r.parent_id; p && parents.has(p); p = parents.get(p)!.parent_id) path.unshift(parents.get(p)!.name);
    return {
      id: r.id,
      category: r.category as Category,
      level: r.level as Level,
      parent_id: r.parent_id,
      name: r.name,
      description: r.description,
      owners: ids(r.owner_ids).map((id) => ({ id, name: userName.get(id) ?? '—' })),
      status: r.status as EntryStatus,
      path,
      children: counts.get(r.id) ?? 0,
      service: r.level === 3 ? (r.service as CatalogueEntry['service']) : null,
      config:
        r.level === 3
          ? { orderable: r.orderable, projects: ids(r.project_ids).flatMap((id) => (projectName.has(id) ? [{ id, name: projectName.get(id)! }] : [])) }
          : null,
      approval_id: r.approval_id,
      published_at: r.published_at ? r.published_at.toISOString() : null,
      updated_at: r.updated_at.toISOString(),
    };
  });
}

export async function listEntries(deps: CatalogueDeps, scope: Scope, query: unknown) {
  const page = await runList(deps.repo.listQuery(scope.tenantId), (qb) => qb.selectAll(), query, ENTRY_LIST);
  return { ...page, data: await present(deps, scope.tenantId, page.data as EntryRow[]) };
}

async function row(deps: CatalogueDeps, scope: Scope, id: string): Promise<EntryRow> {
  const found = isId(id) ? await deps.repo.entry(scope.tenantId, id) : undefined;
  if (!found) throw notFound();
  return found;
}

export async function getEntry(deps: CatalogueDeps, scope: Scope, id: string): Promise<CatalogueEntry> {
  return (await present(deps, scope.tenantId, [await row(deps, scope, id)]))[0]!;
}

/** The people and projects the forms offer (the tenant's own). */
export async function options(deps: CatalogueDeps, scope: Scope) {
  const [users, projects] = await Promise.all([deps.repo.tenantMembers(scope.tenantId), deps.repo.tenantProjects(scope.tenantId)]);
  return { owners: users.map((u) => ({ id: u.id, name: u.nickname })), projects, limits: CATALOGUE_LIMITS };
}

async function checkOwners(deps: CatalogueDeps, tenantId: string, ownerIds: readonly string[]) {
  const found = await deps.repo.tenantUsers(tenantId, ownerIds);
  if (found.length !== ownerIds.length) throw invalid('owner_ids', 'catalogue_owner_unknown');
}

/** A new entry: its level follows its parent; a service (level 3) needs its terms, a group must not have them. */
export async function createEntry(deps: CatalogueDeps, scope: Scope, body: unknown): Promise<CatalogueEntry> {
  const isService = Boolean(body && typeof body === 'object' && 'service_level' in body);
  const input = isService ? parse(serviceCreateSchema, body) : parse(groupCreateSchema, body);
  await checkOwners(deps, scope.tenantId, input.owner_ids);
  const now = deps.now();
  const id = newId();
  await deps.repo.transaction(async (trx) => {
    const parent = input.parent_id ? await deps.repo.entryForUpdate(trx, scope.tenantId, input.parent_id) : null;
    if (input.parent_id && !parent) throw notFound();
    const level = childLevel(parent ?? null);
    if (level === null || (level === 3) !== isService) throw invalid('parent_id', isService ? 'catalogue_service_parent' : 'catalogue_group_parent');
    if (level === 3 && (await deps.repo.countChildren(trx, parent!.id)) >= CATALOGUE_LIMITS.thirdPerParent) {
      throw conflict('catalogue.third_full', { limit: CATALOGUE_LIMITS.thirdPerParent });
    }
    const category = (parent?.category ?? (input as { category: Category }).category) as Category;
    if (await deps.repo.nameTaken(trx, { tenantId: scope.tenantId, category, parentId: parent?.id ?? null, name: input.name })) {
      throw conflict('catalogue.name_taken', { name: input.name });
    }
    const { name, description, owner_ids, parent_id: _p, ...rest } = input as typeof input & { category?: string };
    const { category: _c, ...service } = rest as Record<string, unknown>;
    await deps.repo.insert(trx, {
      id,
      tenant_id: scope.tenantId,
      category,
      level,
      parent_id: parent?.id ?? null,
      name,
      description,
      owner_ids: JSON.stringify(owner_ids),
      status: 'draft',
      service: isService ? JSON.stringify(service) : null,
      orderable: false,
      project_ids: '[]',
      approval_id: null,
      published_at: null,
      created_by: scope.user.id,
      created_at: now,
      updated_at: now,
    });
  });
  return getEntry(deps, scope, id);
}

/** An edit of a draft, rejected or published entry (a published one goes back to draft: it is published again). */
export async function updateEntry(deps: CatalogueDeps, scope: Scope, id: string, body: unknown): Promise<CatalogueEntry> {
  const input = parse(entryUpdateSchema, body);
  if (input.owner_ids) await checkOwners(deps, scope.tenantId, input.owner_ids);
  await row(deps, scope, id);
  await deps.repo.transaction(async (trx) => {
    const cur = (await deps.repo.entryForUpdate(trx, scope.tenantId, id))!;
    const refusal = editRefusal(cur.status as EntryStatus);
    if (refusal) throw conflict(refusal);
    const { name, description, owner_ids, ...terms } = input;
    const termKeys = Object.keys(terms).filter((k) => (terms as Record<string, unknown>)[k] !== undefined);
    if (termKeys.length && cur.level !== 3) throw invalid(termKeys[0]!, 'catalogue_group_terms');
    if (name && (await deps.repo.nameTaken(trx, { tenantId: scope.tenantId, category: cur.category, parentId: cur.parent_id, name, exceptId: id }))) {
      throw conflict('catalogue.name_taken', { name });
    }
    const service = termKeys.length
      ? JSON.stringify({ ...(cur.service as object), ...Object.fromEntries(termKeys.map((k) => [k, (terms as Record<string, unknown>)[k]])) })
      : undefined;
    await deps.repo.update(trx, id, {
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(owner_ids ? { owner_ids: JSON.stringify(owner_ids) } : {}),
      ...(service ? { service } : {}),
      ...(cur.status === 'published' ? { status: 'draft', published_at: null } : {}),
      updated_at: deps.now(),
    });
  });
  return getEntry(deps, scope, id);
}

export async function deleteEntry(deps: CatalogueDeps, scope: Scope, id: string): Promise<void> {
  await row(deps, scope, id);
  await deps.repo.transaction(async (trx) => {
    const cur = (await deps.repo.entryForUpdate(trx, scope.tenantId, id))!;
    const refusal = editRefusal(cur.status as EntryStatus);
    if (refusal) throw conflict(refusal);
    if ((await deps.repo.countChildren(trx, id)) > 0) throw conflict('catalogue.has_children');
    await deps.repo.remove(trx, id);
  });
}

/** Sends the entry for publishing: a catalogue_publish request in the approval engine (none configured: published at once). */
export async function publishEntry(deps: CatalogueDeps, scope: Scope, id: string, body: unknown): Promise<CatalogueEntry> {
  const input = parse(publishSchema, body ?? {});
  const cur = await row(deps, scope, id);
  if (!scope.projectId) throw new AppError(400, 'scope_required');
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  await deps.db.transaction().execute((trx) =>
    submitRequest(trx, {
      user: scope.user,
      tenantId: scope.tenantId,
      projectId: scope.projectId!,
      type: 'catalogue_publish',
      payload: { entry_id: cur.id, name: cur.name, category: cur.category, level: cur.level, ...(input.reason ? { reason: input.reason } : {}) },
      now: deps.now(),
      effects: deps.effects,
      events,
      after,
    }),
  );
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return getEntry(deps, scope, id);
}

/** What a published service offers: orderable or not, and the projects it is limited to (none: every project). */
export async function setConfig(deps: CatalogueDeps, scope: Scope, id: string, body: unknown): Promise<CatalogueEntry> {
  const input = parse(configSchema, body);
  const cur = await row(deps, scope, id);
  if (cur.level !== 3) throw badRequest('catalogue.config_service_only');
  if (cur.status !== 'published') throw conflict('catalogue.config_unpublished');
  const projects = await deps.repo.tenantProjects(scope.tenantId, input.project_ids);
  if (projects.length !== input.project_ids.length) throw invalid('project_ids', 'catalogue_project_unknown');
  await deps.repo.transaction((trx) =>
    deps.repo.update(trx, id, { orderable: input.orderable, project_ids: JSON.stringify(input.project_ids), updated_at: deps.now() }),
  );
  return getEntry(deps, scope, id);
}

// ── the approval effect of catalogue_publish ─────────────────────────────────────────────────

const entryIdOf = (payload: Record<string, unknown>) => (typeof payload.entry_id === 'string' ? payload.entry_id : '');

/** catalogue_publish: the entry waits in 审批中; approved it is 已发布, rejected 已驳回. */
export function catalogueEffects(deps: Pick<CatalogueDeps, 'repo'>): ApprovalEffects {
  const effect: ApprovalEffect = {
    async submit(c) {
      const entry = await deps.repo.entryForUpdate(c.trx, c.tenantId, entryIdOf(c.payload));
      // Publishing is asked at the catalogue's own route, never from a free-form approvals payload.
      if (!entry) throw new AppError(400, 'catalogue.request_direct');
      const parent = entry.parent_id ? ((await deps.repo.entry(c.tenantId, entry.parent_id, c.trx)) ?? null) : null;
      const year = (entry.service as { valid_year?: number } | null)?.valid_year ?? null;
      const refusal = publishRefusal(
        { status: entry.status as EntryStatus, level: entry.level, valid_year: year },
        parent && { status: parent.status as EntryStatus },
        shanghaiYear(c.now),
      );
      if (refusal) throw conflict(refusal);
      await deps.repo.update(c.trx, entry.id, { status: 'approving', approval_id: c.requestId, updated_at: c.now });
      return { targetId: entry.id, resourceName: entry.name, before: { status: entry.status } };
    },
    async approve(c) {
      const id = entryIdOf(c.request.payload);
      if (await deps.repo.entryForUpdate(c.trx, c.request.tenant_id, id)) {
        await deps.repo.update(c.trx, id, { status: 'published', published_at: c.now, updated_at: c.now });
      }
      return { status: 'approved' };
    },
    async reject(c) {
      const id = entryIdOf(c.request.payload);
      if (await deps.repo.entryForUpdate(c.trx, c.request.tenant_id, id)) await deps.repo.update(c.trx, id, { status: 'rejected', updated_at: c.now });
    },
  };
  return { catalogue_publish: effect };
}
