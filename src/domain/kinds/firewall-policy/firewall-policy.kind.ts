// Firewall policy (firewallManage, firewallConfig, firewallDetail, firewallRecycle): source and
// target systems and addresses (target ≠ source, at most 10 each, no repeats), target ports,
// protocol, start and end time, temporary flag, reason and approval number — the approvals'
// firewallPolicySchema checks them. Created here a policy is issued at once (下发中 → 已下发,
// 无响应 when the firewall does not answer), confirmed (下发完成), disabled (未生效) and enabled again;
// deleted policies go to the recycle bin. A policy that needs approval is requested through
// POST /api/v1/approvals (firewall_policy) with firewallRequestSchema, or created here in a project
// whose approval process covers firewall_policy: the policy waits in 审批中 until decided.
import { FIREWALL_PROTOCOLS } from '../../approvals/network-rules.ts';
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

/** What a new rule needs that a change takes from the rule it changes. */
export const NEW_RULE_ONLY = {
  firewall_policy: ['name', 'vendor', 'region_id', 'az_id'],
  snat_rule: ['name', 'nat_gateway_id', 'eip_id'],
  dnat_rule: ['name', 'nat_gateway_id', 'eip_id'],
} as const;

const LIVE = ['issued', 'completed', 'inactive', 'rejected', 'no_response', 'not_auto_issued'] as const;

export const firewallPolicyKind = defineKind({
  kind: 'firewall_policy',
  collection: 'firewall-policies',
  productCode: 'firewall_policy',
  menuOrder: 200,
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
