// Demo approvals: processes for 华东制造集团 and 鑫泰金融控股, at least ten pending requests of
// every type waiting for `approver` (some at the second level), a decided history, and the
// finance tenant's own pending requests for `fin_admin`. Written with a few bulk inserts. Rule
// requests are resources of their kinds waiting in 审批中 on the project's demo NAT gateway (and its
// EIP) or placed beside it (firewall policies); approved quota changes are project_quotas limits.
// Runs after the demo resources.
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import { RESOURCE_REQUEST_TYPES, type RequestType } from '../../domain/approvals/approval-status.ts';
import { estimateCostFen, requestTitle } from '../../domain/approvals/approval-summary.ts';
import type { ApprovalLevelSnapshot } from '../platform/db/tables.ts';
import { QUOTA_LIMITS } from '../../domain/approvals/quota-keys.ts';
import type { QuotaKey } from '../../domain/approvals/approval.schema.ts';

const HOUR = 3600_000;
const RESOURCE_TYPES: readonly RequestType[] = ['resource_purchase', 'resource_expansion'];
const RULE_TYPES: readonly RequestType[] = ['firewall_policy', 'snat_rule', 'dnat_rule'];
const NAT_TYPES: readonly RequestType[] = ['snat_rule', 'dnat_rule'];
const RND_TYPES: readonly RequestType[] = ['firewall_policy', 'quota_change'];
const PENDING_PER_TYPE = 12;

type Row = Record<string, unknown>;

interface Gateway {
  id: string;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  eip_id: string;
  eip_address: string;
  rules: number;
}

interface Process {
  id: string;
  tenant_id: string;
  project_id: string | null;
  name: string;
  levels: ApprovalLevelSnapshot[];
  production: boolean;
  request_types?: readonly RequestType[];
}

/** What the parts of the seed share: what the rows are built from, and the rows so far. */
interface Seeding {
  now: Date;
  tenantAdmin: { id: string };
  processes: Process[];
  price: (product: string, code: string) => number;
  gatewayOf: (pid: string) => Gateway;
  resources: Row[];
  links: Row[];
  requests: Row[];
  actions: Row[];
  messages: Row[];
  quotas: Map<string, Row>;
}

interface Plan {
  tenant: string;
  pid: string;
  type: RequestType;
  i: number;
  requester: { id: string; nickname: string };
  ageHours: number;
  atLevel2?: boolean;
  decided?: 'approved' | 'rejected';
  /** who decided it (default: the level's first approver) */
  decider?: string;
}

/** A firewall policy waiting in 审批中 beside the project's NAT gateway. */
function firewallPayload(sd: Seeding, i: number, tenant: string, pid: string, reqId: string, at: Date) {
  const { gatewayOf, resources } = sd;
  const n = i + 1;
  const systems = ['MES 生产执行', 'ERP 财务', 'WMS 仓储', 'OA 办公', 'SCM 供应链', 'BI 报表', '核心交易', '清算系统'];
  const temporary = i % 3 === 0;
  const g = gatewayOf(pid);
  const payload = {
    rule_id: null,
    name: `fw-${String(n).padStart(2, '0')}-${['mes', 'erp', 'wms', 'oa', 'scm', 'bi', 'trade', 'clear'][i % systems.length]}`,
    vendor: g.vendor,
    region_id: g.region_id,
    az_id: g.az_id,
    source_system: systems[i % systems.length],
    target_system: systems[(i + 3) % systems.length],
    source_ips: [`10.10.${n}.0/24`],
    target_ips: [`10.20.${n}.${10 + n}`, `10.20.${n}.${11 + n}`],
    target_ports: [443, 8080 + i],
    protocol: 'tcp',
    start_time: temporary ? at.toISOString() : undefined,
    end_time: temporary ? new Date(at.getTime() + 7 * 24 * HOUR).toISOString() : undefined,
    temporary,
    reason: `${systems[i % systems.length]}需要访问${systems[(i + 3) % systems.length]}接口，用于数据同步（第 ${n} 批）`,
    approval_number: `FW-2025-${1000 + n}`,
  };
  const id = newId();
  const { rule_id: _r, name, vendor, region_id, az_id, start_time, end_time, ...rest } = payload;
  const spec = { ...rest, ...(start_time ? { start_time, end_time } : {}), target_ports: payload.target_ports.join(','), approval_request_id: reqId };
  resources.push({
    id,
    kind: 'firewall_policy',
    tenant_id: tenant,
    project_id: pid,
    vendor,
    region_id,
    az_id,
    name,
    status: 'approving',
    spec: JSON.stringify(spec),
    created_at: at,
    updated_at: at,
  });
  return { payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown>, target: id, cost: 0 };
}

/** An SNAT or DNAT rule waiting on the project's NAT gateway (and its EIP). */
function natPayload(sd: Seeding, type: RequestType, i: number, tenant: string, pid: string, reqId: string, at: Date) {
  const { gatewayOf, resources, links } = sd;
  const n = i + 1;
  const snat = type === 'snat_rule';
  const g = gatewayOf(pid);
  const common = { rule_id: null, nat_gateway_id: g.id, eip_id: g.eip_id };
  const payload = snat
    ? { ...common, name: `snat-src-${String(n).padStart(2, '0')}`, source_cidr: `192.168.${n}.0/24`, reason: `子网 192.168.${n}.0/24 访问公网软件源` }
    : {
        ...common,
        name: `dnat-portal-${String(n).padStart(2, '0')}`,
        eip_ports: [8000 + n],
        internal_ip: `192.168.1.${10 + n}`,
        internal_ports: [80],
        protocol: 'tcp',
        reason: `对外发布供应商门户（第 ${n} 个站点）`,
      };
  const id = newId();
  const { rule_id: _r, name, reason: _reason, ...rest } = payload as Record<string, unknown> & { name: string };
  const spec = snat ? { ...rest, eip_address: g.eip_address } : { ...rest, eip_ports: String(8000 + n), internal_ports: '80', eip_address: g.eip_address };
  resources.push({
    id,
    kind: type,
    tenant_id: tenant,
    project_id: pid,
    vendor: g.vendor,
    region_id: g.region_id,
    az_id: g.az_id,
    name,
    status: 'approving',
    spec: JSON.stringify({ ...spec, approval_request_id: reqId }),
    created_at: at,
    updated_at: at,
  });
  links.push({ id: newId(), tenant_id: tenant, from_id: id, to_id: g.id, relation: 'rule_of' });
  g.rules++;
  return { payload: { ...payload, eip: g.eip_address }, target: id, cost: 0 };
}

/** A host, disk or EIP bought through approvals. */
function purchasePayload(sd: Seeding, i: number, tenant: string, pid: string, reqId: string, at: Date) {
  const { price, resources } = sd;
  const n = i + 1;
  const kinds = [
    { kind: 'instance', spec: { flavor: 's6.xlarge.2', cpu: 4, memory: 8, image: 'centos-7.9' }, units: 1, product: 'instance' },
    { kind: 'volume', spec: { size: 200 + 50 * i, volume_type: 'ssd' }, units: 200 + 50 * i, product: 'volume' },
    { kind: 'eip', spec: { bandwidth: 10 + i }, units: 10 + i, product: 'eip' },
  ];
  const k = kinds[i % kinds.length]!;
  const payload = {
    kind: k.kind,
    name: `${k.kind === 'instance' ? 'line3-app' : k.kind === 'volume' ? 'line3-data' : 'line3-eip'}-${String(n).padStart(2, '0')}`,
    vendor: 'openstack',
    spec: k.spec,
    charging: 'year',
    months: 12,
    units: k.units,
    reason: '产线扩建新增业务节点',
  };
  const id = newId();
  resources.push({
    id,
    kind: k.kind,
    tenant_id: tenant,
    project_id: pid,
    vendor: 'openstack',
    region_id: null,
    az_id: null,
    name: payload.name,
    status: 'approving',
    spec: JSON.stringify({ ...k.spec, charging_code: 'year', duration: 12, approval_request_id: reqId }),
    created_at: at,
    updated_at: at,
  });
  return { payload, target: id, cost: estimateCostFen({ unitPriceFen: price(k.product, 'year'), charging: 'year', months: 12, units: k.units }) };
}

/** A disk expansion. */
function expansionPayload(sd: Seeding, i: number, tenant: string, pid: string, reqId: string, at: Date) {
  const { price, resources } = sd;
  const n = i + 1;
  const id = newId();
  const size = 100 + 20 * i;
  // The disk waits in 扩容审批中 while its request is open (add() puts it back when decided).
  resources.push({
    id,
    kind: 'volume',
    tenant_id: tenant,
    project_id: pid,
    vendor: 'openstack',
    region_id: null,
    az_id: null,
    name: `erp-disk-${String(n).padStart(2, '0')}`,
    status: 'expansion_approving',
    spec: JSON.stringify({ size, volume_type: 'ssd', charging_code: 'quantity', approval_request_id: reqId }),
    created_at: new Date(at.getTime() - 20 * 24 * HOUR),
    updated_at: at,
  });
  const payload = { resource_id: id, spec: { size: size + 100 }, reason: '数据量增长，磁盘使用率超过 85%' };
  return {
    payload,
    target: id,
    cost: estimateCostFen({ unitPriceFen: price('volume', 'quantity'), charging: 'quantity', months: 1, units: 100 }),
    before: { status: i % 2 ? 'mounted' : 'unmounted', spec: { size } },
    resourceName: `erp-disk-${String(n).padStart(2, '0')}`,
  };
}

/** A quota change (the project's current limit stored beside it). */
function quotaPayload(sd: Seeding, i: number, pid: string) {
  const { now, quotas } = sd;
  const keys = ['instances', 'vcpus', 'memory_gb', 'volume_gb', 'eips', 'snapshots'] as const;
  const key = keys[i % keys.length]!;
  const current = { instances: 50, vcpus: 200, memory_gb: 400, volume_gb: 10240, eips: 20, snapshots: 100 }[key];
  quotas.set(`${pid}:${key}`, { project_id: pid, ...QUOTA_LIMITS[key], max_count: current, updated_at: now });
  const payload = { quota_key: key, value: current * 2 + i, reason: '年度业务增长，申请提升项目配额' };
  return { payload, target: pid, cost: 0, before: { quota_key: key, value: current } };
}

function payloadFor(sd: Seeding, type: RequestType, i: number, tenant: string, pid: string, reqId: string, at: Date) {
  switch (type) {
    case 'firewall_policy':
      return firewallPayload(sd, i, tenant, pid, reqId, at);
    case 'snat_rule':
    case 'dnat_rule':
      return natPayload(sd, type, i, tenant, pid, reqId, at);
    case 'resource_purchase':
      return purchasePayload(sd, i, tenant, pid, reqId, at);
    case 'resource_expansion':
      return expansionPayload(sd, i, tenant, pid, reqId, at);
    case 'quota_change':
      return quotaPayload(sd, i, pid);
    default:
      // invoice requests are seeded with their invoices (invoices.seed.ts)
      throw new Error(`demo approvals: no payload for ${type}`);
  }
}
type Built = ReturnType<typeof payloadFor>;

/** The request's decision, with its actions and the effect brought to its end state. */
function decide(
  sd: Seeding,
  plan: Plan & { decided: 'approved' | 'rejected' },
  built: Built,
  r: { id: string; level: number; levels: ApprovalLevelSnapshot[]; levelEnteredAt: Date },
) {
  const { id, level, levels, levelEnteredAt } = r;
  const expansion = plan.type === 'resource_expansion';
  const decidedAt = new Date(levelEnteredAt.getTime() + 2 * HOUR);
  const decidedBy = plan.decider ?? levels[level - 1]!.approver_ids[0]!;
  const approved = plan.decided === 'approved';
  const rejectReason = approved ? null : '申请理由不充分，请补充业务说明后重新提交';
  sd.actions.push({
    id: newId(),
    request_id: id,
    tenant_id: plan.tenant,
    level,
    action: approved ? 'approved' : 'rejected',
    actor_id: decidedBy,
    on_behalf_of: null,
    comment: rejectReason,
    created_at: decidedAt,
  });
  settleEffect(sd, plan, built, decidedAt);
  const status = approved ? 'approved' : expansion ? 'expansion_rejected' : 'rejected';
  return { status, decidedAt, decidedBy, rejectReason, effectiveAt: approved ? decidedAt : null };
}

/** Brings a decided request's effect to its end state: an approved rule is issued, a rejected new rule is gone. */
function settleEffect(sd: Seeding, plan: Plan & { decided: 'approved' | 'rejected' }, built: Built, decidedAt: Date) {
  const { resources, links, gatewayOf, quotas } = sd;
  const res = resources.find((r) => r.id === built.target);
  if (res && RULE_TYPES.includes(plan.type)) {
    const { approval_request_id: _r, ...spec } = JSON.parse(res.spec as string) as Record<string, unknown>;
    if (plan.decided === 'approved') Object.assign(res, { status: 'issued', spec: JSON.stringify({ ...spec, issued_at: decidedAt.toISOString() }) });
    else {
      resources.splice(resources.indexOf(res), 1);
      const link = links.findIndex((l) => l.from_id === res.id);
      if (link >= 0) {
        links.splice(link, 1);
        gatewayOf(plan.pid).rules--;
      }
    }
  }
  if (res && plan.type === 'resource_purchase') {
    if (plan.decided === 'approved') Object.assign(res, { status: res.kind === 'instance' ? 'running' : res.kind === 'volume' ? 'unmounted' : 'available' });
    else resources.splice(resources.indexOf(res), 1);
  }
  if (res && plan.type === 'resource_expansion') {
    const { approval_request_id: _r, ...spec } = JSON.parse(res.spec as string) as Record<string, unknown>;
    const p = built.payload as { spec: { size: number } };
    Object.assign(res, {
      status: (built as { before?: { status: string } }).before!.status,
      spec: JSON.stringify(plan.decided === 'approved' ? { ...spec, size: p.spec.size } : spec),
    });
  }
  if (plan.type === 'quota_change' && plan.decided === 'approved') {
    const p = built.payload as { quota_key: string; value: number };
    quotas.set(`${plan.pid}:${p.quota_key}`, { project_id: plan.pid, ...QUOTA_LIMITS[p.quota_key as QuotaKey], max_count: p.value, updated_at: decidedAt });
  }
}

/** A site message to each approver the request waits for. */
function notifyApprovers(sd: Seeding, plan: Plan, built: Built, id: string, current: string[], levelEnteredAt: Date) {
  const { messages } = sd;
  for (const uid of current) {
    messages.push({
      id: newId(),
      user_id: uid,
      tenant_id: plan.tenant,
      category: 'approval',
      message_key: 'new_request',
      params: JSON.stringify({
        requester: plan.requester.nickname,
        type: plan.type,
        title: requestTitle(plan.type, built.payload as Record<string, unknown>, { resourceName: (built as { resourceName?: string }).resourceName }),
      }),
      link: `/selfApprovalDetail/${id}`,
      ref_id: id,
      read_at: plan.ageHours > 24 ? levelEnteredAt : null,
      created_at: levelEnteredAt,
    });
  }
}

function addRequest(sd: Seeding, plan: Plan) {
  const { now, tenantAdmin, actions, requests } = sd;
  const id = newId();
  const createdAt = new Date(now.getTime() - plan.ageHours * HOUR);
  const built = payloadFor(sd, plan.type, plan.i, plan.tenant, plan.pid, id, createdAt);
  const process = sd.processes.find((p) => p.project_id === plan.pid) ?? sd.processes.find((p) => p.tenant_id === plan.tenant && !p.project_id)!;
  const levels = process.levels;
  const atLevel2 = !!plan.atLevel2 && levels.length > 1;
  const level = atLevel2 ? 2 : 1;
  const levelEnteredAt = atLevel2 ? new Date(createdAt.getTime() + Math.min(plan.ageHours / 2, 20) * HOUR) : createdAt;
  const expansion = plan.type === 'resource_expansion';
  let status = atLevel2 ? (expansion ? 'expansion_approving' : 'approving') : expansion ? 'expansion_approving' : 'pending';
  let decidedAt: Date | null = null;
  let decidedBy: string | null = null;
  let rejectReason: string | null = null;
  let effectiveAt: Date | null = null;
  let current = levels[level - 1]!.approver_ids;
  actions.push({
    id: newId(),
    request_id: id,
    tenant_id: plan.tenant,
    level: 1,
    action: 'submitted',
    actor_id: plan.requester.id,
    on_behalf_of: null,
    comment: null,
    created_at: createdAt,
  });
  if (atLevel2)
    actions.push({
      id: newId(),
      request_id: id,
      tenant_id: plan.tenant,
      level: 1,
      action: 'approved',
      actor_id: tenantAdmin.id,
      on_behalf_of: null,
      comment: '同意，请部门负责人复核',
      created_at: levelEnteredAt,
    });
  if (plan.decided) {
    ({ status, decidedAt, decidedBy, rejectReason, effectiveAt } = decide(sd, { ...plan, decided: plan.decided }, built, {
      id,
      level,
      levels,
      levelEnteredAt,
    }));
    current = [];
  } else notifyApprovers(sd, plan, built, id, current, levelEnteredAt);
  requests.push({
    id,
    tenant_id: plan.tenant,
    project_id: plan.pid,
    type: plan.type,
    status,
    title: requestTitle(plan.type, built.payload as Record<string, unknown>, { resourceName: (built as { resourceName?: string }).resourceName }),
    payload: JSON.stringify(built.payload),
    before: (built as { before?: unknown }).before ? JSON.stringify((built as { before?: unknown }).before) : null,
    requester_id: plan.requester.id,
    process_id: process.id,
    production: process.production,
    estimated_cost_fen: built.cost,
    levels: JSON.stringify(levels),
    level_count: levels.length,
    current_level: level,
    current_approver_ids: JSON.stringify(current),
    participant_ids: JSON.stringify([...new Set(levels.flatMap((l) => l.approver_ids))]),
    level_entered_at: levelEnteredAt,
    escalate_after_hours: plan.decided ? null : levels[level - 1]!.escalate_after_hours,
    escalated_to_admins: false,
    target_id: built.target,
    effective_at: effectiveAt,
    decided_at: decidedAt,
    decided_by: decidedBy,
    decided_on_behalf_of: null,
    reject_reason: rejectReason,
    created_at: createdAt,
    updated_at: decidedAt ?? levelEnteredAt,
  });
}

/** Each project's first available demo NAT gateway and the EIP bound to it. */
async function loadGateways(db: Db): Promise<Map<string, Gateway>> {
  const gatewayRows = await db
    .selectFrom('resources')
    .select(['id', 'project_id', 'vendor', 'region_id', 'az_id', 'spec'])
    .where('kind', '=', 'nat_gateway')
    .where('status', '=', 'available')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const eipRows = await db
    .selectFrom('links')
    .innerJoin('resources', 'resources.id', 'links.from_id')
    .select(['links.to_id as gateway_id', 'resources.id', 'resources.spec'])
    .where('links.relation', '=', 'bound_to')
    .where('resources.kind', '=', 'eip')
    .execute();
  const gateways = new Map<string, Gateway>();
  for (const g of gatewayRows) {
    const eip = eipRows.find((e) => e.gateway_id === g.id);
    if (!eip || gateways.has(g.project_id)) continue;
    gateways.set(g.project_id, {
      id: g.id,
      vendor: g.vendor,
      region_id: g.region_id,
      az_id: g.az_id,
      eip_id: eip.id,
      eip_address: String((eip.spec as Record<string, unknown>).address ?? ''),
      rules: 0,
    });
  }
  return gateways;
}

/** Per type: pending requests (some at the second level), a decided history, and the finance tenant's own. */
function planRequests(
  sd: Seeding,
  t: { hd: string; fin: string; mes: string; supply: string; rnd: string; trading: string },
  u: { member: Plan['requester']; tenantAdmin: Plan['requester']; finAdmin: Plan['requester'] },
) {
  const { hd, fin, mes, supply, rnd, trading } = t;
  const { member, tenantAdmin, finAdmin } = u;
  let seq = 0;
  for (const type of RESOURCE_REQUEST_TYPES) {
    // Each type only where the process covers it (no purchases, expansions or NAT rules in the test environment).
    const hdProjects = RESOURCE_TYPES.includes(type) || NAT_TYPES.includes(type) ? [mes, supply, mes] : [mes, supply, rnd];
    for (let i = 0; i < PENDING_PER_TYPE; i++) {
      const pid = hdProjects[i % 3]!;
      addRequest(sd, {
        tenant: hd,
        pid,
        type,
        i,
        requester: pid === mes ? member : tenantAdmin,
        ageHours: 1 + ((seq++ * 7) % 46) + i / 10,
        atLevel2: pid === mes && i % 2 === 0,
      });
    }
    // Decided history: two approved, one rejected per type.
    for (let i = PENDING_PER_TYPE; i < PENDING_PER_TYPE + 3; i++) {
      const pid = hdProjects[i % 3]!;
      addRequest(sd, {
        tenant: hd,
        pid,
        type,
        i,
        requester: pid === mes ? member : tenantAdmin,
        ageHours: 72 + i * 5,
        decided: i === PENDING_PER_TYPE + 2 ? 'rejected' : 'approved',
      });
    }
    // The finance tenant's own pending requests.
    for (let i = 0; i < 2; i++) addRequest(sd, { tenant: fin, pid: trading, type, i: 20 + i, requester: finAdmin, ageHours: 2 + i * 5 });
  }
}

/** Writes the rows in one transaction, a few bulk inserts. */
async function writeRows(db: Db, sd: Seeding, gateways: Map<string, Gateway>) {
  const { resources, links, quotas, requests, actions, messages } = sd;
  const chunks = <T>(rows: T[], size = 200) => Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
  await db.transaction().execute(async (trx) => {
    if (resources.length)
      await trx
        .insertInto('resources')
        .values(resources as never)
        .execute();
    for (const c of chunks(links))
      await trx
        .insertInto('links')
        .values(c as never)
        .execute();
    // The gateways count the rules waiting on them, as the engine's hook does.
    for (const g of gateways.values()) {
      if (g.rules)
        await trx
          .updateTable('resources')
          .set({ spec: sql`jsonb_set(spec, '{rule_count}', to_jsonb(coalesce((spec->>'rule_count')::int, 0) + ${g.rules}))` })
          .where('id', '=', g.id)
          .execute();
    }
    if (quotas.size)
      await trx
        .insertInto('project_quotas')
        .values([...quotas.values()] as never)
        .execute();
    for (const c of chunks(requests))
      await trx
        .insertInto('approval_requests')
        .values(c as never)
        .execute();
    for (const c of chunks(actions))
      await trx
        .insertInto('approval_actions')
        .values(c as never)
        .execute();
    for (const c of chunks(messages))
      await trx
        .insertInto('site_messages')
        .values(c as never)
        .execute();
  });
}

export async function seedApprovals(db: Db, now = new Date()): Promise<void> {
  const tenants = await db.selectFrom('tenants').select(['id', 'name']).execute();
  const projects = await db.selectFrom('projects').select(['id', 'name', 'tenant_id']).execute();
  const users = await db.selectFrom('users').select(['id', 'account', 'nickname']).execute();
  const tenantId = (name: string) => tenants.find((t) => t.name === name)?.id;
  const projectId = (name: string) => projects.find((p) => p.name === name)?.id;
  const user = (account: string) => users.find((u) => u.account === account);
  const hd = tenantId('华东制造集团');
  const fin = tenantId('鑫泰金融控股');
  const approver = user('approver');
  const tenantAdmin = user('tenant_admin');
  const member = user('member');
  const finAdmin = user('fin_admin');
  const finApprover = user('fin_approver');
  if (!hd || !fin || !approver || !tenantAdmin || !member || !finAdmin || !finApprover) return;
  const mes = projectId('smart-factory-mes')!;
  const supply = projectId('supply-chain')!;
  const rnd = projectId('rnd-test')!;
  const trading = projectId('core-trading')!;

  const prices = await db.selectFrom('charging_pkgs').select(['product_code', 'code', 'unit_price_fen']).where('tenant_id', 'is', null).execute();
  const price = (product: string, code: string) => Number(prices.find((p) => p.product_code === product && p.code === code)?.unit_price_fen ?? 0);

  const twoLevels: ApprovalLevelSnapshot[] = [
    { name: '项目审批', approver_ids: [approver.id, tenantAdmin.id], escalate_after_hours: 72 },
    { name: '部门负责人审批', approver_ids: [approver.id], escalate_after_hours: 168 },
  ];
  const oneLevel = (ids: string[]): ApprovalLevelSnapshot[] => [{ name: '项目审批', approver_ids: ids, escalate_after_hours: 72 }];
  const processes: Process[] = [
    { id: newId(), tenant_id: hd, project_id: mes, name: '智能工厂 MES 两级审批', levels: twoLevels, production: true },
    { id: newId(), tenant_id: hd, project_id: supply, name: '供应链协同平台审批', levels: oneLevel([approver.id]), production: true },
    // The test environment buys, resizes and adds NAT rules freely (the engine provisions and issues
    // at once); its firewall policies and quotas are approved.
    { id: newId(), tenant_id: hd, project_id: rnd, name: '研发测试环境审批', levels: oneLevel([approver.id]), production: false, request_types: RND_TYPES },
    // fin_admin approves too, but the requests fin_admin submits are fin_approver's to decide.
    { id: newId(), tenant_id: fin, project_id: trading, name: '核心交易系统审批', levels: oneLevel([finApprover.id, finAdmin.id]), production: true },
    { id: newId(), tenant_id: fin, project_id: null, name: '鑫泰金控默认审批', levels: oneLevel([finApprover.id, finAdmin.id]), production: false },
  ];
  await db
    .insertInto('approval_processes')
    .values(
      processes.map((p) => ({
        ...p,
        description: null,
        request_types: JSON.stringify(p.request_types ?? RESOURCE_REQUEST_TYPES),
        levels: JSON.stringify(p.levels),
        enabled: true,
        created_by: p.tenant_id === hd ? tenantAdmin.id : finAdmin.id,
        created_at: new Date(now.getTime() - 30 * 24 * HOUR),
        updated_at: new Date(now.getTime() - 30 * 24 * HOUR),
      })),
    )
    .execute();

  const gateways = await loadGateways(db);
  const gatewayOf = (pid: string) => {
    const g = gateways.get(pid);
    if (!g) throw new Error(`demo approvals: project ${pid} has no NAT gateway with an EIP`);
    return g;
  };
  const sd: Seeding = { now, tenantAdmin, processes, price, gatewayOf, resources: [], links: [], requests: [], actions: [], messages: [], quotas: new Map() };
  planRequests(sd, { hd, fin, mes, supply, rnd, trading }, { member, tenantAdmin, finAdmin });
  await writeRows(db, sd, gateways);
}

/** The finance tenant's requests fin_owner submits, by type: two waiting for fin_admin, one it approved, one it rejected. */
const OWNER_REQUESTS: { type: RequestType; decided?: 'approved' | 'rejected' }[] = [
  { type: 'resource_purchase' },
  { type: 'resource_expansion' },
  { type: 'resource_purchase' },
  { type: 'resource_purchase', decided: 'approved' },
  { type: 'resource_expansion', decided: 'rejected' },
];

/**
 * Requests of the finance tenant's project owner (fin_owner, 林志豪, seeded with the organisation, so
 * after seedApprovals): fin_admin, an approver of its processes, has some to decide and a decided
 * history, so the approver's journey can be walked in Traditional Chinese (issue 28).
 */
export async function seedOwnerRequests(db: Db, now = new Date()): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'account', 'nickname']).where('account', 'in', ['fin_owner', 'fin_admin']).execute();
  const owner = users.find((u) => u.account === 'fin_owner');
  const finAdmin = users.find((u) => u.account === 'fin_admin');
  const trading = await db.selectFrom('projects').select(['id', 'tenant_id']).where('name', '=', 'core-trading').executeTakeFirst();
  if (!owner || !finAdmin || !trading) return;
  const rows = await db.selectFrom('approval_processes').selectAll().where('tenant_id', '=', trading.tenant_id).execute();
  const processes: Process[] = rows.map((r) => ({
    id: r.id,
    tenant_id: r.tenant_id,
    project_id: r.project_id,
    name: r.name,
    levels: (typeof r.levels === 'string' ? JSON.parse(r.levels) : r.levels) as ApprovalLevelSnapshot[],
    production: r.production,
  }));
  const prices = await db.selectFrom('charging_pkgs').select(['product_code', 'code', 'unit_price_fen']).where('tenant_id', 'is', null).execute();
  const price = (product: string, code: string) => Number(prices.find((p) => p.product_code === product && p.code === code)?.unit_price_fen ?? 0);
  const gateways = await loadGateways(db);
  const gatewayOf = (pid: string) => {
    const g = gateways.get(pid);
    if (!g) throw new Error(`demo approvals: project ${pid} has no NAT gateway with an EIP`);
    return g;
  };
  const sd: Seeding = {
    now,
    tenantAdmin: finAdmin,
    processes,
    price,
    gatewayOf,
    resources: [],
    links: [],
    requests: [],
    actions: [],
    messages: [],
    quotas: new Map(),
  };
  OWNER_REQUESTS.forEach((r, k) =>
    addRequest(sd, {
      tenant: trading.tenant_id,
      pid: trading.id,
      type: r.type,
      i: 30 + k,
      requester: owner,
      ageHours: r.decided ? 96 + k * 6 : 3 + k * 4,
      decided: r.decided,
      decider: r.decided ? finAdmin.id : undefined,
    }),
  );
  await writeRows(db, sd, gateways);
}
