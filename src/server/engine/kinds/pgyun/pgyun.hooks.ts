// Server half of 蒲公英 boxes (domain/kinds/pgyun): an SN is bound once per tenant; a bound box gets
// its address in the network (172.16.0.0/16, the network's virtual range) from its SN.
import { conflict } from '../../../../domain/errors.ts';
import { pgyunDeviceKind } from '../../../../domain/kinds/pgyun/pgyun.kind.ts';
import { siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks } from '../hooks.ts';

export const pgyunHooks = [
  defineHooks(pgyunDeviceKind, {
    async beforeCreate(c) {
      const sn = String(c.input.sn);
      if ((await siblingsBySpec(c.trx, c.tenantId, 'pgyun_device', 'sn', sn)).length) throw conflict('refusals.pgyun_device.sn_taken', { name: sn });
      const n = Number(sn.slice(-4));
      Object.assign(c.spec, { virtual_ip: `172.16.${Math.floor(n / 250) % 250}.${(n % 250) + 2}` });
    },
  }),
];
