// The checks of firewall policies and SNAT/DNAT rules (seed 001 §5 "Network"): addresses, ports,
// protocols. The rule kinds (src/domain/kinds/*.kind.ts) run them on their create bodies and the
// approvals' rule requests are those same bodies, so both paths refuse with the same rule keys.
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import {
  ANY,
  checkIpList,
  checkTargetDiffers,
  FIREWALL_PROTOCOLS,
  isIpWithPrefix,
  NAT_PROTOCOLS,
  parsePorts,
  portCount,
  splitList,
  type PortList,
} from './network-rules.ts';

export const MAX_REASON = 1000;
const reason = z.string().trim().min(1).max(MAX_REASON);
const listInput = z.union([z.string().max(20_000), z.array(z.union([z.string().max(64), z.number()])).max(2000)]);
const datetime = z.iso.datetime({ offset: true });

function addIssue(ctx: z.RefinementCtx, path: string, rule: string) {
  ctx.addIssue({ code: 'custom', path: [path], message: rule });
}

export const firewallPolicySchema = z
  .object({
    /** an existing policy to change; absent: a new policy */
    rule_id: idSchema.optional(),
    source_system: z.string().trim().min(1).max(64),
    target_system: z.string().trim().min(1).max(64),
    source_ips: listInput,
    target_ips: listInput,
    target_ports: listInput,
    protocol: z.enum(FIREWALL_PROTOCOLS),
    start_time: datetime.optional(),
    end_time: datetime.optional(),
    temporary: z.boolean().default(false),
    reason,
    approval_number: z.string().trim().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    const src = splitList(v.source_ips);
    const dst = splitList(v.target_ips);
    const srcRule = checkIpList(src);
    if (srcRule) addIssue(ctx, 'source_ips', srcRule);
    const dstRule = checkIpList(dst) ?? checkTargetDiffers(src, dst);
    if (dstRule) addIssue(ctx, 'target_ips', dstRule);
    const ports = parsePorts(v.target_ports);
    if (!ports.ok) addIssue(ctx, 'target_ports', ports.rule);
    else if (v.protocol === 'icmp' && ports.ports !== ANY) addIssue(ctx, 'target_ports', 'port_icmp_any');
    if (v.temporary && !v.end_time) addIssue(ctx, 'end_time', 'required');
    if (v.start_time && v.end_time && Date.parse(v.end_time) <= Date.parse(v.start_time)) addIssue(ctx, 'end_time', 'end_before_start');
  })
  .transform((v) => ({
    rule_id: v.rule_id ?? null,
    source_system: v.source_system,
    target_system: v.target_system,
    source_ips: splitList(v.source_ips),
    target_ips: splitList(v.target_ips),
    target_ports: (parsePorts(v.target_ports) as { ports: PortList }).ports,
    protocol: v.protocol,
    start_time: v.start_time ?? null,
    end_time: v.end_time ?? null,
    temporary: v.temporary,
    reason: v.reason,
    approval_number: v.approval_number ?? null,
  }));
export type FirewallPolicySpec = z.output<typeof firewallPolicySchema>;

/** SNAT and DNAT rules: internal IP and ports, EIP and ports, protocol. */
export const natRuleSchema = z
  .object({
    rule_id: idSchema.optional(),
    nat_gateway_id: idSchema.optional(),
    eip: z
      .string()
      .trim()
      .max(64)
      .refine((v) => isIpWithPrefix(v) && !v.includes('/'), { message: 'ip_invalid' }),
    internal_ip: z
      .string()
      .trim()
      .max(64)
      .refine((v) => v.toLowerCase() === ANY || isIpWithPrefix(v), { message: 'ip_invalid' }),
    internal_ports: listInput,
    eip_ports: listInput,
    protocol: z.enum(NAT_PROTOCOLS),
    reason,
  })
  .superRefine((v, ctx) => {
    const internal = parsePorts(v.internal_ports);
    const external = parsePorts(v.eip_ports);
    if (!internal.ok) addIssue(ctx, 'internal_ports', internal.rule);
    if (!external.ok) addIssue(ctx, 'eip_ports', external.rule);
    if (!internal.ok || !external.ok) return;
    if ((internal.ports === ANY) !== (external.ports === ANY) || portCount(internal.ports) !== portCount(external.ports)) {
      addIssue(ctx, 'eip_ports', 'port_count_mismatch');
    }
    if (v.internal_ip.toLowerCase() === ANY && internal.ports === ANY) addIssue(ctx, 'internal_ports', 'any_port_and_ip');
    const has4789 = (p: PortList) => p !== ANY && p.includes(4789);
    if (v.protocol !== 'tcp' && (has4789(internal.ports) || has4789(external.ports))) addIssue(ctx, 'eip_ports', 'port_vxlan_udp');
  })
  .transform((v) => ({
    rule_id: v.rule_id ?? null,
    nat_gateway_id: v.nat_gateway_id ?? null,
    eip: v.eip,
    internal_ip: v.internal_ip.toLowerCase() === ANY ? ANY : v.internal_ip,
    internal_ports: (parsePorts(v.internal_ports) as { ports: PortList }).ports,
    eip_ports: (parsePorts(v.eip_ports) as { ports: PortList }).ports,
    protocol: v.protocol,
    reason: v.reason,
  }));
export type NatRuleSpec = z.output<typeof natRuleSchema>;
