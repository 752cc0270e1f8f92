// Pure rules of the NAT gateway's rule forms (nat-rule-form.tsx), apart from React for unit tests:
// which body param names the gateway, which param picks an EIP and how the EIP picker is narrowed
// to the EIPs bound to that gateway, and which hints the form shows.
import { placementParent, type KindDefinition } from '../../../domain/kinds/kind.ts';
import type { FullKind } from '../../../domain/kinds/kind-schemas.ts';
import { kindOf } from '../../../domain/kinds/registry.ts';
import { NAT_ISSUE_HOUR } from '../../../domain/approvals/effective-time.ts';

export interface RuleFormPlan {
  /** the body param naming the gateway (the rule's placement parent) */
  parentParam: string;
  /** the param choosing an EIP, or null (IPv6 rules have none) */
  eipParam: string | null;
  /** the EIP list filter that keeps the EIPs bound to the gateway */
  eipFilter: string;
  /** keys of nat:config.* hints to show */
  hints: string[];
}

export function ruleFormPlan(def: FullKind, parent: KindDefinition): RuleFormPlan {
  const parentParam = placementParent(def)?.kind === parent.kind ? placementParent(def)!.from : `${parent.kind}_id`;
  const shape = Object.keys(def.createSchema.shape as Record<string, unknown>);
  const eipParam = shape.includes('eip_id') ? 'eip_id' : null;
  // The EIP kind filters by the spec key it keeps the gateway under (nat_gateway_id).
  const eipFilter = kindOf('eip')?.filters.find((f) => f.source === 'spec' && f.key === parentParam)?.param ?? parentParam;
  const hints: string[] = [];
  if (shape.includes('source_cidr')) hints.push('cidr_hint');
  if (shape.includes('ipv6_ports')) hints.push('ipv6_ports_hint');
  else if (shape.some((k) => k.endsWith('_ports'))) hints.push('ports_hint');
  return { parentParam, eipParam, eipFilter, hints };
}

/** The fields a rule card shows: every displayed column but name, status and time. */
export function ruleCardKeys(def: Pick<KindDefinition, 'columns'>): string[] {
  const skip = new Set(['name', 'id', 'status', 'created_at']);
  return def.columns.filter((c) => c.display !== false && !skip.has(c.field)).map((c) => c.field);
}

/** What GET /api/v1/approval-requirements says of one request type in the current project. */
export interface ApprovalRequirement {
  type: string;
  needs_approval: boolean;
  issue_hour: number | null;
}

/**
 * The nat:list.* sentence (and its hour) above a rule list: issued at once; after approval at once;
 * at the nightly NAT slot of the request time (22:00); or at the first hour after approval
 * (18:00, finance production).
 */
export function issueNotice(r: ApprovalRequirement): { key: string; hour: string } {
  const hour = r.issue_hour === null ? '' : `${String(r.issue_hour).padStart(2, '0')}:00`;
  if (!r.needs_approval) return { key: 'issue_notice', hour: '' };
  if (r.issue_hour === null) return { key: 'issue_notice_approval', hour };
  return { key: r.issue_hour === NAT_ISSUE_HOUR ? 'issue_notice_nightly' : 'issue_notice_after_approval', hour };
}
