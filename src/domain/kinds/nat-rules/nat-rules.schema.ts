// The zod rules of nat-rules (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { MAX_REASON, natRuleSchema } from '../../approvals/rule-checks.ts';
import { NAT_PROTOCOLS } from '../../approvals/network-rules.ts';
import { isIpv4, isIpv6, isIpWithPrefix } from '../../approvals/network-rules.ts';
import { NEW_RULE_ONLY } from '../firewall-policy/firewall-policy.kind.ts';
import { requireForNew } from '../firewall-policy/firewall-policy.schema.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { issuesFrom, listInput } from '../approval-rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { snatRuleKind, dnatRuleKind, natIpv6RuleKind } from './nat-rules.kind.ts';
import { portsOut } from './nat-rules.rules.ts';

const ruleBase = { name: nameRule(), description: descriptionRule, nat_gateway_id: idSchema };

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

/** An snat_rule approval request: this kind's create body, plus rule_id for a change and the reason. */
export const snatRequestSchema = z
  .object({ ...snatShape, ...requestBase })
  .superRefine(requireForNew(NEW_RULE_ONLY.snat_rule))
  .transform((v) => ({ ...v, rule_id: v.rule_id ?? null }));

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

export const snatRuleSchemas = defineSchemas(snatRuleKind, {
  create: snatCreateSchema,
  actions: {},
});

export const dnatRuleSchemas = defineSchemas(dnatRuleKind, {
  create: dnatCreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});

export const natIpv6RuleSchemas = defineSchemas(natIpv6RuleKind, {
  create: ipv6CreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});
