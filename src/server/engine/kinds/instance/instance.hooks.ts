// Cloud host (server half): an address from its subnet, its data disks and public IP bought with it;
// on removal the address goes back, its EIPs and disks are freed and its dedicated host recounted.
import { AppError } from '../../../../domain/errors.ts';
import { newId } from '../../../../domain/ids.ts';
import { intToIp, parseCidr } from '../../../../domain/kinds/cidr.ts';
import { instanceKind } from '../../../../domain/kinds/instance/instance.kind.ts';
import { linkedIds, resourcesByIds, updateResource, type ResourceRow } from '../../engine.repository.ts';
import { defineHooks, type ExtraResource } from '../hooks.ts';
import { publicAddress, recountDedicated } from '../hook-helpers.ts';

export const instanceHooks = [
  defineHooks(instanceKind, {
    async beforeCreate(c) {
      const subnet = c.parents.subnet_id!;
      const total = Number(subnet.spec.total_ips ?? 0);
      const used = Number(subnet.spec.used_ips ?? 0);
      if (total - used <= 0) throw new AppError(409, 'subnet_ip_insufficient');
      const cidr = parseCidr(String(subnet.spec.cidr ?? ''));
      if (cidr) c.spec.private_ip = intToIp(cidr.base + 4 + Number(subnet.spec.ip_cursor ?? used));
      await updateResource(c.trx, subnet.id, { spec: { ...subnet.spec, used_ips: used + 1, ip_cursor: Number(subnet.spec.ip_cursor ?? used) + 1 } });
      c.spec.vpc_id = subnet.spec.vpc_id ?? null;
      c.spec.billing = 'active';

      const extras: ExtraResource[] = [];
      const base = { kind: '', tenant_id: c.tenantId, project_id: c.projectId, ...c.placement };
      const disks = (c.input.data_disks as { size: number; type: string }[] | undefined) ?? [];
      disks.forEach((d, i) => {
        const id = newId();
        extras.push({
          resource: {
            ...base,
            id,
            kind: 'volume',
            name: `${String(c.input.name)}-data-${i + 1}`,
            status: 'creating',
            spec: { size: d.size, volume_type: d.type, instance_id: c.id, charging_code: c.spec.charging_code, billing: 'active' },
          },
          target: 'mounted',
          link: { relation: 'mounted_on', to_id: c.id },
        });
      });
      if (c.input.public_ip_type && c.input.public_ip_type !== 'none') {
        const id = newId();
        extras.push({
          resource: {
            ...base,
            id,
            kind: 'eip',
            name: `${String(c.input.name)}-eip`,
            status: 'creating',
            spec: { bandwidth: c.input.bandwidth, line: 'bgp', address: publicAddress(id), instance_id: c.id, charging_code: c.spec.charging_code },
          },
          target: 'allocated',
          link: { relation: 'bound_to', to_id: c.id },
        });
      }
      return extras;
    },

    async beforeRemove(trx, row) {
      const touched: ResourceRow[] = [];
      for (const dh of await resourcesByIds(trx, await linkedIds(trx, row.id, 'places', 'in'), true)) await recountDedicated(trx, dh, row.id);
      const [subnet] = await resourcesByIds(trx, row.spec.subnet_id ? [String(row.spec.subnet_id)] : [], true);
      if (subnet) await updateResource(trx, subnet.id, { spec: { ...subnet.spec, used_ips: Math.max(0, Number(subnet.spec.used_ips ?? 0) - 1) } });
      const eips = await resourcesByIds(trx, await linkedIds(trx, row.id, 'bound_to', 'in'), true);
      for (const e of eips) {
        const spec = { ...e.spec };
        delete spec.instance_id;
        await updateResource(trx, e.id, { status: 'available', spec });
        touched.push({ ...e, status: 'available', spec });
      }
      const disks = await resourcesByIds(trx, await linkedIds(trx, row.id, 'mounted_on', 'in'), true);
      for (const d of disks.filter((x) => x.status === 'mounted')) {
        const spec = { ...d.spec };
        delete spec.instance_id;
        await updateResource(trx, d.id, { status: 'unmounted', spec });
        touched.push({ ...d, status: 'unmounted', spec });
      }
      return touched;
    },
  }),
];
