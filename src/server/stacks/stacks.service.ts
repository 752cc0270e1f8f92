// Resource stacks (issue 31, ADR 0069) as module functions over their deps: a tenant's templates
// (checked node by node with the kinds' own create schemas before they are kept), a project's
// stacks deployed from them and their detail. A deploy only records the stack: the scheduler makes
// its resources through the engine's published service in dependency order (stack-runner.ts).
// Another tenant's or project's template or stack is 404.
import { z } from 'zod';
import { AppError, conflict, notFound, type Language } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { kindEntity } from '../../domain/kinds/kind.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { passwordRule } from '../../domain/kinds/rules.ts';
import { permissionsOf } from '../../domain/roles.ts';
import {
  STACK_BUSY,
  STACK_LIMITS,
  deployOrder,
  isStackKind,
  stackDeploySchema,
  stackIssues,
  stackTemplateSchema,
  type Stack,
  type StackGraph,
  type StackIssue,
  type StackKind,
  type StackResourceState,
  type StackState,
  type StackTemplate,
} from '../../domain/stacks.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { t } from '../platform/lib/i18n.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { runList } from '../platform/lib/list.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { ResourceService } from '../engine/resource.service.ts';
import { STACK_LIST, TEMPLATE_LIST, type StackResourceRow, type StackRow, type StacksRepository, type TemplateRow } from './stacks.repository.ts';
import { failureText } from './stack-failure.ts';

export interface StacksDeps {
  repo: StacksRepository;
  /** the engine's published resource service: every resource of a stack is made and removed through it */
  engine: Pick<ResourceService, 'create' | 'act'>;
  secrets: SecretBox;
  now: () => Date;
  log: { warn: (o: object, m: string) => void };
}

const graphOf = (text: string) => JSON.parse(text) as Pick<StackGraph, 'nodes' | 'edges'>;

function templateOut(row: TemplateRow): StackTemplate {
  const g = graphOf(row.graph);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nodes: g.nodes,
    edges: g.edges,
    builtin: row.builtin,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The first problem of a template as a 400 in the caller's language: the node's name, the field's label, the rule. */
function refusal(lang: Language, graph: StackGraph, issue: StackIssue): AppError {
  const node = graph.nodes.find((n) => n.key === issue.node);
  const rule = `errors:rules.${issue.rule}`;
  const kindName = (k: string | number | undefined) => (isStackKind(String(k)) ? t(lang, `kinds:${k}.name`) : String(k ?? ''));
  const params = { ...issue.params };
  for (const p of ['kind', 'from', 'to'] as const) if (issue.params?.[p] !== undefined) params[p] = kindName(issue.params[p]);
  const ruleText = t(lang, rule, params);
  if (!node) return new AppError(400, 'stacks.graph_invalid', { rule: ruleText });
  // A connection's refusal names the node alone (its parent's id field means nothing to a reader).
  const label = issue.field && !issue.rule.startsWith('stack_') ? t(lang, `kinds:${node.kind}.fields.${issue.field}`) : '';
  const field = !label ? '' : label !== `${node.kind}.fields.${issue.field}` ? label : (issue.field ?? '');
  return new AppError(400, field ? 'stacks.node_field_invalid' : 'stacks.node_invalid', { node: node.name, field, rule: ruleText });
}

/** A template body checked whole: its shape, then every node and connection; the first problem refuses it. */
export function checkTemplate(lang: Language, body: unknown): StackGraph {
  const graph = parse(stackTemplateSchema, body);
  const issues = stackIssues(graph);
  if (issues[0]) throw refusal(lang, graph, issues[0]);
  return graph;
}

export async function listTemplates(deps: StacksDeps, scope: Scope, query: unknown) {
  const page = await runList(deps.repo.templateListQuery(scope.tenantId), (qb) => qb.selectAll(), query, TEMPLATE_LIST);
  return { ...page, data: (page.data as TemplateRow[]).map(templateOut) };
}

export async function getTemplate(deps: StacksDeps, scope: Scope, id: string): Promise<StackTemplate> {
  const row = isId(id) ? await deps.repo.template(scope.tenantId, id) : undefined;
  if (!row) throw notFound();
  return templateOut(row);
}

const canEdit = (scope: Scope) => requirePermission(scopeCan(scope, 'create', 'resource'));

export async function createTemplate(deps: StacksDeps, scope: Scope, lang: Language, body: unknown): Promise<StackTemplate> {
  canEdit(scope);
  const graph = checkTemplate(lang, body);
  if ((await deps.repo.countTemplates(scope.tenantId)) >= STACK_LIMITS.templates) throw conflict('stacks.template_limit', { limit: STACK_LIMITS.templates });
  const now = deps.now();
  const row: TemplateRow = {
    id: newId(),
    tenant_id: scope.tenantId,
    created_by: scope.user.id,
    name: graph.name,
    description: graph.description,
    graph: JSON.stringify({ nodes: graph.nodes, edges: graph.edges }),
    builtin: false,
    created_at: now,
    updated_at: now,
  };
  await deps.repo.insertTemplate(row);
  return templateOut(row);
}

export async function updateTemplate(deps: StacksDeps, scope: Scope, lang: Language, id: string, body: unknown): Promise<StackTemplate> {
  const current = await getTemplate(deps, scope, id);
  canEdit(scope);
  if (current.builtin) throw conflict('stacks.template_builtin');
  const graph = checkTemplate(lang, body);
  await deps.repo.updateTemplate(scope.tenantId, id, {
    name: graph.name,
    description: graph.description,
    graph: JSON.stringify({ nodes: graph.nodes, edges: graph.edges }),
    updated_at: deps.now(),
  });
  return getTemplate(deps, scope, id);
}

export async function deleteTemplate(deps: StacksDeps, scope: Scope, id: string) {
  const current = await getTemplate(deps, scope, id);
  canEdit(scope);
  if (current.builtin) throw conflict('stacks.template_builtin');
  await deps.repo.deleteTemplate(scope.tenantId, id);
}

// ── stacks ──

function stackOut(lang: Language, row: StackRow, rows: StackResourceRow[], statuses: Map<string, string>): Stack {
  const g = graphOf(row.graph);
  const failure = row.failure ? failureText(lang, JSON.parse(row.failure), g) : null;
  return {
    id: row.id,
    name: row.name,
    status: row.status as StackState,
    template_id: row.template_id,
    template_name: row.template_name,
    vendor: row.vendor,
    region_id: row.region_id,
    az_id: row.az_id,
    nodes: g.nodes,
    edges: g.edges,
    resources: rows
      .filter((r) => r.stack_id === row.id)
      .map((r) => ({
        node: r.node,
        kind: r.kind as StackKind,
        name: r.name,
        state: r.state as StackResourceState,
        resource_id: r.resource_id,
        status: r.resource_id ? (statuses.get(r.resource_id) ?? null) : null,
      })),
    failure,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function present(deps: StacksDeps, lang: Language, rows: StackRow[]) {
  const resources = await deps.repo.resourcesOf(rows.map((r) => r.id));
  const statuses = await deps.repo.statusesOf(resources.flatMap((r) => (r.resource_id ? [r.resource_id] : [])));
  return rows.map((r) => stackOut(lang, r, resources, statuses));
}

export async function listStacks(deps: StacksDeps, scope: Scope, lang: Language, query: unknown) {
  const page = await runList(deps.repo.stackListQuery(scope.tenantId, scope.projectId), (qb) => qb.selectAll(), query, STACK_LIST);
  return { ...page, data: await present(deps, lang, page.data as StackRow[]) };
}

export async function getStack(deps: StacksDeps, scope: Scope, lang: Language, id: string): Promise<Stack> {
  const row = isId(id) ? await deps.repo.stack(scope.tenantId, scope.projectId, id) : undefined;
  if (!row) throw notFound();
  return (await present(deps, lang, [row]))[0]!;
}

/**
 * Records a stack to deploy from a template in one zone of the caller's project: the caller must
 * be allowed to create every kind it holds, a template with hosts needs their password. Nothing is
 * made here; the scheduler makes each resource through the engine, as the caller.
 */
export async function deployStack(deps: StacksDeps, scope: Scope, lang: Language, body: unknown): Promise<Stack> {
  if (!scope.projectId) throw new AppError(400, 'scope_required');
  const input = parse(stackDeploySchema, body);
  const template = await getTemplate(deps, scope, input.template_id);
  const graph = { name: template.name, description: template.description, nodes: template.nodes, edges: template.edges };
  const issues = stackIssues(graph);
  if (issues[0]) throw refusal(lang, graph, issues[0]);
  for (const kind of new Set(graph.nodes.map((n) => n.kind))) requirePermission(scopeCan(scope, 'create', kindEntity(kindOf(kind))));
  const hosts = graph.nodes.some((n) => n.kind === 'instance');
  if (hosts) {
    if (!input.password) throw invalid('password', 'required');
    parse(z.object({ password: passwordRule }), { password: input.password });
  }
  const order = deployOrder(graph)!;
  const now = deps.now();
  const id = newId();
  await deps.repo.insertStack(
    {
      id,
      tenant_id: scope.tenantId,
      project_id: scope.projectId,
      created_by: scope.user.id,
      template_id: template.id,
      template_name: template.name,
      name: input.name,
      status: 'deploying',
      graph: JSON.stringify({ nodes: graph.nodes, edges: graph.edges }),
      vendor: input.vendor,
      region_id: input.region_id,
      az_id: input.az_id,
      permissions: JSON.stringify([...(scope.permissions ?? permissionsOf(scope.roles))]),
      secrets: hosts ? deps.secrets.seal({ password: input.password }) : null,
      failure: null,
      lease_until: null,
      created_at: now,
      updated_at: now,
    },
    order.map((key, ord) => {
      const n = graph.nodes.find((x) => x.key === key)!;
      return { stack_id: id, node: key, ord, kind: n.kind, name: n.name, state: 'pending', resource_id: null };
    }),
  );
  return getStack(deps, scope, lang, id);
}

/**
 * Deletes a stack: a deployed (or failed) one has its resources removed through the engine by the
 * scheduler, last made first; one already rolled back or deleted leaves the list at once.
 */
export async function deleteStack(deps: StacksDeps, scope: Scope, lang: Language, id: string): Promise<Stack | null> {
  const stack = await getStack(deps, scope, lang, id);
  requirePermission(scopeCan(scope, 'delete', 'resource'));
  if ((STACK_BUSY as readonly string[]).includes(stack.status)) throw conflict('stacks.busy');
  if (!stack.resources.some((r) => r.resource_id && r.state !== 'removed')) {
    await deps.repo.deleteStack(id);
    return null;
  }
  if (!(await deps.repo.moveStack(id, ['deployed', 'failed'], 'deleting', deps.now()))) throw conflict('stacks.busy');
  return getStack(deps, scope, lang, id);
}
