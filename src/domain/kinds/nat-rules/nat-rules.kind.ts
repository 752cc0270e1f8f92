// Rules of a NAT gateway (natDetail: snatManage/snatConfig, dnatManage/dnatConfig, ipv6Manage).
// Created here they are issued at once (issuing → issued; 无响应 when the gateway does not answer),
// disabled (未生效) and enabled again. Rules that need approval are requested through
// POST /api/v1/approvals (snat_rule / dnat_rule, with snatRequestSchema / dnatRequestSchema: the
// create body plus rule_id and reason), or created here in a project whose process covers them;
// either way the rule is a resource of this kind waiting in 审批中 until decided.
// Ports and addresses follow the approvals' natRuleSchema: port count equality, any alone,
// destination port and IP not both any, 4789 only over TCP; the EIP must be bound to this gateway
// and an EIP port is mapped once (kind-hooks).
import { NAT_PROTOCOLS } from '../../approvals/network-rules.ts';
import type { FieldDef, KindDefinition } from '../kind.ts';
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

const RULE_STATUSES = { stable: ['issued', 'inactive'], inBetween: ['issuing', 'deleting'], failure: ['no_response'] } as const;

function ruleActions(kind: string): KindDefinition['actions'] {
  return [
    {
      id: 'disable',
      allowedFrom: ['issued'],
      inBetween: null,
      final: 'inactive',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'disable',
    },
    {
      id: 'enable',
      allowedFrom: ['inactive', 'no_response'],
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
      allowedFrom: ['issued', 'inactive', 'no_response'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: `refusals.${kind}.delete`,
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ];
}

const common = (extra: FieldDef[]): FieldDef[] => [
  F.id,
  F.name,
  F.status,
  { key: 'nat_gateway_id', source: 'spec', type: 'ref', ref: 'nat_gateway' },
  ...extra,
  F.description,
  F.createdAt,
];
const placement = { from: 'nat_gateway_id', kind: 'nat_gateway' } as const;
const ruleLink = [
  { relation: 'rule_of', param: 'nat_gateway_id', kind: 'nat_gateway', allowedFrom: ['available'], refusalKey: 'refusals.nat_rule.gateway_not_available' },
];
const relations = [{ relation: 'rule_of', direction: 'out' as const, kind: 'nat_gateway', many: false }];

export const snatRuleKind = defineKind({
  kind: 'snat_rule',
  collection: 'snat-rules',
  productCode: 'snat_rule',
  menuOrder: 150,
  routes: { list: 'natDetail_snatManage', others: ['natDetail_snatConfig'] },
  fields: common([
    { key: 'eip_id', source: 'spec', type: 'ref', ref: 'eip' },
    { key: 'eip_address', source: 'spec', type: 'ip' },
    { key: 'source_cidr', source: 'spec', type: 'cidr' },
  ]),
  columns: [C.name, C.status, { field: 'source_cidr', copyable: true, display: true }, { field: 'eip_address', copyable: true, display: true }, C.createdAt],
  filters: [
    Q.name,
    Q.status,
    { param: 'nat_gateway_id', source: 'spec', key: 'nat_gateway_id', type: 'ref' },
    { param: 'eip_id', source: 'spec', key: 'eip_id', type: 'ref' },
  ],
  statuses: RULE_STATUSES,
  create: { inBetween: 'issuing', final: 'issued', failStatus: 'no_response' },
  placement,
  createLinks: ruleLink,
  actions: ruleActions('snat_rule'),
  relations,
  recycle: false,
  priced: false,
});

export const dnatRuleKind = defineKind({
  kind: 'dnat_rule',
  collection: 'dnat-rules',
  productCode: 'dnat_rule',
  menuOrder: 160,
  routes: { list: 'natDetail_dnatManage', others: ['natDetail_dnatConfig'] },
  fields: common([
    { key: 'eip_id', source: 'spec', type: 'ref', ref: 'eip' },
    { key: 'eip_address', source: 'spec', type: 'ip' },
    { key: 'eip_ports', source: 'spec', type: 'text' },
    { key: 'internal_ip', source: 'spec', type: 'ip' },
    { key: 'internal_ports', source: 'spec', type: 'text' },
    { key: 'protocol', source: 'spec', type: 'enum', options: NAT_PROTOCOLS },
  ]),
  columns: [
    C.name,
    C.status,
    { field: 'eip_address', copyable: true, display: true },
    { field: 'eip_ports', display: true },
    { field: 'internal_ip', copyable: true, display: true },
    { field: 'internal_ports', display: true },
    { field: 'protocol', display: true },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'nat_gateway_id', source: 'spec', key: 'nat_gateway_id', type: 'ref' },
    { param: 'eip_id', source: 'spec', key: 'eip_id', type: 'ref' },
    { param: 'protocol', source: 'spec', key: 'protocol', type: 'enum' },
  ],
  statuses: RULE_STATUSES,
  create: { inBetween: 'issuing', final: 'issued', failStatus: 'no_response' },
  placement,
  createLinks: ruleLink,
  actions: ruleActions('dnat_rule'),
  relations,
  recycle: false,
  priced: false,
});

export const natIpv6RuleKind = defineKind({
  kind: 'nat_ipv6_rule',
  collection: 'nat-ipv6-rules',
  productCode: 'nat_ipv6_rule',
  menuOrder: 170,
  routes: { list: 'natDetail_ipv6Manage' },
  fields: common([
    { key: 'ipv6_address', source: 'spec', type: 'ip' },
    { key: 'ipv6_ports', source: 'spec', type: 'text' },
    { key: 'internal_ip', source: 'spec', type: 'ip' },
    { key: 'internal_ports', source: 'spec', type: 'text' },
    { key: 'protocol', source: 'spec', type: 'enum', options: NAT_PROTOCOLS },
  ]),
  columns: [
    C.name,
    C.status,
    { field: 'ipv6_address', copyable: true, display: true },
    { field: 'ipv6_ports', display: true },
    { field: 'internal_ip', copyable: true, display: true },
    { field: 'internal_ports', display: true },
    { field: 'protocol', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, { param: 'nat_gateway_id', source: 'spec', key: 'nat_gateway_id', type: 'ref' }],
  statuses: RULE_STATUSES,
  create: { inBetween: 'issuing', final: 'issued', failStatus: 'no_response' },
  placement,
  createLinks: ruleLink,
  actions: ruleActions('nat_ipv6_rule'),
  relations,
  recycle: false,
  priced: false,
});
