// The assistant's tools: questions about the caller's own things (stopped hosts, last month's bill,
// firing alarms) answered by Yunshu's own services as the signed-in caller, in the scope of the
// request's headers with the API's checks (another tenant's or project's scope answers 404 as it
// does everywhere; a permission the caller lacks is refused in words, never answered).
import type { FastifyRequest } from 'fastify';
import { AppError, type Language } from '../../domain/errors.ts';
import type { AssistantAnswer } from '../../domain/assistant.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import { fenToYuan } from '../../domain/pricing.ts';
import { instanceKind } from '../../domain/kinds/instance/instance.kind.ts';
import { PLATFORM_ROLES, TENANT_ROLES, can } from '../../domain/roles.ts';
import { resolveScope, type Scope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { t } from '../platform/lib/i18n.ts';
import { monthlyBill } from '../billing/bill-report.service.ts';
import type { AlarmService } from '../alarms/alarm.service.ts';
import type { MeterService } from '../billing/meter.service.ts';
import type { ResourceService } from '../engine/resource.service.ts';

export interface ToolDeps {
  db: Db;
  tenancy: TenancyRepository;
  alarms: AlarmService;
  meter: MeterService;
  resources: ResourceService;
}

export type HostState = 'stopped' | 'running' | 'error' | 'all';
export type Intent = { tool: 'hosts'; state: HostState } | { tool: 'bill'; month: 'last' | 'this' } | { tool: 'alarms' };

const HOW_TO = /如何|怎么|怎样|步骤|教程|为什么/;
const COUNT = /几|多少|数量|哪些|哪几|有没有|列出|统计/;

/** Which tool a (normalised) question asks for, if any: a count or an amount of the caller's own things, not a how-to. */
export function detectIntent(q: string): Intent | null {
  if (HOW_TO.test(q)) return null;
  if (/告警|报警|警报/.test(q) && (COUNT.test(q) || /当前|现在|最近|未处理/.test(q))) return { tool: 'alarms' };
  if (/账单|费用|花了|花费|消费|开销|扣费/.test(q) && /多少|几|金额|总额|总共|合计/.test(q))
    return { tool: 'bill', month: /本月|这个月|当月|这月/.test(q) ? 'this' : 'last' };
  if (/云主机|主机|虚拟机|服务器|实例|ecs/.test(q) && COUNT.test(q)) {
    const state: HostState = /关机|已关|停机|关闭/.test(q) ? 'stopped' : /运行|开机|在跑/.test(q) ? 'running' : /故障|异常|错误/.test(q) ? 'error' : 'all';
    return { tool: 'hosts', state };
  }
  return null;
}

const answer = (text: string, sources: AssistantAnswer['sources'] = []): AssistantAnswer => ({ answer: text, sources });

/** The month before `now`'s (Asia/Shanghai) as YYYY-MM, or `now`'s own. */
export function billMonth(which: 'last' | 'this', now = new Date()): string {
  const [y, m] = shanghaiDay(now).split('-').map(Number) as [number, number];
  if (which === 'this') return `${y}-${String(m).padStart(2, '0')}`;
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

async function hosts(deps: ToolDeps, scope: Scope, state: HostState, lang: Language): Promise<AssistantAnswer> {
  const query: Record<string, unknown> = { __limit: 1, ...(state === 'all' ? {} : { status: state }) };
  const out = (await deps.resources.list(scope, instanceKind, query)) as { count?: number };
  const n = out.count ?? 0;
  const url = state === 'all' ? '/ecsManage' : `/ecsManage?status=${state}`;
  return answer(t(lang, `assistant:tools.hosts.${state}`, { n }), [{ title: t(lang, 'assistant:tools.hosts.link'), url }]);
}

async function bill(deps: ToolDeps, scope: Scope, which: 'last' | 'this', lang: Language): Promise<AssistantAnswer> {
  if (!can(scope.roles, 'read', 'bill')) return answer(t(lang, 'assistant:tools.bill.refused'));
  const tenantWide = scope.roles.some((r) => TENANT_ROLES.includes(r) || PLATFORM_ROLES.includes(r));
  if (!tenantWide && !scope.projectId) return answer(t(lang, 'assistant:tools.scope_needed'));
  await deps.meter.settled();
  const month = billMonth(which);
  const billScope = { tenantId: scope.tenantId, projectId: tenantWide ? null : scope.projectId };
  const out = await monthlyBill(deps.db, billScope, { start_month: month, end_month: month, group_by: 'month', cloud: 'all' }, lang);
  const [y, m] = month.split('-');
  const text = t(lang, `assistant:tools.bill.${tenantWide ? 'tenant' : 'project'}`, { year: y!, month: Number(m), amount: fenToYuan(out.summary.amount_fen) });
  const url = tenantWide ? '/tenantBillOverview' : '/projectBillOverview';
  return answer(text, [{ title: t(lang, `assistant:tools.bill.link_${tenantWide ? 'tenant' : 'project'}`), url }]);
}

async function alarms(deps: ToolDeps, scope: Scope, lang: Language): Promise<AssistantAnswer> {
  const out = (await deps.alarms.listAlarms(scope, { state: 'firing', __limit: 3 })) as {
    count: number;
    data: { resource_name: string; policy_name: string; level: string }[];
  };
  const link = [{ title: t(lang, 'assistant:tools.alarms.link'), url: '/monitorAlarm' }];
  if (!out.count) return answer(t(lang, 'assistant:tools.alarms.none'), link);
  const top = out.data.map((a) =>
    t(lang, 'assistant:tools.alarms.item', { resource: a.resource_name, policy: a.policy_name, level: t(lang, `alarms:levels_long.${a.level}`) }),
  );
  return answer(`${t(lang, 'assistant:tools.alarms.some', { n: out.count })}\n${top.join('\n')}`, link);
}

/**
 * The caller's scope as the request's headers name it, checked like every route's (before the
 * body): a scope the caller may not see answers 404; a visitor, or a caller who names none, gets null.
 */
export async function callerScope(deps: Pick<ToolDeps, 'tenancy'>, req: FastifyRequest): Promise<Scope | null> {
  if (!req.user) return null;
  try {
    return await resolveScope(req, deps.tenancy);
  } catch (err) {
    if (err instanceof AppError && err.status === 400) return null;
    throw err;
  }
}

/** Runs the tool as the caller. Signed out: asks to sign in. No scope: asks to pick one. A missing permission: says so. */
export async function runTool(deps: ToolDeps, req: FastifyRequest, scope: Scope | null, intent: Intent, lang: Language): Promise<AssistantAnswer> {
  if (!req.user) return answer(t(lang, 'assistant:tools.login'), [{ title: t(lang, 'assistant:tools.login_link'), url: '/login' }]);
  if (!scope) return answer(t(lang, 'assistant:tools.scope_needed'));
  try {
    if (intent.tool === 'hosts') return await hosts(deps, scope, intent.state, lang);
    if (intent.tool === 'bill') return await bill(deps, scope, intent.month, lang);
    return await alarms(deps, scope, lang);
  } catch (err) {
    if (err instanceof AppError && err.status === 403) return answer(t(lang, `assistant:tools.${intent.tool}.refused`));
    throw err;
  }
}
