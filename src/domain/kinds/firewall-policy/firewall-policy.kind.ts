// Firewall policy (firewallManage, firewallConfig, firewallDetail, firewallRecycle): source and
// target systems and addresses (target ≠ source, at most 10 each, no repeats), target ports,
// protocol, start and end time, temporary flag, reason and approval number — the approvals'
// firewallPolicySchema checks them. Created here a policy is issued at once (下发中 → 已下发,
// 无响应 when the firewall does not answer), confirmed (下发完成), disabled (未生效) and enabled again;
// deleted policies go to the recycle bin. A policy that needs approval is requested through
// POST /api/v1/approvals (firewall_policy) with firewallRequestSchema, or created here in a project
// whose approval process covers firewall_policy: the policy waits in 审批中 until decided.
import { z } from 'zod';
import { firewallPolicySchema, FIREWALL_PROTOCOLS, MAX_REASON } from '../../approvals/rule-checks.ts';
import { ANY, parsePorts, splitList } from '../../approvals/network-rules.ts';
import { idSchema } from '../../ids.ts';
import { REMOVED, defineKind } from '../kind.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { issuesFrom, listInput } from '../approval-rules.ts';
import { C, F, Q } from '../common.ts';

const datetime = z.iso.datetime({ offset: true });

const firewallShape = {
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  source_system: z.string().trim().min(1).max(64),
  target_system: z.string().trim().min(1).max(64),
  source_ips: listInput,
  target_ips: listInput,
  target_ports: listInput,
  protocol: z.enum(FIREWALL_PROTOCOLS),
  start_time: datetime.optional(),
  end_time: datetime.optional(),
  temporary: z.boolean().default(false),
  reason: z.string().trim().min(1).max(MAX_REASON),
  approval_number: z.string().trim().max(64).optional(),
};
type FirewallInput = z.infer<z.ZodObject<typeof firewallShape>>;

const firewallChecks = <T extends Omit<FirewallInput, 'name' | 'vendor' | 'region_id' | 'az_id'>>() =>
  issuesFrom<T>(firewallPolicySchema, (v) => ({
    source_system: v.source_system,
    target_system: v.target_system,
    source_ips: v.source_ips,
    target_ips: v.target_ips,
    target_ports: v.target_ports,
    protocol: v.protocol,
    start_time: v.start_time,
    end_time: v.end_time,
    temporary: v.temporary,
    reason: v.reason,
    approval_number: v.approval_number,
  }));

export const firewallCreateSchema = z.object(firewallShape).superRefine(firewallChecks<FirewallInput>());

/** What a new rule needs that a change takes from the rule it changes. */
export const NEW_RULE_ONLY = {
  firewall_policy: ['name', 'vendor', 'region_id', 'az_id'],
  snat_rule: ['name', 'nat_gateway_id', 'eip_id'],
  dnat_rule: ['name', 'nat_gateway_id', 'eip_id'],
} as const;

/** Fields a new rule must name (a change names `rule_id` instead). */
export function requireForNew(keys: readonly string[]) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (v.rule_id) return;
    for (const k of keys) if (v[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'required' });
  };
}

const firewallRequestShape = {
  ...firewallShape,
  /** an existing policy to change; absent: a new policy */
  rule_id: idSchema.optional(),
  name: firewallShape.name.optional(),
  vendor: firewallShape.vendor.optional(),
  region_id: firewallShape.region_id.optional(),
  az_id: firewallShape.az_id.optional(),
};
type FirewallRequestInput = z.infer<z.ZodObject<typeof firewallRequestShape>>;

/**
 * A firewall_policy approval request: the create body of this kind (a change names rule_id and
 * keeps the policy's name and placement). Lists come out as arrays, ports as numbers or 'any', so
 * the approver's before/after compares like with like.
 */
export const firewallRequestSchema = z
  .object(firewallRequestShape)
  .superRefine(requireForNew(NEW_RULE_ONLY.firewall_policy))
  .superRefine(firewallChecks<FirewallRequestInput>())
  .transform((v) => ({
    ...v,
    rule_id: v.rule_id ?? null,
    source_ips: splitList(v.source_ips),
    target_ips: splitList(v.target_ips),
    target_ports: (() => {
      const p = parsePorts(v.target_ports);
      return p.ok ? p.ports : ANY;
    })(),
  }));

const LIVE = ['issued', 'completed', 'inactive', 'rejected', 'no_response', 'not_auto_issued'] as const;

export const firewallPolicyKind = defineKind({
  kind: 'firewall_policy',
  collection: 'firewall-policies',
  productCode: 'firewall_policy',
  routes: { list: 'firewallManage', detail: 'firewallDetail', buy: 'firewallConfig', others: ['firewallRecycle'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    { key: 'source_system', source: 'spec', type: 'text' },
    { key: 'target_system', source: 'spec', type: 'text' },
    { key: 'source_ips', source: 'spec', type: 'text' },
    { key: 'target_ips', source: 'spec', type: 'text' },
    { key: 'target_ports', source: 'spec', type: 'text' },
    { key: 'protocol', source: 'spec', type: 'enum', options: FIREWALL_PROTOCOLS },
    { key: 'start_time', source: 'spec', type: 'datetime' },
    { key: 'end_time', source: 'spec', type: 'datetime' },
    { key: 'temporary', source: 'spec', type: 'boolean' },
    { key: 'reason', source: 'spec', type: 'text' },
    { key: 'approval_number', source: 'spec', type: 'text' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'source_system', display: true },
    { field: 'target_system', display: true },
    { field: 'source_ips', copyable: true, display: true },
    { field: 'target_ips', copyable: true, display: true },
    { field: 'target_ports', display: true },
    { field: 'protocol', display: true },
    { field: 'temporary', display: false },
    { field: 'end_time', display: false },
    { field: 'approval_number', copyable: true, display: false },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'protocol', source: 'spec', key: 'protocol', type: 'enum' },
    { param: 'source_system', source: 'spec', key: 'source_system', type: 'text' },
    { param: 'target_system', source: 'spec', key: 'target_system', type: 'text' },
    { param: 'approval_number', source: 'spec', key: 'approval_number', type: 'text' },
  ],
  statuses: {
    stable: ['issued', 'completed', 'inactive', 'approving', 'deleted'],
    inBetween: ['issuing', 'deleting', 'recovering', 'destroying'],
    failure: ['rejected', 'no_response', 'not_auto_issued'],
  },
  create: { inBetween: 'issuing', final: 'issued', failStatus: 'no_response' },
  createSchema: firewallCreateSchema as unknown as z.ZodObject<any>,
  placement: 'own',
  actions: [
    { id: 'confirm', allowedFrom: ['issued'], inBetween: null, final: 'completed', refusalKey: 'refusals.firewall_policy.confirm', permission: 'update' },
    {
      id: 'disable',
      allowedFrom: ['issued', 'completed'],
      inBetween: null,
      final: 'inactive',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'disable',
    },
    {
      id: 'enable',
      allowedFrom: ['inactive', 'no_response', 'not_auto_issued'],
      inBetween: 'issuing',
      final: 'issued',
      failStatus: 'no_response',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'enable',
    },
    {
      id: 'delete',
      allowedFrom: [...LIVE],
      inBetween: 'deleting',
      final: 'deleted',
      refusalKey: 'refusals.firewall_policy.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
    {
      id: 'recover',
      allowedFrom: ['deleted'],
      inBetween: 'recovering',
      final: 'inactive',
      refusalKey: 'refusals.firewall_policy.recover',
      permission: 'delete',
      recycleBin: true,
    },
    {
      id: 'destroy',
      allowedFrom: ['deleted'],
      inBetween: 'destroying',
      final: REMOVED,
      refusalKey: 'refusals.firewall_policy.destroy',
      permission: 'delete',
      recycleBin: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: true,
  priced: false,
});
