// Virtual IP (server half): an address of its subnet (given, or the next free one), given back on removal.
import { cidrInside, intToIp, parseCidr } from '../../../../domain/kinds/cidr.ts';
import { AppError } from '../../../../domain/errors.ts';
import { vipKind } from '../../../../domain/kinds/vip/vip.kind.ts';
import { updateResource } from '../../engine.repository.ts';
import { defineHooks, invalid } from '../hooks.ts';
import { releaseSubnetIp } from '../hook-helpers.ts';

export const vipHooks = [
  defineHooks(vipKind, {
    async beforeCreate(c) {
      const subnet = c.parents.subnet_id!;
      const total = Number(subnet.spec.total_ips ?? 0);
      const used = Number(subnet.spec.used_ips ?? 0);
      if (total - used <= 0) throw new AppError(409, 'subnet_ip_insufficient');
      const cidr = parseCidr(String(subnet.spec.cidr ?? ''));
      const cursor = Number(subnet.spec.ip_cursor ?? used);
      if (c.input.ip_address) {
        const ip = String(c.input.ip_address);
        const inside = cidr && parseCidr(`${ip}/32`) && cidrInside(parseCidr(`${ip}/32`)!, cidr);
        if (!inside) throw invalid('ip_address', 'ip_outside_subnet');
        c.spec.ip_address = ip;
      } else if (cidr) {
        c.spec.ip_address = intToIp(cidr.base + 4 + cursor);
      }
      await updateResource(c.trx, subnet.id, { spec: { ...subnet.spec, used_ips: used + 1, ip_cursor: c.input.ip_address ? cursor : cursor + 1 } });
    },
    async beforeRemove(trx, row) {
      await releaseSubnetIp(trx, row.spec.subnet_id);
    },
  }),
];
