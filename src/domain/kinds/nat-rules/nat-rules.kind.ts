// Rules of a NAT gateway (natDetail: snatManage/snatConfig, dnatManage/dnatConfig, ipv6Manage).
// Created here they are issued at once (issuing → issued; 无响应 when the gateway does not answer),
// disabled (未生效) and enabled again. Rules that need approval are requested through
// POST /api/v1/approvals (snat_rule / dnat_rule, with snatRequestSchema / dnatRequestSchema: the
// create body plus rule_id and reason), or created here in a project whose process covers them;
// either way the rule is a resource of this kind waiting in 审批中 until decided.
// Ports and addresses follow the approvals' natRuleSchema: port count equality, any alone,
// destination port and IP not both any, 4789 only over TCP; the EIP must be bound to this gateway
// and an EIP port is mapped once (kind-hooks).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { MAX_REASON, natRuleSchema, NAT_PROTOCOLS } from '../../approvals/rule-checks.ts';
import { ANY, isIpv4, isIpv6, isIpWithPrefix, parsePorts } from '../../approvals/network-rules.ts';
import { NEW_RULE_ONLY, requireForNew } from '../firewall-policy/firewall-policy.kind.ts';
import type { FieldDef, KindDefinition } from '../kind.ts';
import { REMOVED, defineKind } from '../kind.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { issuesFrom, listInput } from '../approval-rules.ts';
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

const ruleBase = { name: nameRule(), description: descriptionRule, nat_gateway_id: idSchema };
const placement = { from: 'nat_gateway_id', kind: 'nat_gateway' } as const;
const ruleLink = [
  { relation: 'rule_of', param: 'nat_gateway_id', kind: 'nat_gateway', allowedFrom: ['available'], refusalKey: 'refusals.nat_rule.gateway_not_available' },
];
const relations = [{ relation: 'rule_of', direction: 'out' as const, kind: 'nat_gateway', many: false }];

// ── SNAT: a source network goes out through an EIP of the gateway ───────────────────────────────

const snatShape = {
  ...ruleBase,
  eip_id: idSchema,
  source_cidr: z
    .string()
    .trim()
    .max(64)
    .refine((v) => isIpWithPrefix(v) && isIpv4(v.split('/')[0]!), { message: 'ip_invalid' }),
};
export const snatCreateSchema = z.object(snatShape);

const reason = z.string().trim().min(1).max(MAX_REASON);
/** A change keeps the rule's name and gateway; a new rule names them (requireForNew). */
const requestBase = { rule_id: idSchema.optional(), name: ruleBase.name.optional(), nat_gateway_id: idSchema.optional(), eip_id: idSchema.optional(), reason };
const portsOut = (v: unknown) => {
  const p = parsePorts(v);
  return p.ok ? p.ports : ANY;
};

/** An snat_rule approval request: this kind's create body, plus rule_id for a change and the reason. */
export const snatRequestSchema = z
  .object({ ...snatShape, ...requestBase })
  .superRefine(requireForNew(NEW_RULE_ONLY.snat_rule))
  .transform((v) => ({ ...v, rule_id: v.rule_id ?? null }));

export const snatRuleKind = defineKind({
  kind: 'snat_rule',
  collection: 'snat-rules',
  productCode: 'snat_rule',
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
  createSchema: snatCreateSchema,
  placement,
  createLinks: ruleLink,
  actions: ruleActions('snat_rule'),
  relations,
  recycle: false,
  priced: false,
});

// ── DNAT: EIP ports forwarded to an internal address ────────────────────────────────────────────

const dnatShape = {
  ...ruleBase,
  eip_id: idSchema,
  internal_ip: z.string().trim().min(1).max(64),
  protocol: z.enum(NAT_PROTOCOLS),
  internal_ports: listInput,
  eip_ports: listInput,
};

type DnatPorts = Pick<z.infer<z.ZodObject<typeof dnatShape>>, 'internal_ip' | 'internal_ports' | 'eip_ports' | 'protocol'>;
const dnatChecks = <T extends DnatPorts>() =>
  issuesFrom<T>(natRuleSchema, (v) => ({
    // The EIP is a resource here (checked by the gateway's hook); the address checks want an address.
    eip: '192.0.2.1',
    internal_ip: v.internal_ip,
    internal_ports: v.internal_ports,
    eip_ports: v.eip_ports,
    protocol: v.protocol,
    reason: '-',
  }));
export const dnatCreateSchema = z.object(dnatShape).superRefine(dnatChecks<z.infer<z.ZodObject<typeof dnatShape>>>());

const dnatRequestShape = { ...dnatShape, ...requestBase };
/** A dnat_rule approval request: this kind's create body, plus rule_id for a change and the reason. */
export const dnatRequestSchema = z
  .object(dnatRequestShape)
  .superRefine(requireForNew(NEW_RULE_ONLY.dnat_rule))
  .superRefine(dnatChecks<z.infer<z.ZodObject<typeof dnatRequestShape>>>())
  .transform((v) => ({ ...v, rule_id: v.rule_id ?? null, internal_ports: portsOut(v.internal_ports), eip_ports: portsOut(v.eip_ports) }));

export const dnatRuleKind = defineKind({
  kind: 'dnat_rule',
  collection: 'dnat-rules',
  productCode: 'dnat_rule',
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
  createSchema: dnatCreateSchema as unknown as z.ZodObject<any>,
  placement,
  createLinks: ruleLink,
  actions: ruleActions('dnat_rule'),
  relations,
  recycle: false,
  priced: false,
});

// ── IPv6: an IPv6 address of the gateway translated to an internal IPv4 address ─────────────────

const ipv6Shape = {
  ...ruleBase,
  ipv6_address: z
    .string()
    .trim()
    .max(64)
    .refine((v) => isIpv6(v), { message: 'ip_version_six' }),
  internal_ip: z
    .string()
    .trim()
    .max(64)
    .refine((v) => isIpv4(v), { message: 'ip_version_four' }),
  protocol: z.enum(NAT_PROTOCOLS),
  internal_ports: listInput,
  ipv6_ports: listInput,
};

export const ipv6CreateSchema = z.object(ipv6Shape).superRefine(
  issuesFrom<z.infer<z.ZodObject<typeof ipv6Shape>>>(
    natRuleSchema,
    (v) => ({
      eip: v.ipv6_address,
      internal_ip: v.internal_ip,
      internal_ports: v.internal_ports,
      eip_ports: v.ipv6_ports,
      protocol: v.protocol,
      reason: '-',
    }),
    { eip: 'ipv6_address', eip_ports: 'ipv6_ports' },
  ),
);

export const natIpv6RuleKind = defineKind({
  kind: 'nat_ipv6_rule',
  collection: 'nat-ipv6-rules',
  productCode: 'nat_ipv6_rule',
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
  createSchema: ipv6CreateSchema as unknown as z.ZodObject<any>,
  placement,
  createLinks: ruleLink,
  actions: ruleActions('nat_ipv6_rule'),
  relations,
  recycle: false,
  priced: false,
});
