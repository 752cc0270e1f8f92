// Demo data of the USB device screens (a seed addon of resources.seed.ts): in each project's
// private cloud an 8-port USB-over-IP hub in the office network with a bank U盾, a design
// software dongle and a spare U盾; the dongle is mounted to the project's first host. Times are
// fixed offsets from now (the addon takes nothing from the shared random stream or clock, so the
// rest of the demo is unchanged by it).
import { newId } from '../../domain/ids.ts';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { NewResource } from '../engine/engine.repository.ts';
import type { SeedAddon } from './resources.seed.ts';

const DAY = 86_400_000;

export const usbSeed: SeedAddon = (c) => {
  if (c.vendor !== 'openstack' && c.vendor !== 'vmware') return { resources: [], links: [] };
  const base = { tenant_id: c.tenantId, project_id: c.projectId, vendor: c.vendor, region_id: c.regionId, az_id: c.azId };
  const slug = c.projectId.slice(0, 4);
  const hubId = newId();
  const now = Date.now();
  const host = c.hostIds[0];
  const hubName = `demo-usbhub-${slug}`;
  const devices = [
    { name: `demo-ukey-icbc-${slug}`, type: 'ukey', port: 1, usb: '096e:0006', serial: `FT${slug.toUpperCase()}0001`, host: undefined },
    { name: `demo-dongle-cad-${slug}`, type: 'dongle', port: 2, usb: '0529:0620', serial: `SN-${slug.toUpperCase()}-2231`, host },
    { name: `demo-ukey-spare-${slug}`, type: 'ukey', port: 5, usb: '096e:0006', serial: `FT${slug.toUpperCase()}0002`, host: undefined },
  ];
  const resources: (NewResource & { id: string })[] = [
    {
      ...base,
      id: hubId,
      kind: 'usb_hub',
      name: hubName,
      status: 'online',
      created_at: new Date(now - 60 * DAY),
      spec: { address: '10.20.8.15', service_port: 7575, port_count: 8, used_ports: devices.length, model: 'UH-8 USB over IP', description: '办公区机柜 A3' },
    },
  ];
  const links: { from_id: string; to_id: string; relation: string }[] = [];
  devices.forEach((d, i) => {
    const id = newId();
    const mounted = Boolean(d.host);
    resources.push({
      ...base,
      id,
      kind: 'usb_device',
      name: d.name,
      status: mounted ? 'mounted' : 'unmounted',
      created_at: new Date(now - (50 - i) * DAY),
      spec: {
        device_type: d.type,
        hub_id: hubId,
        hub_name: hubName,
        hub_port: d.port,
        usb_id: d.usb,
        serial_no: d.serial,
        ...(mounted ? { instance_id: d.host } : {}),
      },
    });
    links.push({ from_id: id, to_id: hubId, relation: 'usb_on_hub' });
    if (d.host) links.push({ from_id: id, to_id: d.host, relation: 'usb_mounted_on' });
  });
  return { resources, links };
};

/** The mounted devices' host names beside their ids (the addon knows the hosts' ids only). */
export async function seedUsbHostNames(db: Db): Promise<void> {
  await sql`update resources d set spec = d.spec || jsonb_build_object('instance_name', h.name)
    from resources h where d.kind = 'usb_device' and h.id = d.spec->>'instance_id'`.execute(db);
}
