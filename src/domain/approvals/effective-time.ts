// When an approved firewall, SNAT or DNAT rule takes effect (seed 001 §4 "Rules"). Times are
// judged on the Asia/Shanghai clock (UTC+8 all year, no daylight saving). Every function takes
// `now`-like arguments so tests and the server inject the clock.
import type { RequestType } from './approval-status.ts';
import { INDUSTRY_REQUIREMENTS, industryRequirements } from '../tenant-industry.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const NAT_ISSUE_HOUR = 22;
export const FINANCE_PRODUCTION_HOUR = INDUSTRY_REQUIREMENTS.finance.productionRulesHour ?? 18;

/** Whether a tenant of this business type waits for the production hour (a finance tenant, tenant-industry.ts). */
export const isFinanceTenant = (businessType: string | null | undefined) => industryRequirements(businessType).productionRulesHour !== null;

/** `hour`:00 Shanghai time on the Shanghai calendar day of `at`, plus `dayOffset` days. */
export function shanghaiAt(at: Date, hour: number, dayOffset = 0): Date {
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + dayOffset, hour) - SHANGHAI_OFFSET_MS);
}

/** SNAT/DNAT requested before 22:00 are issued at 22:00 that day, otherwise at 22:00 the next day. */
export function natIssueTime(requestedAt: Date): Date {
  const today = shanghaiAt(requestedAt, NAT_ISSUE_HOUR);
  return requestedAt.getTime() < today.getTime() ? today : shanghaiAt(requestedAt, NAT_ISSUE_HOUR, 1);
}

/** Finance-tenant production rules take effect at the first 18:00 at or after the approval. */
export function financeProductionTime(approvedAt: Date): Date {
  const today = shanghaiAt(approvedAt, FINANCE_PRODUCTION_HOUR);
  return approvedAt.getTime() <= today.getTime() ? today : shanghaiAt(approvedAt, FINANCE_PRODUCTION_HOUR, 1);
}

export interface EffectiveTimeInput {
  type: RequestType;
  requestedAt: Date;
  approvedAt: Date;
  /** the finance tenant's production project */
  financeProduction: boolean;
}

/**
 * The moment a rule takes effect:
 * - finance-tenant production (firewall, SNAT, DNAT): 18:00 after approval;
 * - SNAT/DNAT elsewhere: the 22:00 slot of the request time; when the approval comes after that
 *   slot, the next 22:00 slot after the approval (a rule is never issued before it is approved);
 * - firewall policies elsewhere: immediately.
 */
export function ruleEffectiveAt(input: EffectiveTimeInput): Date {
  const { type, requestedAt, approvedAt, financeProduction } = input;
  if (financeProduction) return financeProductionTime(approvedAt);
  if (type === 'snat_rule' || type === 'dnat_rule') {
    const slot = natIssueTime(requestedAt);
    return slot.getTime() >= approvedAt.getTime() ? slot : natIssueTime(approvedAt);
  }
  return approvedAt;
}

/** What the requester is told at submission: the earliest time the rule can take effect. */
export function plannedEffectiveAt(type: RequestType, requestedAt: Date, financeProduction: boolean): Date {
  return ruleEffectiveAt({ type, requestedAt, approvedAt: requestedAt, financeProduction });
}
