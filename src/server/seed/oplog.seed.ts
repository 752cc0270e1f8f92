// The operation log's demo lines (logManage, issue 28: a demo that makes every screen meaningful).
// Written from the demo rows themselves, in the shape the request pipeline writes a line
// (oplog/operation-log.plugin.ts): every approval submitted and decided (approval_actions), the
// resources each tenant's administrator created, host restarts by the project's people, and one
// refused restart of a stopped host — who, what, on which resource, from which address, the outcome.
import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { requestSentence } from '../../domain/approvals/request-summary.ts';
import { sharedT, t } from '../platform/lib/i18n.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/tables.ts';

type Line = Insertable<Database['operation_logs']>;
interface Person {
  id: string;
  account: string;
  nickname: string;
}

/** What each approval step is called in the log, and the route that takes it. */
const APPROVAL_STEPS: Record<string, { code: string; route: string }> = {
  submitted: { code: 'approval_submit', route: '/api/v1/approvals' },
  approved: { code: 'approval_approve', route: '/api/v1/approvals/:id/approve' },
  rejected: { code: 'approval_reject', route: '/api/v1/approvals/:id/reject' },
};
/** Kinds whose creations the log shows, newest first, per project. */
const CREATED_KINDS = ['instance', 'volume', 'vpc', 'subnet', 'eip', 'nat_gateway', 'load_balancer', 'snapshot'];
const CREATED_PER_PROJECT = 6;
const HOUR = 3600_000;

/** An office address for people, a phone network's for the on-call restart at night. */
const office = (n: number) => `10.20.${(n % 200) + 10}.${((n * 7) % 250) + 2}`;
const mobile = (n: number) => `223.104.${(n % 60) + 3}.${((n * 13) % 250) + 2}`;

function line(
  who: Person,
  at: Date,
  what: Omit<Line, 'id' | 'user_id' | 'account' | 'nickname' | 'created_at' | 'status_code' | 'success' | 'error_title' | 'method'>,
  refused?: string,
): Line {
  return {
    id: newId(),
    user_id: who.id,
    account: who.account,
    nickname: who.nickname,
    method: 'POST',
    status_code: refused ? 409 : 200,
    success: !refused,
    error_title: refused ?? null,
    created_at: at,
    ...what,
  };
}

async function approvalLines(db: Db): Promise<Line[]> {
  const rows = await db
    .selectFrom('approval_actions as a')
    .innerJoin('approval_requests as r', 'r.id', 'a.request_id')
    .innerJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.action', 'a.created_at', 'r.id', 'r.tenant_id', 'r.project_id', 'r.title', 'r.type', 'r.payload', 'u.id as user_id', 'u.account', 'u.nickname'])
    .where('a.action', 'in', Object.keys(APPROVAL_STEPS))
    .execute();
  const zh = sharedT('zh-CN');
  return rows.map((r, i) => {
    const step = APPROVAL_STEPS[r.action]!;
    return line({ id: r.user_id, account: r.account, nickname: r.nickname }, new Date(r.created_at), {
      tenant_id: r.tenant_id,
      project_id: r.project_id,
      action: step.code,
      route: step.route,
      resource_type: 'approval',
      resource_id: r.id,
      resource_name: requestSentence(zh, r).slice(0, 200),
      ip: office(i),
    });
  });
}

/** Each tenant's administrator (its first), who created the demo resources. */
async function tenantAdmins(db: Db): Promise<Map<string, Person>> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.tenant_id', 'u.id', 'u.account', 'u.nickname'])
    .where('m.role', '=', 'tenant_admin')
    .orderBy('u.account')
    .execute();
  const out = new Map<string, Person>();
  for (const r of rows) if (r.tenant_id && !out.has(r.tenant_id)) out.set(r.tenant_id, { id: r.id, account: r.account, nickname: r.nickname });
  return out;
}

async function resourceLines(db: Db, admins: Map<string, Person>): Promise<Line[]> {
  const rows = await db
    .selectFrom('resources')
    .select(['id', 'kind', 'name', 'status', 'tenant_id', 'project_id', 'created_at'])
    .where('kind', 'in', CREATED_KINDS)
    .orderBy('created_at', 'desc')
    .execute();
  const created = new Map<string, number>();
  const hostLines = new Set<string>();
  const lines: Line[] = [];
  const now = Date.now();
  for (const [i, r] of rows.entries()) {
    const who = admins.get(r.tenant_id);
    const def = kindOf(r.kind);
    if (!who || !def) continue;
    const on = { tenant_id: r.tenant_id, project_id: r.project_id, resource_type: r.kind, resource_id: r.id, resource_name: r.name };
    const seen = created.get(r.project_id) ?? 0;
    if (seen < CREATED_PER_PROJECT) {
      created.set(r.project_id, seen + 1);
      lines.push(line(who, new Date(r.created_at), { ...on, action: `kind:${r.kind}:create`, route: `/api/${def.collection}`, ip: office(i) }));
    }
    // a project's first running host was restarted last night from a phone; a stopped one refused it
    const key = `${r.project_id}:${r.status}`;
    if (r.kind !== 'instance' || !['running', 'stopped'].includes(r.status) || hostLines.has(key)) continue;
    hostLines.add(key);
    const at = new Date(now - (r.status === 'running' ? 9 : 8) * HOUR);
    const action = { ...on, action: 'kind:instance:reboot', route: '/api/instances/:id/actions', ip: mobile(i) };
    lines.push(r.status === 'running' ? line(who, at, action) : line(who, at, action, t('zh-CN', 'errors:refusals.instance.reboot')));
  }
  return lines;
}

/** Writes the demo's operation log; answers how many lines. */
export async function seedOperationLogs(db: Db): Promise<number> {
  const lines = [...(await approvalLines(db)), ...(await resourceLines(db, await tenantAdmins(db)))];
  for (let i = 0; i < lines.length; i += 200)
    await db
      .insertInto('operation_logs')
      .values(lines.slice(i, i + 200))
      .execute();
  return lines.length;
}
