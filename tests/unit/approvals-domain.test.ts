// The pure approval rules: statuses and transitions, effective times on the Shanghai clock,
// IP/port lists, and the request schemas (seed 001 §4, §5).
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUSES,
  APPROVAL_TRANSITIONS,
  DECIDED_STATUSES,
  OPEN_STATUSES,
  afterApprove,
  afterReject,
  canTransition,
  escalation,
  freeRequestTypes,
  initialStatus,
  REQUEST_TYPES,
  ruleStatusAfterApproval,
} from '../../src/domain/approvals/approval-status.ts';
import { financeProductionTime, natIssueTime, plannedEffectiveAt, ruleEffectiveAt, shanghaiAt } from '../../src/domain/approvals/effective-time.ts';
import { checkIpList, checkTargetDiffers, isIpWithPrefix, isIpv6, parsePorts } from '../../src/domain/approvals/network-rules.ts';
import {
  approvalProcessSchema,
  approveSchema,
  createRequestSchema,
  delegationSchema,
  delegationWindow,
  firewallPolicySchema,
  natRuleSchema,
  rejectSchema,
} from '../../src/domain/approvals/approval.schema.ts';
import { estimateCostFen, requestTitle } from '../../src/domain/approvals/approval-summary.ts';

const at = (s: string) => new Date(`${s}+08:00`);
const firstIssue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error && { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };

describe('statuses and transitions', () => {
  it('splits the ten approval statuses into open and decided', () => {
    expect(APPROVAL_STATUSES).toHaveLength(10);
    expect([...OPEN_STATUSES, ...DECIDED_STATUSES].sort()).toEqual([...APPROVAL_STATUSES].sort());
    for (const s of APPROVAL_STATUSES) expect(APPROVAL_TRANSITIONS[s]).toBeDefined();
  });

  it('starts as pending, expansion approving, or no approval needed', () => {
    expect(initialStatus('firewall_policy', true)).toBe('pending');
    expect(initialStatus('resource_expansion', true)).toBe('expansion_approving');
    expect(initialStatus('quota_change', false)).toBe('no_approval_needed');
  });

  it('moves to the next level, then approves (or issues when deferred)', () => {
    expect(afterApprove({ type: 'snat_rule', status: 'pending', currentLevel: 1, levelCount: 2 })).toEqual({
      kind: 'next_level',
      level: 2,
      status: 'approving',
    });
    expect(afterApprove({ type: 'resource_expansion', status: 'expansion_approving', currentLevel: 1, levelCount: 2 })).toEqual({
      kind: 'next_level',
      level: 2,
      status: 'expansion_approving',
    });
    expect(afterApprove({ type: 'snat_rule', status: 'approving', currentLevel: 2, levelCount: 2 })).toEqual({ kind: 'final', status: 'approved' });
    expect(afterApprove({ type: 'snat_rule', status: 'approving', currentLevel: 2, levelCount: 2 }, true)).toEqual({ kind: 'final', status: 'issuing' });
    expect(afterApprove({ type: 'snat_rule', status: 'approved', currentLevel: 1, levelCount: 1 })).toBeNull();
  });

  it('rejects open requests only', () => {
    expect(afterReject({ type: 'dnat_rule', status: 'approving' })).toBe('rejected');
    expect(afterReject({ type: 'resource_expansion', status: 'expansion_approving' })).toBe('expansion_rejected');
    expect(afterReject({ type: 'dnat_rule', status: 'rejected' })).toBeNull();
    expect(canTransition('approved', 'rejected')).toBe(false);
    expect(canTransition('issuing', 'approved')).toBe(true);
  });

  it('escalates after the limit: next level, then the tenant admins, once', () => {
    const base = {
      type: 'quota_change' as const,
      status: 'pending' as const,
      currentLevel: 1,
      levelCount: 2,
      enteredLevelAt: at('2025-03-01T09:00:00'),
      limitHours: 24,
      escalatedToAdmins: false,
    };
    expect(escalation(base, at('2025-03-02T08:59:59'))).toEqual({ kind: 'none' });
    expect(escalation(base, at('2025-03-02T09:00:00'))).toEqual({ kind: 'next_level', level: 2, status: 'approving' });
    expect(escalation({ ...base, currentLevel: 2 }, at('2025-03-02T09:00:00'))).toEqual({ kind: 'tenant_admins' });
    expect(escalation({ ...base, currentLevel: 2, escalatedToAdmins: true }, at('2025-03-09T09:00:00'))).toEqual({ kind: 'none' });
    expect(escalation({ ...base, limitHours: null }, at('2026-01-01T00:00:00'))).toEqual({ kind: 'none' });
  });

  it('marks a rule waiting for its time as inactive', () => {
    expect(ruleStatusAfterApproval(at('2025-03-01T22:00:00'), at('2025-03-01T21:00:00'))).toBe('inactive');
    expect(ruleStatusAfterApproval(at('2025-03-01T22:00:00'), at('2025-03-01T22:00:00'))).toBe('issued');
  });
});

describe('a new process form', () => {
  it('starts with the request types no process of its scope takes yet', () => {
    const processes = [
      { project_id: null, request_types: ['catalogue_publish', 'invoice_apply'] },
      { project_id: 'p1', request_types: ['resource_purchase'] },
    ];
    expect(freeRequestTypes(processes, null)).toEqual(REQUEST_TYPES.filter((t) => t !== 'catalogue_publish' && t !== 'invoice_apply'));
    expect(freeRequestTypes(processes, 'p1')).toEqual(REQUEST_TYPES.filter((t) => t !== 'resource_purchase'));
    expect(freeRequestTypes(processes, 'p2')).toEqual([...REQUEST_TYPES]);
  });
});

describe('effective times (Asia/Shanghai)', () => {
  it('computes Shanghai wall-clock hours whatever the UTC date', () => {
    expect(shanghaiAt(new Date('2025-03-10T17:30:00Z'), 22).toISOString()).toBe('2025-03-11T14:00:00.000Z');
    expect(shanghaiAt(at('2025-12-31T23:00:00'), 22, 1).toISOString()).toBe(at('2026-01-01T22:00:00').toISOString());
  });

  it('issues SNAT/DNAT at 22:00 that day when requested before 22:00, else 22:00 the next day', () => {
    expect(natIssueTime(at('2025-03-10T00:00:00'))).toEqual(at('2025-03-10T22:00:00'));
    expect(natIssueTime(at('2025-03-10T21:59:59'))).toEqual(at('2025-03-10T22:00:00'));
    expect(natIssueTime(at('2025-03-10T22:00:00'))).toEqual(at('2025-03-11T22:00:00'));
    expect(natIssueTime(at('2025-03-10T23:30:00'))).toEqual(at('2025-03-11T22:00:00'));
  });

  it('never issues a NAT rule before its approval', () => {
    expect(
      ruleEffectiveAt({ type: 'dnat_rule', requestedAt: at('2025-03-10T10:00:00'), approvedAt: at('2025-03-10T15:00:00'), financeProduction: false }),
    ).toEqual(at('2025-03-10T22:00:00'));
    expect(
      ruleEffectiveAt({ type: 'dnat_rule', requestedAt: at('2025-03-10T10:00:00'), approvedAt: at('2025-03-10T22:30:00'), financeProduction: false }),
    ).toEqual(at('2025-03-11T22:00:00'));
    expect(
      ruleEffectiveAt({ type: 'snat_rule', requestedAt: at('2025-03-10T23:00:00'), approvedAt: at('2025-03-11T08:00:00'), financeProduction: false }),
    ).toEqual(at('2025-03-11T22:00:00'));
  });

  it('makes finance production rules take effect at 18:00 after approval, others at once', () => {
    expect(financeProductionTime(at('2025-03-10T17:59:00'))).toEqual(at('2025-03-10T18:00:00'));
    expect(financeProductionTime(at('2025-03-10T18:00:00'))).toEqual(at('2025-03-10T18:00:00'));
    expect(financeProductionTime(at('2025-03-10T18:01:00'))).toEqual(at('2025-03-11T18:00:00'));
    for (const type of ['firewall_policy', 'snat_rule', 'dnat_rule'] as const) {
      expect(ruleEffectiveAt({ type, requestedAt: at('2025-03-10T08:00:00'), approvedAt: at('2025-03-10T19:00:00'), financeProduction: true })).toEqual(
        at('2025-03-11T18:00:00'),
      );
    }
    expect(
      ruleEffectiveAt({ type: 'firewall_policy', requestedAt: at('2025-03-10T08:00:00'), approvedAt: at('2025-03-10T19:00:00'), financeProduction: false }),
    ).toEqual(at('2025-03-10T19:00:00'));
    expect(plannedEffectiveAt('dnat_rule', at('2025-03-10T08:00:00'), false)).toEqual(at('2025-03-10T22:00:00'));
  });
});

describe('IP and port lists', () => {
  it('accepts IPv4/IPv6 with an optional prefix', () => {
    for (const ip of ['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fe80::1/64', '2001:db8::', '::ffff:10.0.0.1', '2001:0db8:0000:0000:0000:ff00:0042:8329'])
      expect(isIpWithPrefix(ip)).toBe(true);
    for (const ip of ['10.0.0.256', '10.0.0.1/33', '1.2.3', 'fe80::1/129', '1::2::3', 'gggg::1', '10.0.0.1/', '']) expect(isIpWithPrefix(ip)).toBe(false);
    expect(isIpv6('1:2:3:4:5:6:7')).toBe(false);
  });

  it('allows at most 10 addresses, none repeated, targets distinct from sources', () => {
    expect(checkIpList(Array.from({ length: 10 }, (_, i) => `10.0.0.${i}`))).toBeNull();
    expect(checkIpList(Array.from({ length: 11 }, (_, i) => `10.0.0.${i}`))).toBe('ip_too_many');
    expect(checkIpList(['10.0.0.1', '10.0.0.1'])).toBe('ip_repeated');
    expect(checkIpList([])).toBe('required');
    expect(checkTargetDiffers(['10.0.0.1'], ['10.0.0.2'])).toBeNull();
    expect(checkTargetDiffers(['FE80::1'], ['fe80::1'])).toBe('ip_same_as_source');
  });

  it('parses port lists: 1–65535, no repeats, any alone', () => {
    expect(parsePorts('80, 443')).toEqual({ ok: true, ports: [80, 443] });
    expect(parsePorts([22])).toEqual({ ok: true, ports: [22] });
    expect(parsePorts('ANY')).toEqual({ ok: true, ports: 'any' });
    expect(parsePorts('any,80')).toEqual({ ok: false, rule: 'port_any_alone' });
    expect(parsePorts('0')).toEqual({ ok: false, rule: 'port_invalid' });
    expect(parsePorts('65536')).toEqual({ ok: false, rule: 'port_invalid' });
    expect(parsePorts('65535')).toEqual({ ok: true, ports: [65535] });
    expect(parsePorts('80,80')).toEqual({ ok: false, rule: 'port_repeated' });
    expect(parsePorts('8a')).toEqual({ ok: false, rule: 'port_invalid' });
    expect(parsePorts('')).toEqual({ ok: false, rule: 'required' });
  });
});

describe('request schemas', () => {
  const fw = {
    source_system: 'MES',
    target_system: 'ERP',
    source_ips: '10.0.0.1',
    target_ips: '10.0.0.2',
    target_ports: '443',
    protocol: 'tcp',
    reason: 'sync',
  };
  it('normalises a firewall policy', () => {
    expect(firewallPolicySchema.parse(fw)).toMatchObject({
      source_ips: ['10.0.0.1'],
      target_ips: ['10.0.0.2'],
      target_ports: [443],
      temporary: false,
      rule_id: null,
      start_time: null,
    });
  });
  it('refuses what seed 001 §5 refuses, naming the field', () => {
    expect(firstIssue(firewallPolicySchema.safeParse({ ...fw, target_ips: '10.0.0.1' }))).toEqual({ path: 'target_ips', message: 'ip_same_as_source' });
    expect(firstIssue(firewallPolicySchema.safeParse({ ...fw, protocol: 'icmp' }))).toEqual({ path: 'target_ports', message: 'port_icmp_any' });
    expect(firstIssue(firewallPolicySchema.safeParse({ ...fw, temporary: true }))).toEqual({ path: 'end_time', message: 'required' });
    expect(firstIssue(firewallPolicySchema.safeParse({ ...fw, start_time: '2025-03-02T00:00:00+08:00', end_time: '2025-03-01T00:00:00+08:00' }))).toEqual({
      path: 'end_time',
      message: 'end_before_start',
    });
    expect(firewallPolicySchema.safeParse({ ...fw, reason: 'x'.repeat(1001) }).success).toBe(false);
    expect(firewallPolicySchema.safeParse({ ...fw, reason: 'x'.repeat(1000) }).success).toBe(true);
  });
  it('checks SNAT/DNAT port counts and the any rules', () => {
    const dnat = { eip: '47.1.1.1', eip_ports: '8080,8081', internal_ip: '192.168.0.1', internal_ports: '80,81', protocol: 'tcp', reason: 'web' };
    expect(natRuleSchema.parse(dnat)).toMatchObject({ eip_ports: [8080, 8081], internal_ports: [80, 81] });
    expect(firstIssue(natRuleSchema.safeParse({ ...dnat, eip_ports: '8080' }))).toEqual({ path: 'eip_ports', message: 'port_count_mismatch' });
    expect(firstIssue(natRuleSchema.safeParse({ ...dnat, eip_ports: 'any' }))).toEqual({ path: 'eip_ports', message: 'port_count_mismatch' });
    expect(firstIssue(natRuleSchema.safeParse({ ...dnat, internal_ip: 'any', internal_ports: 'any', eip_ports: 'any' }))).toEqual({
      path: 'internal_ports',
      message: 'any_port_and_ip',
    });
    expect(natRuleSchema.safeParse({ ...dnat, internal_ports: 'any', eip_ports: 'any' }).success).toBe(true);
    expect(firstIssue(natRuleSchema.safeParse({ ...dnat, protocol: 'udp', eip_ports: '4789,8081' }))).toEqual({ path: 'eip_ports', message: 'port_vxlan_udp' });
    expect(firstIssue(natRuleSchema.safeParse({ ...dnat, eip: '47.1.1.0/24' }))).toEqual({ path: 'eip', message: 'ip_invalid' });
  });
  it('imports at most 8 approvers per level and hours with one decimal', () => {
    const base = { name: '审批流程', request_types: ['quota_change'], levels: [{ approvers: 'a,b' }] };
    expect(approvalProcessSchema.parse(base).levels[0]).toEqual({ approvers: ['a', 'b'], escalate_after_hours: null });
    expect(firstIssue(approvalProcessSchema.safeParse({ ...base, levels: [{ approvers: 'a,b,c,d,e,f,g,h,i' }] }))).toEqual({
      path: 'levels.0.approvers',
      message: 'approvers_too_many',
    });
    expect(approvalProcessSchema.safeParse({ ...base, levels: [{ approvers: 'a,b,c,d,e,f,g,h' }] }).success).toBe(true);
    expect(firstIssue(approvalProcessSchema.safeParse({ ...base, levels: [{ approvers: 'a,a' }] }))).toEqual({
      path: 'levels.0.approvers',
      message: 'approvers_repeated',
    });
    expect(firstIssue(approvalProcessSchema.safeParse({ ...base, levels: [{ approvers: 'a', escalate_after_hours: 0.25 }] }))).toEqual({
      path: 'levels.0.escalate_after_hours',
      message: 'one_decimal',
    });
    expect(approvalProcessSchema.safeParse({ ...base, levels: [{ approvers: 'a', escalate_after_hours: 0.5 }] }).success).toBe(true);
    expect(approvalProcessSchema.safeParse({ ...base, request_types: ['nope'] }).success).toBe(false);
  });
  it('types requests by their type and prefixes payload errors', () => {
    const r = createRequestSchema.safeParse({ type: 'quota_change', payload: { quota_key: 'eips', value: -1, reason: 'x' } });
    expect(firstIssue(r)?.path).toBe('payload.value');
    expect(createRequestSchema.safeParse({ type: 'unknown', payload: {} }).success).toBe(false);
  });
  it('requires a reject reason and accepts an empty approve body', () => {
    expect(rejectSchema.safeParse({}).success).toBe(false);
    expect(rejectSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(approveSchema.parse(undefined)).toEqual({});
  });
  it('turns delegation dates into a Shanghai window of whole days', () => {
    expect(delegationWindow('2025-03-10', '2025-03-11')).toEqual({ startsAt: at('2025-03-10T00:00:00'), endsAt: at('2025-03-12T00:00:00') });
    expect(firstIssue(delegationSchema.safeParse({ delegate: 'x', start_date: '2025-03-10', end_date: '2025-09-10' }))).toEqual({
      path: 'end_date',
      message: 'date_range_too_long',
    });
  });
});

describe('card summary', () => {
  it('estimates costs in fen and titles requests', () => {
    expect(estimateCostFen({ unitPriceFen: 28800, charging: 'year', months: 12, units: 1 })).toBe(345600);
    expect(estimateCostFen({ unitPriceFen: 3, charging: 'quantity', months: 1, units: 10 })).toBe(21600);
    expect(requestTitle('dnat_rule', { eip: '47.1.1.1', eip_ports: [8080], internal_ip: '10.0.0.1', internal_ports: [80], protocol: 'tcp' })).toBe(
      '47.1.1.1:8080 → 10.0.0.1:80 tcp',
    );
    expect(requestTitle('quota_change', { quota_key: 'eips', value: 5 })).toBe('eips → 5');
  });
});
