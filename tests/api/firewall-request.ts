// The body of the i-th firewall-policy approval request the multi-process tests file (each with a
// source range of its own), so two of them never clash on a rule.
export function firewallRequest(name: string, place: Record<string, unknown>, i: number, reason: string) {
  return {
    type: 'firewall_policy',
    payload: {
      name,
      ...place,
      source_system: 'MES',
      target_system: 'ERP',
      source_ips: `10.${Math.floor(i / 200) + 1}.${i % 200}.0/24`,
      target_ips: [`10.2.${i % 200}.5`],
      target_ports: '443',
      protocol: 'tcp',
      reason,
    },
  };
}
