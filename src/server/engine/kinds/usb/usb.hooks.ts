// USB hubs and devices (server half): a hub's address and service port are the tenant's one hub;
// a device goes into a free port of its hub (1 to the hub's port count) with a serial number no
// other device of the tenant has (the kind's guard mounts it only to a host of its hub's zone). The
// hub counts its used ports.
import { conflict } from '../../../../domain/errors.ts';
import { usbDeviceKind, usbHubKind } from '../../../../domain/kinds/usb/usb.kind.ts';
import { linkedIds, resourcesByIds, siblingsBySpec, type Exec, type ResourceRow } from '../../engine.repository.ts';
import { patchSpec } from '../hook-helpers.ts';
import { defineHooks, invalid } from '../hooks.ts';

/** The devices in a hub's ports (all but `except`). */
async function devicesOn(trx: Exec, hubId: string, except?: string): Promise<ResourceRow[]> {
  const ids = (await linkedIds(trx, hubId, 'usb_on_hub', 'in')).filter((id) => id !== except);
  return resourcesByIds(trx, ids);
}

async function recountPorts(trx: Exec, hubId: unknown, except?: string): Promise<ResourceRow[]> {
  const [hub] = await resourcesByIds(trx, hubId ? [String(hubId)] : [], true);
  if (!hub) return [];
  return [await patchSpec(trx, hub, { used_ports: (await devicesOn(trx, hub.id, except)).length })];
}

export const usbHooks = [
  defineHooks(usbHubKind, {
    async beforeCreate(c) {
      const same = await siblingsBySpec(c.trx, c.tenantId, 'usb_hub', 'address', String(c.input.address));
      if (same.some((h) => Number(h.spec.service_port) === Number(c.input.service_port)))
        throw conflict('refusals.usb_hub.address_taken', { name: `${String(c.input.address)}:${String(c.input.service_port)}` });
      c.spec.used_ports = 0;
    },
  }),
  defineHooks(usbDeviceKind, {
    async beforeCreate(c) {
      const hub = c.parents.hub_id!;
      const port = Number(c.input.hub_port);
      const max = Number(hub.spec.port_count ?? 0);
      if (port > max) throw invalid('hub_port', 'usb_port_over', { max });
      const devices = await devicesOn(c.trx, hub.id);
      if (devices.some((d) => Number(d.spec.hub_port) === port)) throw conflict('refusals.usb_device.port_taken', { name: hub.name, limit: port });
      const serial = String(c.input.serial_no);
      if ((await siblingsBySpec(c.trx, c.tenantId, 'usb_device', 'serial_no', serial)).length)
        throw conflict('refusals.usb_device.serial_taken', { name: serial });
      c.spec.hub_name = hub.name;
      await patchSpec(c.trx, hub, { used_ports: devices.length + 1 });
    },
    afterAction: {
      // The host's name beside its id (lists show names, never ids).
      async mount(c) {
        const [host] = await resourcesByIds(c.trx, [String(c.params.instance_id)]);
        await patchSpec(c.trx, c.row, { instance_name: host?.name });
        return [];
      },
      async unmount(c) {
        await patchSpec(c.trx, c.row, { instance_name: undefined });
        return [];
      },
    },
    async beforeRemove(trx, row) {
      return recountPorts(trx, row.spec.hub_id, row.id);
    },
  }),
];
