// Pure rules of the image, snapshot-policy, load-balancer, NAT, host, firewall, endpoint and SD-WAN
// kinds, and the engine's read-only rows (public images).
import { describe, expect, it } from 'vitest';
import { availableActions, readOnlyRefusal } from '../../src/domain/kinds/kind.ts';
import { kindOf } from '../../src/domain/kinds/registry.ts';
import { imageCreateSchema } from '../../src/domain/kinds/image/image.schema.ts';
import { retentionDaysRule, timesRule, weekdaysRule } from '../../src/domain/kinds/snapshot-policy/snapshot-policy.schema.ts';
import { healthCheckSchema, listenerCreateSchema } from '../../src/domain/kinds/lb-listener/lb-listener.schema.ts';
import { priceItemsFor } from '../../src/domain/pricing.ts';
import { dnatCreateSchema, ipv6CreateSchema } from '../../src/domain/kinds/nat-rules/nat-rules.schema.ts';
import { dedicatedHostKind } from '../../src/domain/kinds/dedicated-host/dedicated-host.kind.ts';
import { firewallCreateSchema } from '../../src/domain/kinds/firewall-policy/firewall-policy.schema.ts';
import { branchCreateSchema, routesRule } from '../../src/domain/kinds/sdwan/sdwan.schema.ts';
import { portMappingsRule } from '../../src/domain/kinds/vpc-endpoint/vpc-endpoint.schema.ts';

const issueOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? null : { path: r.error!.issues[0]!.path.join('.'), message: r.error!.issues[0]!.message };

describe('read-only rows', () => {
  it("offer no action and refuse with the kind's text", () => {
    const image = kindOf('image')!;
    expect(readOnlyRefusal(image, { image_type: 'public' })).toBe('refusals.image.public_read_only');
    expect(readOnlyRefusal(image, { image_type: 'custom' })).toBeNull();
    expect(readOnlyRefusal(image, undefined)).toBeNull();
    expect(availableActions(image, { status: 'upload_success', locked: false, spec: { image_type: 'public' } })).toEqual([]);
    expect(availableActions(image, { status: 'upload_success', locked: false, spec: { image_type: 'iso' } }).map((a) => a.id)).toEqual([
      'mount',
      'unmount',
      'delete',
    ]);
    expect(readOnlyRefusal(kindOf('volume')!, { image_type: 'public' })).toBeNull();
  });
});

describe('image rules', () => {
  const base = {
    name: 'golden',
    vendor: 'openstack',
    region_id: 'a'.repeat(32),
    az_id: 'b'.repeat(32),
    image_type: 'custom',
    os_type: 'linux',
    os_version: '7.9',
    format: 'qcow2',
    file_url: 'obs://b/k.qcow2',
  };
  it('pairs the ISO type with the ISO format and keeps sizes integral', () => {
    expect(imageCreateSchema.safeParse(base).success).toBe(true);
    expect(issueOf(imageCreateSchema.safeParse({ ...base, format: 'iso' }))).toEqual({ path: 'format', message: 'iso_format' });
    expect(issueOf(imageCreateSchema.safeParse({ ...base, image_type: 'iso' }))).toEqual({ path: 'format', message: 'iso_format' });
    expect(imageCreateSchema.safeParse({ ...base, image_type: 'iso', format: 'iso' }).success).toBe(true);
    expect(issueOf(imageCreateSchema.safeParse({ ...base, min_disk: 10.5 }))?.path).toBe('min_disk');
    expect(issueOf(imageCreateSchema.safeParse({ ...base, file_url: 'file:///etc/passwd' }))?.path).toBe('file_url');
  });
});

describe('snapshot policy rules', () => {
  it('takes weekdays 1–7 once each, HH:mm times once each, 1–99999 days', () => {
    expect(weekdaysRule.safeParse([1, 7]).success).toBe(true);
    expect(weekdaysRule.safeParse([0]).success).toBe(false);
    expect(issueOf(weekdaysRule.safeParse([2, 2]))?.message).toBe('weekday_repeated');
    expect(weekdaysRule.safeParse([]).success).toBe(false);
    expect(timesRule.safeParse(['00:00', '23:59']).success).toBe(true);
    expect(issueOf(timesRule.safeParse(['24:00']))?.message).toBe('time_of_day');
    expect(issueOf(timesRule.safeParse(['08:00', '08:00']))?.message).toBe('time_repeated');
    expect(retentionDaysRule.safeParse(99999).success).toBe(true);
    expect(retentionDaysRule.safeParse(100000).success).toBe(false);
    expect(retentionDaysRule.safeParse(0).success).toBe(false);
  });
});

describe('listener rules', () => {
  const id = 'a'.repeat(32);
  const base = { name: 'web', load_balancer_id: id, protocol: 'tcp', port: 80 };
  const backends = (n: number, role = 'backup') => Array.from({ length: n }, (_, i) => ({ instance_id: id, port: 1000 + i, role: i ? role : 'primary' }));
  it('refuses 4789/udp only, and HTTPS without a certificate', () => {
    expect(issueOf(listenerCreateSchema.safeParse({ ...base, protocol: 'udp', port: 4789 }))).toEqual({ path: 'port', message: 'port_vxlan_udp' });
    expect(listenerCreateSchema.safeParse({ ...base, port: 4789 }).success).toBe(true);
    expect(issueOf(listenerCreateSchema.safeParse({ ...base, protocol: 'https' }))).toEqual({ path: 'certificate_id', message: 'required' });
  });
  it('allows at most 7 backends in primary/backup mode with a primary, no server port twice', () => {
    expect(listenerCreateSchema.safeParse({ ...base, mode: 'primary_backup', backends: backends(7) }).success).toBe(true);
    expect(issueOf(listenerCreateSchema.safeParse({ ...base, mode: 'primary_backup', backends: backends(8) }))).toEqual({
      path: 'backends',
      message: 'backends_too_many',
    });
    expect(listenerCreateSchema.safeParse({ ...base, backends: backends(8, 'primary') }).success).toBe(true);
    const twice = [
      { instance_id: id, port: 80 },
      { instance_id: id, port: 80 },
    ];
    expect(issueOf(listenerCreateSchema.safeParse({ ...base, backends: twice }))).toEqual({ path: 'backends.1.port', message: 'backend_repeated' });
  });
  it('keeps the health-check timeout within the interval', () => {
    expect(healthCheckSchema.safeParse({ interval: 16, timeout: 16 }).success).toBe(true);
    expect(issueOf(healthCheckSchema.safeParse({ interval: 5, timeout: 6 }))).toEqual({ path: 'timeout', message: 'timeout_over_interval' });
  });
});

describe('pricing by product code', () => {
  it('prices a load balancer under its product code', () => {
    expect(priceItemsFor(kindOf('load_balancer')!.productCode, {})).toEqual([{ product_code: 'load_balance', quantity: 1 }]);
  });
});

describe("NAT rule rules (the approvals' schema on the kind's fields)", () => {
  const id = 'a'.repeat(32);
  const dnat = { name: 'web', nat_gateway_id: id, eip_id: id, internal_ip: '10.0.0.5', internal_ports: '80,443', eip_ports: '8080,8443', protocol: 'tcp' };
  it("reports the approvals' rule keys on DNAT fields", () => {
    expect(dnatCreateSchema.safeParse(dnat).success).toBe(true);
    expect(issueOf(dnatCreateSchema.safeParse({ ...dnat, eip_ports: '8080' }))).toEqual({ path: 'eip_ports', message: 'port_count_mismatch' });
    expect(issueOf(dnatCreateSchema.safeParse({ ...dnat, internal_ip: 'any', internal_ports: 'any', eip_ports: 'any' }))).toEqual({
      path: 'internal_ports',
      message: 'any_port_and_ip',
    });
    expect(issueOf(dnatCreateSchema.safeParse({ ...dnat, protocol: 'udp', internal_ports: '4789', eip_ports: '4789' }))?.message).toBe('port_vxlan_udp');
  });
  it("renames the approval payload's fields for IPv6 rules", () => {
    const v6 = {
      name: 'v6',
      nat_gateway_id: id,
      ipv6_address: '240e::1',
      internal_ip: '10.0.0.5',
      internal_ports: '443',
      ipv6_ports: '443,80',
      protocol: 'tcp',
    };
    expect(issueOf(ipv6CreateSchema.safeParse(v6))).toEqual({ path: 'ipv6_ports', message: 'port_count_mismatch' });
    expect(issueOf(ipv6CreateSchema.safeParse({ ...v6, ipv6_ports: '443', ipv6_address: '10.0.0.1' }))).toEqual({
      path: 'ipv6_address',
      message: 'ip_version_six',
    });
  });
});

describe('dedicated host capacity', () => {
  it('derives free CPU and memory from the host type and what is used', () => {
    expect(dedicatedHostKind.derive!({ host_type: 'dh.c6', used_cpu: 16, used_memory: 128 })).toMatchObject({
      cpu: 96,
      memory: 192,
      free_cpu: 80,
      free_memory: 64,
    });
    expect(dedicatedHostKind.derive!({ host_type: 'unknown' })).toEqual({});
  });
});

describe('firewall, endpoint and SD-WAN rules', () => {
  const p = { vendor: 'openstack', region_id: 'a'.repeat(32), az_id: 'b'.repeat(32) };
  it("checks firewall addresses with the approvals' schema", () => {
    const fw = {
      name: 'db',
      ...p,
      source_system: 'a',
      target_system: 'b',
      source_ips: '10.0.0.1',
      target_ips: '10.0.0.2',
      target_ports: '22',
      protocol: 'tcp',
      reason: 'ops',
    };
    expect(firewallCreateSchema.safeParse(fw).success).toBe(true);
    expect(issueOf(firewallCreateSchema.safeParse({ ...fw, target_ips: '10.0.0.1' }))).toEqual({ path: 'target_ips', message: 'ip_same_as_source' });
    expect(issueOf(firewallCreateSchema.safeParse({ ...fw, temporary: true }))).toEqual({ path: 'end_time', message: 'required' });
  });
  it('maps each service port once per protocol', () => {
    expect(
      portMappingsRule.safeParse([
        { service_port: 80, terminal_port: 80 },
        { protocol: 'udp', service_port: 80, terminal_port: 80 },
      ]).success,
    ).toBe(true);
    expect(
      issueOf(
        portMappingsRule.safeParse([
          { service_port: 80, terminal_port: 80 },
          { service_port: 80, terminal_port: 81 },
        ]),
      ),
    ).toEqual({ path: '1.service_port', message: 'port_repeated' });
  });
  it('checks branch suffix, serial, password confirmation and route destinations', () => {
    const b = {
      name_suffix: 'hq-1',
      ...p,
      device_model: 'sdw-100',
      device_sn: 'SN12345678',
      access_password: 'Abc12345x',
      access_password_confirm: 'Abc12345x',
      deployment_location: { province: '江苏省', city: '苏州市', address: '星湖街' },
    };
    expect(branchCreateSchema.safeParse(b).success).toBe(true);
    expect(issueOf(branchCreateSchema.safeParse({ ...b, access_password_confirm: 'Abc12345y' }))).toEqual({
      path: 'access_password_confirm',
      message: 'password_confirm',
    });
    expect(issueOf(branchCreateSchema.safeParse({ ...b, device_sn: 'sn1' }))?.message).toBe('device_sn');
    expect(
      issueOf(
        routesRule.safeParse([
          { destination: '10.0.0.0/8', next_hop: 'hub' },
          { destination: '10.0.0.0/8', next_hop: 'hub' },
        ]),
      )?.message,
    ).toBe('route_repeated');
  });
});
