// Demo orchestration templates (issue 31) of tenant_admin's tenant, marked built-in (they can be
// deployed and saved as a copy, not changed): the three-tier web layout of the brief, a database
// host with a data disk, and a small development network. Checked by the same rules as a saved
// template when the seed runs, so a demo template never fails its own check. Seeds are data.
import type { Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { stackIssues, stackTemplateSchema, type StackTemplateInput } from '../../domain/stacks.ts';
import type { Db } from '../platform/db/database.ts';
import { firstProject } from './db-instances.seed.ts';

export const DEMO_TEMPLATES: StackTemplateInput[] = [
  {
    name: 'Web 三层架构',
    description: '私有网络与子网内两台 Web 云主机，弹性公网IP 绑定在第一台作为公网入口',
    nodes: [
      { key: 'vpc', kind: 'vpc', name: 'web-vpc', spec: { cidr: '10.0.0.0/16' }, x: 124, y: 24 },
      { key: 'subnet', kind: 'subnet', name: 'web-subnet', spec: { cidr: '10.0.1.0/24' }, x: 124, y: 142 },
      { key: 'web1', kind: 'instance', name: 'web-1', spec: { image: 'centos-7.9', flavor: 's6.large.2', system_disk_size: 40 }, x: 24, y: 260 },
      { key: 'web2', kind: 'instance', name: 'web-2', spec: { image: 'centos-7.9', flavor: 's6.large.2', system_disk_size: 40 }, x: 224, y: 260 },
      { key: 'eip', kind: 'eip', name: 'web-eip', spec: { bandwidth: 10, line: 'bgp' }, x: 24, y: 378 },
    ],
    edges: [
      { from: 'subnet', to: 'vpc' },
      { from: 'web1', to: 'subnet' },
      { from: 'web2', to: 'subnet' },
      { from: 'eip', to: 'web1' },
    ],
  },
  {
    name: '数据库主机与数据盘',
    description: '一台云主机挂载 200 GB SSD 云硬盘，放在独立子网中',
    nodes: [
      { key: 'vpc', kind: 'vpc', name: 'db-vpc', spec: { cidr: '172.16.0.0/16' }, x: 24, y: 24 },
      { key: 'subnet', kind: 'subnet', name: 'db-subnet', spec: { cidr: '172.16.8.0/24' }, x: 24, y: 142 },
      { key: 'db1', kind: 'instance', name: 'db-1', spec: { image: 'kylin-v10', flavor: 's6.xlarge.2', system_disk_size: 100 }, x: 24, y: 260 },
      { key: 'disk', kind: 'volume', name: 'db-data', spec: { size: 200, volume_type: 'ssd' }, x: 24, y: 378 },
    ],
    edges: [
      { from: 'subnet', to: 'vpc' },
      { from: 'db1', to: 'subnet' },
      { from: 'disk', to: 'db1' },
    ],
  },
  {
    name: '开发测试环境',
    description: '一个私有网络、一个子网和一台开发用云主机',
    nodes: [
      { key: 'vpc', kind: 'vpc', name: 'dev-vpc', spec: { cidr: '192.168.0.0/16' }, x: 24, y: 24 },
      { key: 'subnet', kind: 'subnet', name: 'dev-subnet', spec: { cidr: '192.168.10.0/24' }, x: 24, y: 142 },
      { key: 'dev1', kind: 'instance', name: 'dev-1', spec: { image: 'ubuntu-22.04', flavor: 's6.medium.2', system_disk_size: 40 }, x: 24, y: 260 },
    ],
    edges: [
      { from: 'subnet', to: 'vpc' },
      { from: 'dev1', to: 'subnet' },
    ],
  },
];

export async function seedStacks(db: Db, now = new Date()): Promise<void> {
  const raw = db as unknown as Kysely<any>;
  const scope = await firstProject(db);
  if (!scope) return;
  let at = now.getTime() - DEMO_TEMPLATES.length * 60_000;
  for (const input of DEMO_TEMPLATES) {
    const t = stackTemplateSchema.parse(input);
    if (stackIssues(t).length) throw new Error(`demo template ${t.name} fails its check`);
    const stamp = new Date((at += 60_000));
    await raw
      .insertInto('stack_templates')
      .values({
        id: newId(),
        tenant_id: scope.tenant_id,
        created_by: null,
        name: t.name,
        description: t.description,
        graph: JSON.stringify({ nodes: t.nodes, edges: t.edges }),
        builtin: true,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
}
