// DR templates and their associations (disasterTemplate, disasterAssociated; ADR 0062). A template is
// a named, reusable DR configuration of one source engine; associating it with instances creates DR
// tasks through the DR task service (dataprotect.service.ts), so the same checks run. A template
// some association names cannot be deleted; removing an association leaves its DR task in place.
import { badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import type { DrEngine } from '../../domain/dataprotect.ts';
import { associateSchema, templateSchema, templateUpdateSchema, type DrTemplate, type TemplateAssociation, type TemplateEngine } from '../../domain/protect.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { checkDr, createDr, type DataProtectDeps } from './dataprotect.service.ts';
import type { ProtectRepository, TemplateRow } from './protect.repository.ts';

export interface TemplateDeps {
  repo: ProtectRepository;
  dr: DataProtectDeps;
  now: () => Date;
}

const R = 'protect';
const iso = (d: Date | string) => new Date(d).toISOString();

function templateOut(r: TemplateRow): DrTemplate {
  return {
    id: r.id,
    name: r.name,
    engine: r.engine as DrTemplate['engine'],
    sync_mode: r.sync_mode as DrTemplate['sync_mode'],
    frequency_min: r.frequency_min as DrTemplate['frequency_min'],
    retention_days: r.retention_days,
    placement: r.placement as DrTemplate['placement'],
    threads: r.threads,
    description: r.description,
    associations: Number(r.associations ?? 0),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

async function templateIn(deps: TemplateDeps, scope: Scope, id: string): Promise<TemplateRow> {
  if (!isId(id)) throw notFound();
  const row = await deps.repo.template(scope.tenantId, id);
  if (!row) throw notFound();
  return row;
}

export async function listTemplates(deps: TemplateDeps, scope: Scope, query: unknown): Promise<{ count: number; data: DrTemplate[] }> {
  const engine = (query as { engine?: unknown } | undefined)?.engine;
  const rows = await deps.repo.templates(scope.tenantId, typeof engine === 'string' ? engine : undefined);
  return { count: rows.length, data: rows.map(templateOut) };
}

export async function getTemplate(deps: TemplateDeps, scope: Scope, id: string): Promise<DrTemplate & { links: TemplateAssociation[] }> {
  const row = await templateIn(deps, scope, id);
  return { ...templateOut(row), links: (await listAssociations(deps, scope, { template_id: row.id })).data };
}

/** POST /api/v1/dr/templates: name unique in the tenant; frequency 15 or 30 minutes. */
export async function createTemplate(deps: TemplateDeps, scope: Scope, body: unknown): Promise<DrTemplate> {
  const input = parse(templateSchema, body);
  if (await deps.repo.templateNameTaken(scope.tenantId, input.name)) throw conflict(`${R}.template_name_taken`);
  const id = await deps.repo.insertTemplate({ tenant_id: scope.tenantId, ...input }, deps.now());
  return templateOut((await deps.repo.template(scope.tenantId, id))!);
}

/** PUT /api/v1/dr/templates/:id: any field; the engine only while no instance uses the template. */
export async function updateTemplate(deps: TemplateDeps, scope: Scope, id: string, body: unknown): Promise<DrTemplate> {
  const input = parse(templateUpdateSchema, body);
  const row = await templateIn(deps, scope, id);
  if (input.engine && input.engine !== row.engine && Number(row.associations) > 0) throw conflict(`${R}.template_engine_in_use`);
  if (input.name && (await deps.repo.templateNameTaken(scope.tenantId, input.name, row.id))) throw conflict(`${R}.template_name_taken`);
  await deps.repo.updateTemplate(scope.tenantId, row.id, input, deps.now());
  return templateOut((await deps.repo.template(scope.tenantId, row.id))!);
}

/** DELETE /api/v1/dr/templates/:id: refused while an association names the template. */
export async function deleteTemplate(deps: TemplateDeps, scope: Scope, id: string): Promise<{ ok: true }> {
  const row = await templateIn(deps, scope, id);
  if (!(await deps.repo.removeUnusedTemplate(scope.tenantId, row.id))) throw conflict(`${R}.template_in_use`, { n: Number(row.associations) || 1 });
  return { ok: true };
}

export async function listAssociations(deps: TemplateDeps, scope: Scope, query: unknown): Promise<{ count: number; data: TemplateAssociation[] }> {
  const templateId = (query as { template_id?: unknown } | undefined)?.template_id;
  const rows = await deps.repo.links(scope.tenantId, typeof templateId === 'string' && isId(templateId) ? templateId : undefined);
  const data = rows.map((r) => ({ ...r, engine: r.engine as TemplateEngine, created_at: iso(r.created_at) }));
  return { count: data.length, data };
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .slice(0, 23)
    .replace(/[-:T.]/g, '');

/**
 * POST /api/v1/dr/associations: the template applied to each source → standby pair. Every pair is
 * checked first (the DR rules, no instance twice), so a refusal creates nothing; then each pair
 * becomes a DR task named after the template and linked to it.
 */
export async function associate(deps: TemplateDeps, scope: Scope, body: unknown): Promise<{ data: TemplateAssociation[] }> {
  const input = parse(associateSchema, body);
  const template = await templateIn(deps, scope, input.template_id);
  // every template engine is a DR product (NAS too, ADR 0074): the pairs pass the DR task's checks
  const engine = template.engine as DrEngine;
  for (const pair of input.pairs) await checkDr(deps.dr, scope, { engine, ...pair });
  const ids = input.pairs.flatMap((p) => [p.source_id, p.standby_id]);
  if (new Set(ids).size !== ids.length) throw badRequest(`${R}.instance_twice`);
  const now = deps.now();
  const made: string[] = [];
  for (const [i, pair] of input.pairs.entries()) {
    const name = `${template.name.slice(0, 40)}-${stamp(now)}-${i + 1}`;
    const task = await createDr(deps.dr, scope, { name, engine, threads: template.threads, ...pair });
    made.push(await deps.repo.insertLink(scope.tenantId, template.id, task.id, now));
  }
  const all = (await listAssociations(deps, scope, { template_id: template.id })).data;
  return { data: all.filter((a) => made.includes(a.id)) };
}

/** DELETE /api/v1/dr/associations/:id: the link goes; its DR task stays (stop and delete it there). */
export async function removeAssociation(deps: TemplateDeps, scope: Scope, id: string): Promise<{ ok: true }> {
  if (!isId(id) || !(await deps.repo.removeLink(scope.tenantId, id))) throw notFound();
  return { ok: true };
}
