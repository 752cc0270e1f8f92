// Demo resources: every kind across the three demo tenants, their projects and all six vendors,
// in many states (some locked, some in error, some in the recycle bin), with their links (disks
// on hosts, EIPs bound, snapshots of disks, subnets in VPCs). Written once into an empty database
// in a few bulk inserts, so start-up stays fast. Deterministic: the same data on every start.
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import { FLAVORS, IMAGES } from '../../domain/kinds/instance/instance.kind.ts';
import { BMS_FLAVORS } from '../../domain/kinds/phyhost/phyhost.kind.ts';
import { intToIp, parseCidr, usableIps } from '../../domain/kinds/cidr.ts';
import { insertLinks, insertResources, type NewResource } from '../engine/engine.repository.ts';
import { publicAddress } from '../engine/kinds/hook-helpers.ts';

const VENDOR_ORDER = ['openstack', 'ali', 'tencent', 'ctyun', 'hwyun', 'vmware'];

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedAddon {
  /** extra resources per (project, vendor) from other kinds; answers rows and links to add */
  (c: {
    tenantId: string;
    projectId: string;
    vendor: string;
    regionId: string;
    azId: string;
    at: () => Date;
    rand: () => number;
    hostIds: string[];
    vpcId: string;
    subnetIds: string[];
  }): { resources: (NewResource & { id: string })[]; links: { from_id: string; to_id: string; relation: string }[] };
}

/** One (project, cloud) of the demo: what its rows are built from, and the rows so far. */
interface Slot {
  project: { id: string; name: string; tenant_id: string };
  vendor: string;
  /** 0 for the project's first cloud, 1 for its second (the states differ between them) */
  v: number;
  /** the VPC counter after this slot's VPC took its number */
  net: number;
  /** the slot's number (1-based over every project and cloud) */
  vendorCursor: number;
  isPrivate: boolean;
  now: number;
  pick: <T>(xs: readonly T[]) => T;
  resources: (NewResource & { id: string })[];
  add: (kind: string, name: string, status: string, spec: Record<string, unknown>, extra?: Partial<NewResource>) => string;
  link: (from_id: string, to_id: string, relation: string) => void;
  vpcId: string;
  /** the VPC's second octet */
  second: number;
  subnetIds: string[];
  subnetSpecs: Record<string, unknown>[];
  hostIds: string[];
}

/** Two subnets in the VPC (app and db), their addresses counted as hosts take them. */
function subnetRows(slot: Slot) {
  const { project, vendor, add, link, vpcId, second, subnetIds, subnetSpecs } = slot;
  for (let s = 0; s < 2; s++) {
    const cidr = parseCidr(`10.${second}.${s + 1}.0/24`)!;
    const spec = {
      vpc_id: vpcId,
      cidr: `10.${second}.${s + 1}.0/24`,
      gateway: intToIp(cidr.base + 1),
      total_ips: usableIps(cidr),
      used_ips: 0,
      ip_cursor: 0,
    };
    const id = add('subnet', `${project.name}-${vendor}-${s ? 'db' : 'app'}`, 'available', spec);
    subnetIds.push(id);
    subnetSpecs.push(spec);
    link(id, vpcId, 'in_vpc');
  }
}

/** Hosts in several states (one locked, one in the recycle bin), some with a data disk and an EIP. */
function hostRows(slot: Slot) {
  const { project, vendor, v, now, pick, resources, add, link, vpcId, subnetIds, subnetSpecs, hostIds } = slot;
  const hostStates: [string, boolean][] = [
    ['running', false],
    ['running', true],
    ['stopped', false],
    [v === 0 ? 'error' : 'running', false],
    ['deleted', false],
  ];
  hostStates.forEach(([status, locked], h) => {
    const s = h % 2;
    const subnet = subnetSpecs[s]!;
    const cidr = parseCidr(String(subnet.cidr))!;
    const flavor = pick(FLAVORS);
    const charging = vendor === 'ctyun' ? 'quantity' : pick(['year', 'quantity'] as const);
    const spec: Record<string, unknown> = {
      image: pick(IMAGES),
      flavor: flavor.id,
      cpu: flavor.cpu,
      memory: flavor.memory,
      system_disk_size: 40,
      subnet_id: subnetIds[s],
      vpc_id: vpcId,
      private_ip: intToIp(cidr.base + 4 + Number(subnet.ip_cursor)),
      public_ip_type: h === 0 ? 'bgp' : 'none',
      ...(h === 0 ? { bandwidth: 5 } : {}),
      charging_code: charging,
      ...(charging === 'year' ? { duration: pick([1, 6, 12, 24]) } : {}),
      billing: status === 'deleted' ? 'suspended' : 'active',
      ...(status === 'error' ? { error_reason: 'insufficient_capacity' } : {}),
      ...(status === 'deleted'
        ? { recycled_at: new Date(now - 86_400_000).toISOString(), recycle_until: new Date(now + 59 * 86_400_000).toISOString(), delayed_days: 60 }
        : {}),
    };
    subnet.ip_cursor = Number(subnet.ip_cursor) + 1;
    subnet.used_ips = Number(subnet.used_ips) + 1;
    const id = add('instance', `${project.name}-${vendor}-${['web', 'app', 'batch', 'db', 'old'][h]}-${h + 1}`, status, spec, { locked });
    hostIds.push(id);
    link(id, subnetIds[s]!, 'in_subnet');
    // Data disk for three hosts (the recycled host's disk went to the bin with it).
    if (h === 0 || h === 2 || h === 4) {
      const diskId = add('volume', `${project.name}-${vendor}-data-${h + 1}`, status === 'deleted' ? 'deleted' : 'mounted', {
        size: pick([100, 200, 500]),
        volume_type: pick(['ssd', 'sas'] as const),
        instance_id: id,
        mount_path: '/data',
        file_system: 'ext4',
        charging_code: charging,
        billing: status === 'deleted' ? 'suspended' : 'active',
      });
      link(diskId, id, 'mounted_on');
    }
    if (h === 0) {
      const eipId = add('eip', `${project.name}-${vendor}-eip-${h + 1}`, 'allocated', {
        bandwidth: 5,
        line: 'bgp',
        instance_id: id,
        charging_code: charging,
      });
      resources[resources.length - 1]!.spec.address = publicAddress(eipId);
      link(eipId, id, 'bound_to');
    }
  });
}

/** Spare disks, a snapshot, a free EIP, a deployment unit, a bandwidth pool and a VIP; answers the first spare disk. */
function storageRows(slot: Slot) {
  const { project, vendor, v, pick, resources, add, link, subnetIds, subnetSpecs, hostIds } = slot;
  const freeDisk = add('volume', `${project.name}-${vendor}-spare-1`, 'unmounted', {
    size: 100,
    volume_type: 'sata',
    charging_code: 'quantity',
    billing: 'active',
  });
  add('volume', `${project.name}-${vendor}-spare-2`, v === 1 ? 'expansion_failed' : 'unmounted', {
    size: 50,
    volume_type: 'ssd',
    charging_code: 'quantity',
    billing: 'active',
  });
  const snap = add('snapshot', `${project.name}-${vendor}-spare-1-snap`, 'available', {
    volume_id: freeDisk,
    volume_name: `demo-${project.name}-${vendor}-spare-1`,
    size: 100,
  });
  link(snap, freeDisk, 'snapshot_of');
  const eipId = add('eip', `${project.name}-${vendor}-eip-free`, 'available', { bandwidth: 10, line: 'bgp', charging_code: 'quantity' });
  resources[resources.length - 1]!.spec.address = publicAddress(eipId);

  add('deploy_unit', `${project.name}-${vendor}-unit`, 'available', { description: '同城双活部署单元' });
  add('shared_bandwidth', `${project.name}-${vendor}-pool`, v === 0 ? 'available' : 'error', {
    bandwidth: pick([10, 50, 100]),
    charging_code: 'quantity',
    billing: 'active',
  });
  const vipSubnet = subnetSpecs[0]!;
  const vipCidr = parseCidr(String(vipSubnet.cidr))!;
  const vipId = add('vip', `${project.name}-${vendor}-vip`, 'allocated', {
    subnet_id: subnetIds[0],
    ip_address: intToIp(vipCidr.base + 4 + Number(vipSubnet.ip_cursor)),
    instance_id: hostIds[0],
  });
  vipSubnet.ip_cursor = Number(vipSubnet.ip_cursor) + 1;
  vipSubnet.used_ips = Number(vipSubnet.used_ips) + 1;
  link(vipId, subnetIds[0]!, 'in_subnet');
  link(vipId, hostIds[0]!, 'vip_of');
  return freeDisk;
}

function imageRows(slot: Slot, freeDisk: string) {
  const { project, vendor, v, isPrivate, resources, add, link, hostIds } = slot;
  // Images: a public one (read-only), an uploaded custom one, an ISO (mounted on a host of a private cloud).
  const image = (os_type: string, os_version: string, format: string, file_url: string, min_disk: number, min_memory: number) => ({
    os_type,
    os_version,
    format,
    file_url,
    min_disk,
    min_memory,
  });
  const images: [string, string, Record<string, unknown>][] = [
    ['centos-7.9', 'upload_success', { image_type: 'public', ...image('linux', 'CentOS 7.9', 'qcow2', 'obs://public-images/centos-7.9.qcow2', 40, 1) }],
    [
      'app-golden',
      v === 0 ? 'upload_success' : 'pending_review',
      { image_type: 'custom', ...image('linux', 'Kylin V10', 'qcow2', `obs://${project.name}/images/app-golden.qcow2`, 50, 2) },
    ],
    [
      'win-tools',
      v === 0 ? 'review_failed' : 'upload_failed',
      {
        image_type: 'custom',
        ...image('windows', 'Windows Server 2019', 'vhd', `obs://${project.name}/images/win-tools.vhd`, 60, 4),
        ...(v === 0 ? { review_reason: '镜像未安装云初始化组件' } : { error_reason: 'api_timeout' }),
      },
    ],
    ['uos-installer', 'upload_success', { image_type: 'iso', ...image('linux', 'UOS 20', 'iso', `obs://${project.name}/iso/uos-20.iso`, 40, 2) }],
  ];
  const imageIds = images.map(([name, status, spec]) => add('image', `${project.name}-${vendor}-${name}`, status, spec, { az_id: null }));
  const isoId = imageIds[3]!;
  if (isPrivate) {
    const isoHost = resources.find((r) => r.id === hostIds[2])!;
    isoHost.spec.iso = `demo-${project.name}-${vendor}-uos-installer`;
    isoHost.spec.iso_image_id = isoId;
    link(isoId, hostIds[2]!, 'iso_mounted_on');
  }
  const policyId = add(
    'snapshot_policy',
    `${project.name}-${vendor}-nightly`,
    v === 0 ? 'enabled' : 'disabled',
    { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['02:00'], retention_days: 7, volume_count: 1 },
    { az_id: null },
  );
  link(policyId, freeDisk, 'policy_of');
}

function loadBalancerRows(slot: Slot) {
  const { v, resources, add, link, vpcId, subnetIds, subnetSpecs, hostIds, project, vendor } = slot;
  // A public load balancer on the app subnet with an HTTP listener (weighted) and a TCP one (primary/backup).
  const lbSubnet = subnetSpecs[0]!;
  const lbCidr = parseCidr(String(lbSubnet.cidr))!;
  const lbId = add('load_balancer', `${project.name}-${vendor}-web-lb`, v === 0 ? 'running' : 'stopped', {
    subnet_id: subnetIds[0],
    vpc_id: vpcId,
    network_type: 'public',
    flavor: 'medium',
    bandwidth: 10,
    listener_count: 2,
    vip_address: intToIp(lbCidr.base + 4 + Number(lbSubnet.ip_cursor)),
    charging_code: 'quantity',
    billing: 'active',
  });
  resources[resources.length - 1]!.spec.public_address = publicAddress(lbId);
  lbSubnet.ip_cursor = Number(lbSubnet.ip_cursor) + 1;
  lbSubnet.used_ips = Number(lbSubnet.used_ips) + 1;
  link(lbId, subnetIds[0]!, 'in_subnet');
  const health = { enabled: true, protocol: 'tcp', interval: 5, timeout: 2, healthy_threshold: 3, unhealthy_threshold: 3 };
  const web = add('lb_listener', `${project.name}-${vendor}-http-80`, 'available', {
    load_balancer_id: lbId,
    protocol: 'http',
    port: 80,
    algorithm: 'weighted_round_robin',
    session_persistence: true,
    session_timeout: 1000,
    redirect: false,
    ftp: false,
    real_ip: true,
    health_check: { ...health, protocol: 'http', path: '/healthz' },
    mode: 'weighted',
    backends: [
      { instance_id: hostIds[0], port: 8080, weight: 100, role: 'primary' },
      { instance_id: hostIds[1], port: 8080, weight: 50, role: 'primary' },
    ],
  });
  const db = add('lb_listener', `${project.name}-${vendor}-tcp-3306`, v === 0 ? 'available' : 'error', {
    load_balancer_id: lbId,
    protocol: 'tcp',
    port: 3306,
    algorithm: 'least_connections',
    session_persistence: false,
    session_timeout: 1000,
    redirect: false,
    ftp: false,
    real_ip: false,
    health_check: { ...health, interval: 16, timeout: 5 },
    mode: 'primary_backup',
    backends: [
      { instance_id: hostIds[0], port: 3306, weight: 100, role: 'primary' },
      { instance_id: hostIds[2], port: 3306, weight: 100, role: 'backup' },
    ],
  });
  link(web, lbId, 'listener_of');
  link(db, lbId, 'listener_of');
  return lbId;
}

function natRows(slot: Slot) {
  const { project, vendor, v, net, resources, add, link, vpcId, subnetSpecs, hostIds } = slot;
  // A NAT gateway in the VPC with its own EIP, an SNAT rule for the app subnet, a DNAT rule and an IPv6 rule.
  const natId = add('nat_gateway', `${project.name}-${vendor}-nat`, 'available', {
    vpc_id: vpcId,
    flavor: 'small',
    eip_count: 1,
    rule_count: 3,
    charging_code: 'quantity',
    billing: 'active',
  });
  link(natId, vpcId, 'nat_in_vpc');
  const natEip = add('eip', `${project.name}-${vendor}-nat-eip`, 'allocated', {
    bandwidth: 20,
    line: 'bgp',
    nat_gateway_id: natId,
    charging_code: 'quantity',
  });
  const natAddress = publicAddress(natEip);
  resources[resources.length - 1]!.spec.address = natAddress;
  link(natEip, natId, 'bound_to');
  const snat = add('snat_rule', `${project.name}-${vendor}-snat-app`, 'issued', {
    nat_gateway_id: natId,
    eip_id: natEip,
    eip_address: natAddress,
    source_cidr: String(subnetSpecs[0]!.cidr),
  });
  const dnat = add('dnat_rule', `${project.name}-${vendor}-dnat-web`, v === 0 ? 'issued' : 'no_response', {
    nat_gateway_id: natId,
    eip_id: natEip,
    eip_address: natAddress,
    eip_ports: '8080,8443',
    internal_ip: String(resources.find((r) => r.id === hostIds[0])!.spec.private_ip),
    internal_ports: '80,443',
    protocol: 'tcp',
  });
  const ipv6 = add('nat_ipv6_rule', `${project.name}-${vendor}-ipv6-web`, v === 0 ? 'inactive' : 'issued', {
    nat_gateway_id: natId,
    ipv6_address: `240e:${(net % 255).toString(16)}::${v + 1}`,
    ipv6_ports: '443',
    internal_ip: String(resources.find((r) => r.id === hostIds[0])!.spec.private_ip),
    internal_ports: '443',
    protocol: 'tcp',
  });
  for (const r of [snat, dnat, ipv6]) link(r, natId, 'rule_of');
}

function bareMetalRows(slot: Slot) {
  const { project, vendor, v, isPrivate, resources, add, link, vpcId, subnetIds, subnetSpecs, hostIds } = slot;
  // Bare-metal hosts on the private clouds; a dedicated host with the web host placed on it.
  if (isPrivate) {
    const bmsSubnet = subnetSpecs[1]!;
    const bmsCidr = parseCidr(String(bmsSubnet.cidr))!;
    (
      [
        ['running', 'bms.c6.xlarge'],
        [v === 0 ? 'stopped' : 'error', 'bms.m6.2xlarge'],
      ] as const
    ).forEach(([status, flavor], i) => {
      const f = BMS_FLAVORS.find((x) => x.id === flavor)!;
      const id = add('phyhost', `${project.name}-${vendor}-bms-${i + 1}`, status, {
        flavor,
        cpu: f.cpu,
        memory: f.memory,
        image: 'kylin-v10',
        raid: 'raid10',
        subnet_id: subnetIds[1],
        vpc_id: vpcId,
        private_ip: intToIp(bmsCidr.base + 4 + Number(bmsSubnet.ip_cursor)),
        charging_code: 'quantity',
        billing: 'active',
        ...(status === 'error' ? { error_reason: 'hypervisor_error' } : {}),
      });
      bmsSubnet.ip_cursor = Number(bmsSubnet.ip_cursor) + 1;
      bmsSubnet.used_ips = Number(bmsSubnet.used_ips) + 1;
      link(id, subnetIds[1]!, 'in_subnet');
    });
  }
  const webHost = resources.find((r) => r.id === hostIds[0])!;
  const dhId = add('dedicated_host', `${project.name}-${vendor}-dh`, 'available', {
    host_type: 'dh.s6',
    cpu: 64,
    memory: 256,
    used_cpu: Number(webHost.spec.cpu),
    used_memory: Number(webHost.spec.memory),
    instance_count: 1,
    charging_code: vendor === 'ctyun' ? 'quantity' : 'year',
    ...(vendor === 'ctyun' ? {} : { duration: 12 }),
    billing: 'active',
  });
  webHost.spec.dedicated_host_id = dhId;
  link(dhId, hostIds[0]!, 'places');
}

function firewallRows(slot: Slot) {
  const { project, vendor, v, now, vendorCursor, add, subnetSpecs } = slot;
  // Firewall policies in the rule statuses (the approving and rejected ones came through approvals), one in the recycle bin.
  const appCidr = String(subnetSpecs[0]!.cidr);
  const policy = (name: string, status: string, extra: Record<string, unknown> = {}) =>
    add(
      'firewall_policy',
      `${project.name}-${vendor}-${name}`,
      status,
      {
        source_system: `${project.name} 应用`,
        target_system: '核心数据库',
        source_ips: [appCidr],
        target_ips: [String(subnetSpecs[1]!.cidr)],
        target_ports: '3306,6379',
        protocol: 'tcp',
        temporary: false,
        reason: '应用访问数据库',
        approval_number: `FW-2025-${String(vendorCursor).padStart(4, '0')}`,
        ...extra,
      },
      { az_id: null },
    );
  policy('fw-db', 'issued');
  policy('fw-db-confirmed', v === 0 ? 'completed' : 'no_response');
  policy('fw-ops', v === 0 ? 'inactive' : 'approving', { target_ports: '22', source_ips: ['10.250.0.10'], reason: '运维堡垒机登录' });
  policy('fw-temp', v === 0 ? 'rejected' : 'not_auto_issued', {
    temporary: true,
    start_time: new Date(now - 86_400_000).toISOString(),
    end_time: new Date(now + 6 * 86_400_000).toISOString(),
    target_ports: 'any',
    protocol: 'icmp',
  });
  policy('fw-old', 'deleted', {
    recycled_at: new Date(now - 86_400_000).toISOString(),
    recycle_until: new Date(now + 59 * 86_400_000).toISOString(),
    delayed_days: 60,
  });
}

function endpointRows(slot: Slot, lbId: string) {
  const { project, vendor, v, add, link, vpcId, subnetIds, subnetSpecs } = slot;
  // An endpoint service publishing the load balancer, and an endpoint to it from the db subnet.
  const serviceId = add(
    'vpcep_service',
    `${project.name}-${vendor}-web-svc`,
    'available',
    {
      vpc_id: vpcId,
      backend_type: 'load_balancer',
      backend_id: lbId,
      service_name: `com.yunshu.${vendor}.${lbId.slice(0, 12)}`,
      port_mappings: [{ protocol: 'tcp', service_port: 443, terminal_port: 80 }],
      endpoint_count: 1,
    },
    { az_id: null },
  );
  link(serviceId, vpcId, 'service_in_vpc');
  const epSubnet = subnetSpecs[1]!;
  const epCidr = parseCidr(String(epSubnet.cidr))!;
  const endpointId = add('vpc_endpoint', `${project.name}-${vendor}-web-ep`, v === 0 ? 'accepted' : 'rejected', {
    service_id: serviceId,
    service_name: `com.yunshu.${vendor}.${lbId.slice(0, 12)}`,
    subnet_id: subnetIds[1],
    vpc_id: vpcId,
    ip_address: intToIp(epCidr.base + 4 + Number(epSubnet.ip_cursor)),
  });
  epSubnet.ip_cursor = Number(epSubnet.ip_cursor) + 1;
  epSubnet.used_ips = Number(epSubnet.used_ips) + 1;
  link(endpointId, serviceId, 'endpoint_of');
  link(endpointId, subnetIds[1]!, 'in_subnet');
}

function sdwanRows(slot: Slot) {
  const { project, vendor, vendorCursor, add, link } = slot;
  // SD-WAN: a routing template and two branches (one offline), the first following the template.
  const templateId = add(
    'routing_template',
    `${project.name}-${vendor}-routes`,
    'available',
    {
      routes: [
        { destination: '10.0.0.0/8', next_hop: 'hub', priority: 10 },
        { destination: '0.0.0.0/0', next_hop: 'internet', priority: 100 },
      ],
      branch_count: 1,
    },
    { az_id: null },
  );
  (['online', 'offline'] as const).forEach((status, i) => {
    const suffix = `site${vendorCursor}${i ? 'b' : 'a'}`;
    const id = add(
      'sdwan_branch',
      `branch-${suffix}`,
      status,
      {
        name_suffix: suffix,
        device_model: i ? 'sdw-100' : 'sdw-500',
        device_sn: `SN${String(vendorCursor).padStart(4, '0')}${i}X2025`,
        deployment_location: { province: '江苏省', city: '苏州市', district: '工业园区', address: `星湖街 ${100 + vendorCursor} 号` },
        ...(i ? {} : { template_id: templateId }),
      },
      { az_id: null },
    );
    if (!i) link(id, templateId, 'uses_template');
  });
}

export async function seedDemoResources(db: Db, addons: SeedAddon[] = []): Promise<number> {
  const existing = await db.selectFrom('resources').select('id').where('name', 'like', 'demo-%').limit(1).execute();
  if (existing.length) return 0;
  const projects = await db
    .selectFrom('projects')
    .innerJoin('tenants', 'tenants.id', 'projects.tenant_id')
    .select(['projects.id', 'projects.name', 'projects.tenant_id'])
    .orderBy('tenants.created_at')
    .orderBy('projects.name')
    .execute();
  const zones = await db
    .selectFrom('azs')
    .innerJoin('regions', 'regions.id', 'azs.region_id')
    .select(['azs.id as az_id', 'regions.id as region_id', 'regions.public_cloud_provider as vendor'])
    .orderBy('regions.sort_value')
    .orderBy('azs.sort_value')
    .execute();
  const rand = prng(20250601);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();
  let tick = 0;
  const at = () => new Date(now - 90 * 86_400_000 + tick++ * 3_600_000 + Math.floor(rand() * 3_000_000));

  const resources: (NewResource & { id: string })[] = [];
  const links: { tenant_id: string; from_id: string; to_id: string; relation: string }[] = [];
  let vendorCursor = 0;
  let net = 16;

  for (const project of projects) {
    for (let v = 0; v < 2; v++) {
      const vendor = VENDOR_ORDER[vendorCursor++ % VENDOR_ORDER.length]!;
      const zone = zones.find((z) => z.vendor === vendor)!;
      const base = { tenant_id: project.tenant_id, project_id: project.id, vendor, region_id: zone.region_id, az_id: zone.az_id };
      const add = (kind: string, name: string, status: string, spec: Record<string, unknown>, extra: Partial<NewResource> = {}) => {
        const id = newId();
        resources.push({ ...base, id, kind, name: `demo-${name}`, status, spec, created_at: at(), ...extra });
        return id;
      };
      const link = (from_id: string, to_id: string, relation: string) => {
        links.push({ tenant_id: project.tenant_id, from_id, to_id, relation });
      };

      const vpcCidr = `10.${net++}.0.0/16`;
      const second = Number(vpcCidr.split('.')[1]);
      const vpcId = add('vpc', `${project.name}-${vendor}-vpc`, 'available', { cidr: vpcCidr, description: `${project.name} 业务网络` });
      const slot: Slot = {
        project,
        vendor,
        v,
        net,
        vendorCursor,
        isPrivate: vendor === 'openstack' || vendor === 'vmware',
        now,
        pick,
        resources,
        add,
        link,
        vpcId,
        second,
        subnetIds: [],
        subnetSpecs: [],
        hostIds: [],
      };
      subnetRows(slot);
      hostRows(slot);
      const freeDisk = storageRows(slot);
      imageRows(slot, freeDisk);
      const lbId = loadBalancerRows(slot);
      natRows(slot);
      bareMetalRows(slot);
      firewallRows(slot);
      endpointRows(slot, lbId);
      sdwanRows(slot);
      const { hostIds, subnetIds } = slot;

      for (const addon of addons) {
        const extra = addon({
          tenantId: project.tenant_id,
          projectId: project.id,
          vendor,
          regionId: zone.region_id,
          azId: zone.az_id,
          at,
          rand,
          hostIds,
          vpcId,
          subnetIds,
        });
        resources.push(...extra.resources);
        links.push(...extra.links.map((l) => ({ ...l, tenant_id: project.tenant_id })));
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertResources(trx, resources);
    await insertLinks(trx, links);
  });
  return resources.length;
}
