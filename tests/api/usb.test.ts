// USB devices through the API (issue 31; seed 000 usbManageTab, usbAdd, usbManageDetail): hubs
// (USB-over-IP servers) with 4/8/16/32 ports, devices in a free port with a serial number of their
// own, mounted to one host of the hub's zone at a time, unmounted before they are deleted; a hub
// with devices is not deleted. Every refusal is localised and changes nothing; another tenant's
// hubs, devices and hosts answer 404. The demo's hub has three devices, one mounted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, actSettled, createSettled, expect400, expect409, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
});
afterAll(async () => {
  await app.close();
});

const HUBS = 'usb-hubs';
const DEVICES = 'usb-devices';
let octet = 10;
const hubBody = async (extra: Record<string, unknown> = {}) => ({
  name: uniq('hub'),
  ...(await placement(app)),
  address: `10.88.0.${octet++}`,
  port_count: 8,
  ...extra,
});
let serial = 1000;
const deviceBody = (hubId: string, port: number, extra: Record<string, unknown> = {}) => ({
  name: uniq('ukey'),
  hub_id: hubId,
  hub_port: port,
  device_type: 'ukey',
  usb_id: '096E:0006',
  serial_no: `FT-TEST-${serial++}`,
  ...extra,
});
const state = async () => {
  const rows = await app.ctx.db.selectFrom('resources').select(['id', 'status', 'spec']).where('kind', 'in', ['usb_hub', 'usb_device']).orderBy('id').execute();
  const links = await app.ctx.db.selectFrom('links').select(['from_id', 'to_id', 'relation']).where('relation', 'like', 'usb_%').orderBy('from_id').execute();
  return JSON.stringify([rows, links]);
};
/** The same refusal, with nothing changed. */
async function unchanged(run: () => Promise<{ statusCode: number; json: () => any }>, check: (res: { statusCode: number; json: () => any }) => void) {
  const before = await state();
  const res = await run();
  check(res);
  expect(res.json().title).toBeTruthy();
  expect(await state()).toBe(before);
}
/** A running or stopped host of the caller's project: in the zone given, or in another one. */
async function hostOf(azId: string, same: boolean): Promise<string> {
  const scope = c.territories[0]!;
  let q = app.ctx.db
    .selectFrom('resources')
    .select('id')
    .where('kind', '=', 'instance')
    .where('tenant_id', '=', scope.tenant_id)
    .where('project_id', '=', scope.projects[0]!.project_id)
    .where('status', 'in', ['running', 'stopped']);
  q = same ? q.where('az_id', '=', azId) : q.where('az_id', '!=', azId);
  return (await q.executeTakeFirstOrThrow()).id;
}

describe('USB devices', () => {
  it('shows the demo hub with its three devices, the dongle mounted to a host', async () => {
    const hubs = (await c.req({ method: 'GET', url: `/api/${HUBS}?name=demo-usbhub` })).json().data as Row[];
    expect(hubs.length).toBeGreaterThan(0);
    expect(hubs[0]!.spec).toMatchObject({ port_count: 8, used_ports: 3 });
    const devices = (await c.req({ method: 'GET', url: `/api/${DEVICES}?hub_id=${hubs[0]!.id}` })).json().data as Row[];
    expect(devices).toHaveLength(3);
    const mounted = devices.filter((d) => d.status === 'mounted');
    expect(mounted).toHaveLength(1);
    expect(mounted[0]!.spec.device_type).toBe('dongle');
    expect(mounted[0]!.spec.instance_name).toMatch(/^demo-/);
    expect((await c.req({ method: 'GET', url: `/api/instances/${mounted[0]!.spec.instance_id}` })).statusCode).toBe(200);
  });

  it('adds hubs and refuses a bad port count, a bad address and an address already used', async () => {
    const hub = await createSettled(c, HUBS, await hubBody({ address: '10.88.1.1' }));
    expect(hub).toMatchObject({ status: 'online', spec: { port_count: 8, used_ports: 0, service_port: 7575 } });
    await unchanged(
      async () => c.req({ method: 'POST', url: `/api/${HUBS}`, payload: await hubBody({ port_count: 5 }) }),
      (r) => expect400(r, 'port_count'),
    );
    await unchanged(
      async () => c.req({ method: 'POST', url: `/api/${HUBS}`, payload: await hubBody({ address: '10.88.300.1' }) }),
      (r) => expect400(r, 'address'),
    );
    await unchanged(
      async () => c.req({ method: 'POST', url: `/api/${HUBS}`, payload: await hubBody({ address: '10.88.1.1' }) }),
      (r) => expect409(r, '已有集线器使用 10.88.1.1:7575'),
    );
    // Another service port on the same address is another hub.
    await createSettled(c, HUBS, await hubBody({ address: '10.88.1.1', service_port: 7576 }));
  });

  it('puts a device in a free port of an online hub and refuses a port past the hub, a taken port, a known serial and bad ids', async () => {
    const hub = await createSettled(c, HUBS, await hubBody({ port_count: 4 }));
    const d = await createSettled(c, DEVICES, deviceBody(hub.id, 1, { serial_no: 'FT-DUP-0001' }));
    expect(d).toMatchObject({ status: 'unmounted', region_id: hub.region_id, spec: { hub_id: hub.id, hub_name: hub.name, hub_port: 1, usb_id: '096e:0006' } });
    expect((await settle(c, HUBS, hub.id))!.spec.used_ports).toBe(1);
    const post = (body: Record<string, unknown>, lang?: string) => c.req({ method: 'POST', url: `/api/${DEVICES}`, payload: body, ...(lang ? { lang } : {}) });
    await unchanged(
      () => post(deviceBody(hub.id, 5)),
      (r) => {
        expect400(r, 'hub_port');
        expect(r.json().description).toContain('4');
      },
    );
    await unchanged(
      () => post(deviceBody(hub.id, 1)),
      (r) => expect409(r, `集线器 ${hub.name} 的 1 号端口已有设备`),
    );
    await unchanged(
      () => post(deviceBody(hub.id, 1), 'zh-TW'),
      (r) => expect409(r, `集線器 ${hub.name} 的 1 號連接埠已有裝置`),
    );
    await unchanged(
      () => post(deviceBody(hub.id, 2, { serial_no: 'FT-DUP-0001' })),
      (r) => expect409(r, '序列号 FT-DUP-0001 已登记'),
    );
    await unchanged(
      () => post(deviceBody(hub.id, 2, { usb_id: '96e:6' })),
      (r) => expect400(r, 'usb_id'),
    );
    await unchanged(
      () => post(deviceBody(hub.id, 2, { serial_no: '序列号' })),
      (r) => expect400(r, 'serial_no'),
    );
    await unchanged(
      () => post(deviceBody(hub.id, 2, { device_type: 'mouse' })),
      (r) => expect400(r, 'device_type'),
    );
    await unchanged(
      () => post(deviceBody(hub.id, 0)),
      (r) => expect400(r, 'hub_port'),
    );
  });

  it('mounts a device to one host of its hub’s zone at a time, unmounts it before deleting it, and keeps a hub with devices', async () => {
    const hub = await createSettled(c, HUBS, await hubBody());
    const d = await createSettled(c, DEVICES, deviceBody(hub.id, 3, { device_type: 'dongle' }));
    const here = await hostOf(hub.az_id, true);
    const far = await hostOf(hub.az_id, false);
    await unchanged(
      () => act(c, DEVICES, d.id, { action: 'mount', instance_id: far }),
      (r) => expect409(r, '只能挂载到与集线器同一可用区、运行中或已关机的云主机'),
    );
    const mounted = await actSettled(c, DEVICES, d.id, { action: 'mount', instance_id: here });
    const hostName = (await c.req({ method: 'GET', url: `/api/instances/${here}` })).json().name;
    expect(mounted).toMatchObject({ status: 'mounted', spec: { instance_id: here, instance_name: hostName } });
    await unchanged(
      () => act(c, DEVICES, d.id, { action: 'mount', instance_id: here }),
      (r) => expect409(r, '该 USB 设备已挂载到主机，请先卸载'),
    );
    await unchanged(
      () => act(c, DEVICES, d.id, { action: 'delete' }),
      (r) => expect409(r, '已挂载的 USB 设备不能删除，请先卸载'),
    );
    await unchanged(
      () => c.req({ method: 'POST', url: `/api/${DEVICES}/${d.id}/actions`, payload: { action: 'delete' }, lang: 'zh-TW' }),
      (r) => expect409(r, '已掛載的 USB 裝置不能刪除，請先卸載'),
    );
    await unchanged(
      () => act(c, HUBS, hub.id, { action: 'delete' }),
      (r) => expect409(r, '集线器上还有 USB 设备，请先删除设备'),
    );
    await unchanged(
      () => act(c, DEVICES, d.id, { action: 'mount' }),
      (r) => expect400(r, 'instance_id'),
    );

    const free = await actSettled(c, DEVICES, d.id, { action: 'unmount' });
    expect(free.status).toBe('unmounted');
    expect(free.spec.instance_id ?? null).toBeNull();
    expect(free.spec.instance_name ?? null).toBeNull();
    await unchanged(
      () => act(c, DEVICES, d.id, { action: 'unmount' }),
      (r) => expect409(r, '当前状态不允许卸载'),
    );
    await unchanged(
      () => act(c, DEVICES, d.id, { action: 'mount', instance_id: 'f'.repeat(32) }),
      (r) => expect(r.statusCode).toBe(404),
    );
    await actSettled(c, DEVICES, d.id, { action: 'delete' });
    expect((await c.req({ method: 'GET', url: `/api/${DEVICES}/${d.id}` })).statusCode).toBe(404);
    expect((await settle(c, HUBS, hub.id))!.spec.used_ports).toBe(0);
    expect(await actSettled(c, HUBS, hub.id, { action: 'delete' })).toBeNull();
  });

  it('answers 404 to another tenant for hubs, devices and hosts, and changes nothing', async () => {
    const hub = await createSettled(c, HUBS, await hubBody());
    const d = await createSettled(c, DEVICES, deviceBody(hub.id, 2));
    for (const url of [`/api/${HUBS}/${hub.id}`, `/api/${DEVICES}/${d.id}`]) expect((await other.req({ method: 'GET', url })).statusCode).toBe(404);
    expect(((await other.req({ method: 'GET', url: `/api/${DEVICES}?hub_id=${hub.id}` })).json().data as Row[]).length).toBe(0);
    await unchanged(
      () => act(other, DEVICES, d.id, { action: 'delete' }),
      (r) => expect(r.statusCode).toBe(404),
    );
    await unchanged(
      () => other.req({ method: 'POST', url: `/api/${DEVICES}`, payload: deviceBody(hub.id, 4) }),
      (r) => expect(r.statusCode).toBe(404),
    );
    // Another tenant's host is not there for this tenant's device.
    const theirs = (await other.req({ method: 'GET', url: '/api/instances?__limit=1' })).json().data as Row[];
    if (theirs[0])
      await unchanged(
        () => act(c, DEVICES, d.id, { action: 'mount', instance_id: theirs[0]!.id }),
        (r) => expect(r.statusCode).toBe(404),
      );
  });
});
