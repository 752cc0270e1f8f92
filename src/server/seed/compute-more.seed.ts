// Demo data of the rest of compute (issue 30): in tenant_admin's first project, host agents on
// four servers (one an older version, one offline), two 蒲公英 boxes joining branch offices, three
// edge nodes, two machine rooms and the assets standing in them (one under repair, one scrapped),
// so each list and detail has something to show. Named demo-… as every demo resource
// (tests/api/kinds-seed.test.ts).
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { firstPlace } from './cache-doc-instances.seed.ts';

type Demo = { kind: string; name: string; status: string; spec: Record<string, unknown>; id?: string };

const AGENTS: Demo[] = [
  {
    kind: 'host_agent',
    name: 'demo-agent-web-01',
    status: 'online',
    spec: { host_ip: '10.0.1.11', os: 'centos-7.9', agent_version: '3.2.0', cpu_usage: 12, memory_usage: 46 },
  },
  {
    kind: 'host_agent',
    name: 'demo-agent-db-01',
    status: 'online',
    spec: { host_ip: '10.0.2.21', os: 'kylin-v10', agent_version: '3.1.5', cpu_usage: 31, memory_usage: 72 },
  },
  {
    kind: 'host_agent',
    name: 'demo-agent-idc-erp',
    status: 'online',
    spec: { host_ip: '192.168.20.15', os: 'windows-2019', agent_version: '2.8.4', cpu_usage: 8, memory_usage: 55 },
  },
  {
    kind: 'host_agent',
    name: 'demo-agent-idc-backup',
    status: 'offline',
    spec: { host_ip: '192.168.20.40', os: 'uos-20', agent_version: '3.0.1', cpu_usage: 0, memory_usage: 0 },
  },
];
const PGYUN: Demo[] = [
  {
    kind: 'pgyun_device',
    name: 'demo-pgy-suzhou',
    status: 'online',
    spec: { sn: '100218840012', model: 'X4C', network_name: '华东分支组网', lan_cidr: '192.168.30.0/24', virtual_ip: '172.16.0.14' },
  },
  {
    kind: 'pgyun_device',
    name: 'demo-pgy-ningbo',
    status: 'offline',
    spec: { sn: '100218840057', model: 'G300', network_name: '华东分支组网', lan_cidr: '192.168.31.0/24', virtual_ip: '172.16.0.59' },
  },
];
const EDGES: Demo[] = [
  { kind: 'edge_node', name: 'demo-edge-shanghai', status: 'running', spec: { city: '上海', node_ip: '10.80.0.10', cpu: 32, memory: 128, storage: 4096 } },
  { kind: 'edge_node', name: 'demo-edge-hangzhou', status: 'running', spec: { city: '杭州', node_ip: '10.81.0.10', cpu: 16, memory: 64, storage: 2048 } },
  { kind: 'edge_node', name: 'demo-edge-hefei', status: 'stopped', spec: { city: '合肥', node_ip: '10.82.0.10', cpu: 8, memory: 32, storage: 1024 } },
];
const ROOMS: Demo[] = [
  {
    kind: 'machine_room',
    name: 'demo-room-zhangjiang',
    status: 'available',
    spec: { address: '上海市浦东新区张江路 88 号 3 楼', tier: 'tier3', rack_count: 120, power_kw: 800, contact: '王建国', contact_phone: '13812345678' },
  },
  {
    kind: 'machine_room',
    name: 'demo-room-hk-colo',
    status: 'available',
    spec: { address: '香港将军澳工业邨骏昌街 17 号', tier: 'tier4', rack_count: 40, power_kw: 320, contact: '陈志明', contact_phone: '+852 61234567' },
  },
];
const asset = (name: string, status: string, room: number, spec: Record<string, unknown>) => ({ name, status, room, spec });
const ASSETS = [
  asset('demo-srv-erp-01', 'in_use', 0, {
    asset_no: 'ZJ-SRV-0001',
    asset_type: 'server',
    brand: '华为',
    model: 'FusionServer 2288H V6',
    sn: '2102313LNS10N6000123',
    rack: 'A01',
    u_position: 10,
    keeper: '李明',
    purchased_on: '2023-03-15',
  }),
  asset('demo-srv-erp-02', 'repairing', 0, {
    asset_no: 'ZJ-SRV-0002',
    asset_type: 'server',
    brand: '浪潮',
    model: 'NF5280M6',
    sn: '219351884',
    rack: 'A01',
    u_position: 12,
    keeper: '李明',
    purchased_on: '2023-03-15',
  }),
  asset('demo-sw-core-01', 'in_use', 0, {
    asset_no: 'ZJ-NET-0001',
    asset_type: 'switch',
    brand: '华为',
    model: 'CE6881-48S6CQ',
    sn: '102118765432',
    rack: 'A02',
    u_position: 40,
    keeper: '赵磊',
    purchased_on: '2022-11-02',
  }),
  asset('demo-fw-edge-01', 'in_use', 0, {
    asset_no: 'ZJ-SEC-0001',
    asset_type: 'firewall',
    brand: '深信服',
    model: 'AF-1000-B1500',
    sn: 'SF8812003341',
    rack: 'A02',
    u_position: 38,
    keeper: '赵磊',
    purchased_on: '2022-11-02',
  }),
  asset('demo-srv-old-01', 'scrapped', 0, {
    asset_no: 'ZJ-SRV-0003',
    asset_type: 'server',
    brand: '戴尔',
    model: 'PowerEdge R720',
    sn: '7XK9Q2X',
    rack: 'B05',
    u_position: 20,
    keeper: '李明',
    purchased_on: '2015-06-30',
  }),
  asset('demo-stor-hk-01', 'in_use', 1, {
    asset_no: 'HK-STO-0001',
    asset_type: 'storage',
    brand: '华为',
    model: 'OceanStor 5310',
    sn: '2102352VNR10P3000456',
    rack: 'H03',
    u_position: 16,
    keeper: '陈志明',
    purchased_on: '2024-05-20',
  }),
];

export async function seedComputeMore(db: Db, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  const rooms = ROOMS.map((r) => ({ ...r, id: newId() }));
  const assets: Demo[] = ASSETS.map((a) => ({
    kind: 'asset',
    name: a.name,
    status: a.status,
    id: newId(),
    spec: { ...a.spec, machine_room_id: rooms[a.room]!.id },
  }));
  const all = [...AGENTS, ...PGYUN, ...EDGES, ...rooms, ...assets];
  await db
    .insertInto('resources')
    .values(
      all.map((d, i) => {
        const at = new Date(now.getTime() - (all.length - i) * 3_600_000 * 7);
        return {
          id: d.id ?? newId(),
          kind: d.kind,
          tenant_id: place.tenant_id,
          project_id: place.project_id,
          vendor: 'openstack',
          region_id: place.region_id,
          az_id: place.az_id,
          name: d.name,
          status: d.status,
          locked: false,
          spec: JSON.stringify(d.spec),
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
  await db
    .insertInto('links')
    .values(assets.map((a) => ({ id: newId(), tenant_id: place.tenant_id, from_id: a.id!, to_id: String(a.spec.machine_room_id), relation: 'in_room' })))
    .execute();
  return all.length;
}
