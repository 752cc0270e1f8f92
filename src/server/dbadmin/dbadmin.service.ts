// Administration of a managed database instance through its own engine (issue 29, ADR 0058) as
// module functions over their dependencies: parameters (a whitelist per engine, read from the engine
// with its metadata, validated, kept per instance and applied where the instance can), plugins
// (PostgreSQL extensions installed and dropped; MySQL plugins read only), the sizes of its tables,
// and the simulated cloud's metric series of the instance.
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { isSqlConsoleEngine } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import { METRIC_RANGES } from '../../domain/schemas/resource.schema.ts';
import type { MetricName } from '../../domain/alarms/alarm-metrics.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { CloudProvider } from '../engine/cloud/provider.ts';
import { backendOfRow, DB_KIND, ensureBackend, instanceDbOf, type DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { SqlFailure } from '../dbconsole/sql-backend.ts';
import type { DbAdminRepository } from './dbadmin.repository.ts';
import {
  applyParam,
  dialectOf,
  engineAccepts,
  installPlugin,
  PARAMETERS,
  readParams,
  readPlugins,
  readTableSizes,
  uninstallPlugin,
  type EngineParam,
} from './engine-sql.ts';
import { checkValue } from './parameter-rules.ts';

export interface DbAdminDeps {
  repo: DbAdminRepository;
  console: DbConsoleDeps;
  provider: Pick<CloudProvider, 'metrics'>;
}

/** The instance in the caller's scope (404 outside it). */
async function scopedInstance(deps: DbAdminDeps, scope: Scope, id: string): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const row = (await deps.console.resources.findScoped(scope, id, DB_KIND)) as ResourceRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** The instance's engine, reached as its own user: 409 for an engine without one here, or an instance not running. */
async function engineOf(deps: DbAdminDeps, scope: Scope, id: string) {
  const row = await scopedInstance(deps, scope, id);
  if (!isSqlConsoleEngine(row.spec.engine)) throw conflict('refusals.db_instance.admin_unsupported');
  if (row.status !== 'running') throw conflict('refusals.db_instance.admin_not_running');
  const backendRow = await ensureBackend(deps.console, row).catch(() => {
    throw conflict('refusals.db_instance.backend_unavailable');
  });
  return { row, backend: backendOfRow(deps.console, backendRow), db: instanceDbOf(deps.console, backendRow) };
}

/** An engine's refusal as the platform's: its own message, 409. */
function engineRefused(e: unknown): never {
  if (e instanceof SqlFailure && e.reason === 'unavailable') throw conflict('refusals.db_instance.backend_unavailable');
  throw conflict('refusals.db_instance.engine_refused', { message: (e instanceof Error ? e.message : String(e)).slice(0, 300) });
}

/** GET …/parameters: the whitelist as the engine has it now, with what was set on the instance. */
export async function listParameters(deps: DbAdminDeps, scope: Scope, id: string) {
  const { row, backend, db } = await engineOf(deps, scope, id);
  const [params, saved] = await Promise.all([readParams(backend, db).catch(engineRefused), deps.repo.parametersOf(row.id)]);
  const byName = new Map(saved.map((s) => [s.name, s]));
  const data = params.map((p) => {
    const s = byName.get(p.name);
    return { ...p, saved: s ? { value: s.value, applied: s.applied, updated_at: s.updated_at.toISOString() } : null };
  });
  return { engine: dialectOf(backend), count: data.length, data };
}

const valueSchema = z.object({ value: z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v).trim()) });

/** PUT …/parameters/:name {value}: checked against the engine's metadata and the engine itself, kept, applied where it can be. */
export async function updateParameter(deps: DbAdminDeps, scope: Scope, id: string, name: string, body: unknown) {
  const { value } = parse(valueSchema, body);
  const { row, backend, db } = await engineOf(deps, scope, id);
  requirePermission(scopeCan(scope, 'update', 'resource'));
  if (!PARAMETERS[dialectOf(backend)].includes(name)) throw badRequest('refusals.db_instance.param_unknown', { name });
  const param = (await readParams(backend, db).catch(engineRefused)).find((p) => p.name === name);
  if (!param) throw badRequest('refusals.db_instance.param_unknown', { name });
  if (!param.editable) throw conflict('refusals.db_instance.param_read_only', { name });
  const normalised = validated(param, value);
  const refused = await engineAccepts(backend, db, name, normalised);
  if (refused) throw badRequest('refusals.db_instance.param_engine', { name, message: refused.slice(0, 300) });
  const applied = await applyParam(backend, db, name, normalised).catch(engineRefused);
  await deps.repo.saveParameter({ resource_id: row.id, tenant_id: row.tenant_id, name, value: normalised, applied, updated_by: scope.user.id });
  return { name, value: normalised, applied };
}

function validated(param: EngineParam, value: string): string {
  const problem = checkValue(param, value);
  if (problem) throw badRequest(`refusals.db_instance.param_${problem.rule}`, { name: param.name, ...problem.params });
  return param.type === 'bool' ? value.toUpperCase() : param.type === 'set' ? value.toUpperCase() : value;
}

/** GET …/plugins: PostgreSQL's extensions (installable) or MySQL's plugins (read only). */
export async function listPlugins(deps: DbAdminDeps, scope: Scope, id: string) {
  const { backend, db } = await engineOf(deps, scope, id);
  const data = await readPlugins(backend, db).catch(engineRefused);
  return { engine: dialectOf(backend), manageable: dialectOf(backend) === 'pg', count: data.length, data };
}

const pluginSchema = z.object({ name: z.string().trim().min(1).max(63) });
/** Extensions that come with every PostgreSQL database and may not be dropped. */
const BUILT_IN = new Set(['plpgsql']);

async function pluginTarget(deps: DbAdminDeps, scope: Scope, id: string, name: string) {
  const target = await engineOf(deps, scope, id);
  requirePermission(scopeCan(scope, 'update', 'resource'));
  if (dialectOf(target.backend) === 'mysql') throw conflict('refusals.db_instance.plugins_read_only');
  const plugin = (await readPlugins(target.backend, target.db).catch(engineRefused)).find((p) => p.name === name);
  if (!plugin) throw notFound('refusals.db_instance.plugin_unavailable', { name });
  return { ...target, plugin };
}

/** POST …/plugins {name}: CREATE EXTENSION in the instance's database, as its owner. */
export async function installExtension(deps: DbAdminDeps, scope: Scope, id: string, body: unknown) {
  const { name } = parse(pluginSchema, body);
  const { backend, db, plugin } = await pluginTarget(deps, scope, id, name);
  if (plugin.installed_version) throw conflict('refusals.db_instance.plugin_installed', { name });
  await installPlugin(backend, db, name).catch(engineRefused);
  return (await readPlugins(backend, db)).find((p) => p.name === name)!;
}

/** DELETE …/plugins/:name: DROP EXTENSION (refused by the engine while objects depend on it). */
export async function uninstallExtension(deps: DbAdminDeps, scope: Scope, id: string, name: string) {
  const { backend, db, plugin } = await pluginTarget(deps, scope, id, name);
  if (BUILT_IN.has(name)) throw conflict('refusals.db_instance.plugin_builtin', { name });
  if (!plugin.installed_version) throw conflict('refusals.db_instance.plugin_not_installed', { name });
  await uninstallPlugin(backend, db, name).catch(engineRefused);
  return { name, installed_version: null };
}

/** GET …/tablespaces: the instance's tables with their sizes, largest first, and the totals. */
export async function tableSpaces(deps: DbAdminDeps, scope: Scope, id: string) {
  const { backend, db } = await engineOf(deps, scope, id);
  const data = await readTableSizes(backend, db).catch(engineRefused);
  const sum = (k: 'data_bytes' | 'index_bytes' | 'total_bytes' | 'rows') => data.reduce((a, t) => a + t[k], 0);
  const schemas = [...new Set(data.map((t) => t.schema))].map((schema) => {
    const of = data.filter((t) => t.schema === schema);
    return { schema, tables: of.length, total_bytes: of.reduce((a, t) => a + t.total_bytes, 0) };
  });
  return {
    engine: dialectOf(backend),
    totals: { tables: data.length, rows: sum('rows'), data_bytes: sum('data_bytes'), index_bytes: sum('index_bytes'), total_bytes: sum('total_bytes') },
    schemas,
    count: data.length,
    data,
  };
}

/** The instance's series on its monitor page, in the order shown: the simulated cloud's, as alarms' metric views draw them. */
export const DB_METRICS: readonly MetricName[] = ['cpu', 'memory', 'connections', 'read_iops', 'write_iops', 'disk_usage'];
const metricsQuery = z.object({ range: z.enum(Object.keys(METRIC_RANGES) as [keyof typeof METRIC_RANGES]).default('1h') });

/** GET …/metrics?range=1h: every series of the instance over the range (a stopped instance reports nothing new, but its past shows). */
export async function instanceMetrics(deps: DbAdminDeps, scope: Scope, id: string, query: unknown, now = new Date()) {
  const { range } = parse(metricsQuery, query ?? {});
  const row = await scopedInstance(deps, scope, id);
  const seconds = METRIC_RANGES[range];
  const from = new Date(now.getTime() - seconds * 1000);
  const step = Math.max(10, Math.round(seconds / 120));
  const series = DB_METRICS.map((metric) => ({ metric, data: deps.provider.metrics(row.id, metric, from, now, step) }));
  return { range, series };
}
