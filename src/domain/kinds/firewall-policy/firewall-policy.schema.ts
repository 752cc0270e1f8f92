// The zod rules of firewall-policy (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { firewallPolicySchema, MAX_REASON } from '../../approvals/rule-checks.ts';
import { FIREWALL_PROTOCOLS } from '../../approvals/network-rules.ts';
import { ANY, parsePorts, splitList } from '../../approvals/network-rules.ts';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { issuesFrom, listInput } from '../approval-rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { NEW_RULE_ONLY, firewallPolicyKind } from './firewall-policy.kind.ts';

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

export const firewallPolicySchemas = defineSchemas(firewallPolicyKind, {
  create: firewallCreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});
