// The rest of compute through the API (issue 30): host agents (one per address in a tenant,
// upgraded to the current version), 蒲公英 boxes (an SN of 12-16 digits bound once), edge nodes
// (their sizes; deleted only when stopped), machine rooms (a phone by the shared rule; not deleted
// while assets stand in them) and assets (an asset number once per tenant, one asset per rack U,
// repair → in use, scrapped before deleted), each refused to another tenant; the demo's rows; and
// the asset import from a real .xlsx built here, with a result per row.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { actSettled, act, createSettled, expect400, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
beforeAll(async () => {
  app = await build();
  // Purchases wait for no approval here (the engine's approval path has its own tests).
  await app.ctx.db
    .updateTable('approval_processes')
    .set({ request_types: JSON.stringify(['quota_change']) })
    .execute();
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
}, 180_000);
afterAll(async () => {
  await app.close();
});

const post = (cl: Client, url: string, payload: object) => cl.req({ method: 'POST', url, payload });
const list = async (coll: string) => (await c.req({ method: 'GET', url: `/api/${coll}?__limit=100` })).json().data as Row[];

describe('demo data', () => {
  it('each list has rows, named demo-…', async () => {
    for (const [coll, n] of [
      ['host-agents', 4],
      ['pgyun-devices', 2],
      ['edge-nodes', 3],
      ['machine-rooms', 2],
      ['assets', 6],
    ] as const) {
      const rows = await list(coll);
      expect(rows.filter((r) => r.name.startsWith('demo-')).length, coll).toBeGreaterThanOrEqual(n);
    }
  });
});

describe('host agents', () => {
  it('one agent per address; upgraded to the current version; refused to another tenant', async () => {
    const body = { name: uniq('agent'), ...(await placement(app)), host_ip: '10.9.8.7', os: 'ubuntu-22.04' };
    expect400(await post(c, '/api/host-agents', { ...body, host_ip: '10.9.8' }), 'host_ip');
    const a = await createSettled(c, 'host-agents', body);
    expect(a).toMatchObject({ status: 'online', spec: { agent_version: '3.2.0', host_ip: '10.9.8.7' } });
    const again = await post(c, '/api/host-agents', { ...body, name: uniq('agent') });
    expect(again.statusCode).toBe(409);
    expect(again.json().description).toBe('主机 10.9.8.7 已安装代理');
    const old = (await list('host-agents')).find((r) => r.name === 'demo-agent-idc-erp')!;
    expect((await actSettled(c, 'host-agents', old.id, { action: 'upgrade' })).spec).toMatchObject({ agent_version: '3.2.0' });
    const offline = (await list('host-agents')).find((r) => r.status === 'offline')!;
    expect((await act(c, 'host-agents', offline.id, { action: 'upgrade' })).statusCode).toBe(409);
    expect((await other.req({ method: 'GET', url: `/api/host-agents/${a.id}` })).statusCode).toBe(404);
    expect((await act(other, 'host-agents', a.id, { action: 'restart' })).statusCode).toBe(404);
  });
});

describe('蒲公英 boxes', () => {
  it('an SN of 12-16 digits, bound once per tenant, with an address in the network', async () => {
    const body = { name: uniq('pgy'), ...(await placement(app)), sn: '100218849999', model: 'X1', network_name: '测试组网', lan_cidr: '192.168.50.0/24' };
    expect400(await post(c, '/api/pgyun-devices', { ...body, sn: 'ABC123' }), 'sn');
    expect400(await post(c, '/api/pgyun-devices', { ...body, lan_cidr: '192.168.50.0/8' }), 'lan_cidr');
    const d = await createSettled(c, 'pgyun-devices', body);
    expect(d.status).toBe('online');
    expect(d.spec.virtual_ip).toMatch(/^172\.16\.\d+\.\d+$/);
    const again = await post(c, '/api/pgyun-devices', { ...body, name: uniq('pgy') });
    expect(again.statusCode).toBe(409);
    expect(again.json().description).toContain('100218849999');
    // Another tenant may bind its own box with that SN? No: it cannot see this one, and binds its own.
    expect((await other.req({ method: 'GET', url: `/api/pgyun-devices/${d.id}` })).statusCode).toBe(404);
  });
});

describe('edge nodes', () => {
  it('sizes are checked; deleted only when stopped', async () => {
    const body = { name: uniq('edge'), ...(await placement(app)), city: '南京', node_ip: '10.83.0.10', cpu: 8, memory: 32, storage: 500 };
    expect400(await post(c, '/api/edge-nodes', { ...body, cpu: 1 }), 'cpu');
    expect400(await post(c, '/api/edge-nodes', { ...body, storage: 50 }), 'storage');
    const n = await createSettled(c, 'edge-nodes', body);
    expect(n.status).toBe('running');
    const del = await act(c, 'edge-nodes', n.id, { action: 'delete' });
    expect(del.statusCode).toBe(409);
    expect(del.json().description).toBe('请先停止边缘节点再删除');
    await actSettled(c, 'edge-nodes', n.id, { action: 'stop' });
    expect((await act(c, 'edge-nodes', n.id, { action: 'delete' })).statusCode).toBe(200);
    expect(await settle(c, 'edge-nodes', n.id)).toBeNull();
    expect((await other.req({ method: 'GET', url: '/api/edge-nodes?__limit=100' })).json().data.some((r: Row) => r.name.startsWith('demo-edge'))).toBe(false);
  });
});

describe('machine rooms and assets', () => {
  let room: Row;
  const assetBody = (extra: Record<string, unknown> = {}) => ({
    name: uniq('srv'),
    asset_no: uniq('T').slice(0, 30),
    asset_type: 'server',
    brand: '华为',
    model: '2288H V6',
    sn: 'SN-1',
    machine_room_id: room.id,
    rack: 'Z01',
    u_position: 1,
    keeper: '李明',
    purchased_on: '2024-02-01',
    ...extra,
  });

  it('a room takes a phone by the shared rule (+86 or +852)', async () => {
    const body = {
      name: uniq('room'),
      ...(await placement(app)),
      address: '苏州工业园区星湖街 328 号',
      tier: 'tier3',
      rack_count: 20,
      power_kw: 120,
      contact: '周杰',
      contact_phone: '16612345678',
    };
    expect400(await post(c, '/api/machine-rooms', body), 'contact_phone');
    room = await createSettled(c, 'machine-rooms', { ...body, contact_phone: '+852 61234567' });
    expect(room).toMatchObject({ status: 'available', spec: { contact_phone: '+852 61234567', tier: 'tier3' } });
  });

  it('an asset stands in a room of the scope; its number once, one asset per rack U', async () => {
    expect400(await post(c, '/api/assets', assetBody({ asset_no: 'a b' })), 'asset_no');
    expect400(await post(c, '/api/assets', assetBody({ purchased_on: '2999-01-01' })), 'purchased_on');
    expect400(await post(c, '/api/assets', assetBody({ u_position: 53 })), 'u_position');
    const foreignRoom = (await other.req({ method: 'GET', url: '/api/machine-rooms?__limit=1' })).json().data[0] as Row | undefined;
    const fr = await post(c, '/api/assets', assetBody({ machine_room_id: foreignRoom?.id ?? '0'.repeat(32) }));
    expect(fr.statusCode).toBe(404);
    const a = await createSettled(c, 'assets', assetBody({ asset_no: 'T-ROOM-0001' }));
    expect(a.status).toBe('in_use');
    expect(a.region_id).toBe(room.region_id);
    const dupNo = await post(c, '/api/assets', assetBody({ asset_no: 'T-ROOM-0001', u_position: 2 }));
    expect(dupNo.statusCode).toBe(409);
    expect(dupNo.json().description).toBe('资产编号 T-ROOM-0001 已存在');
    const dupU = await post(c, '/api/assets', assetBody({ u_position: 1 }));
    expect(dupU.statusCode).toBe(409);
    expect(dupU.json().description).toContain(a.name);

    // A room with assets is not deleted.
    const delRoom = await act(c, 'machine-rooms', room.id, { action: 'delete' });
    expect(delRoom.statusCode).toBe(409);
    expect(delRoom.json().description).toBe('机房内还有资产，请先迁出或删除资产');
    // repair → in use; deleted only once scrapped, then the room may go.
    expect((await act(c, 'assets', a.id, { action: 'delete' })).statusCode).toBe(409);
    expect((await actSettled(c, 'assets', a.id, { action: 'repair' })).status).toBe('repairing');
    expect((await actSettled(c, 'assets', a.id, { action: 'repaired' })).status).toBe('in_use');
    expect((await actSettled(c, 'assets', a.id, { action: 'scrap' })).status).toBe('scrapped');
    expect((await act(c, 'assets', a.id, { action: 'delete' })).statusCode).toBe(200);
    expect(await settle(c, 'assets', a.id)).toBeNull();
    expect((await act(c, 'machine-rooms', room.id, { action: 'delete' })).statusCode).toBe(200);
    expect((await other.req({ method: 'GET', url: `/api/assets/${a.id}` })).statusCode).toBe(404);
  });
});

describe('asset import (.xlsx)', () => {
  async function xlsx(
    rows: (string | number | Date)[][],
    headers = ['资产名称', '资产编号', '资产类型', '品牌', '型号', '序列号', '所在机房', '机柜', 'U位', '保管人', '购置日期', '描述'],
  ) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('资产');
    sheet.addRow(headers);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  function upload(cl: Client, bytes: Buffer, filename = 'assets.xlsx', lang?: string) {
    const boundary = '----yunshu' + Date.now().toString(16);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return cl.req({
      method: 'POST',
      url: '/api/v1/assets/import',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      ...(lang ? { lang } : {}),
    });
  }

  it('creates each good row through the engine and says why each other row was refused', async () => {
    const bytes = await xlsx([
      [
        '导入服务器-01',
        'IMP-0001',
        '服务器',
        '华为',
        '2288H V6',
        'SNIMP1',
        'demo-room-zhangjiang',
        'C01',
        1,
        '李明',
        new Date('2024-03-01T00:00:00Z'),
        '导入测试',
      ],
      ['导入交换机-01', 'IMP-0002', 'switch', '华三', 'S6520X', 'SNIMP2', 'demo-room-zhangjiang', 'C01', 40, '赵磊', '2024-03-02', ''],
      ['导入重复编号', 'IMP-0001', '服务器', '华为', '2288H V6', 'SNIMP3', 'demo-room-zhangjiang', 'C01', 2, '李明', '2024-03-01', ''],
      ['没有机房', 'IMP-0003', '服务器', '华为', '2288H V6', 'SNIMP4', '不存在的机房', 'C01', 3, '李明', '2024-03-01', ''],
      ['坏的U位', 'IMP-0004', '服务器', '华为', '2288H V6', 'SNIMP5', 'demo-room-zhangjiang', 'C01', 99, '李明', '2024-03-01', ''],
    ]);
    const res = await upload(c, bytes);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ file: 'assets.xlsx', total: 5, created: 2, failed: 3 });
    expect(r.rows.map((x: { row: number; ok: boolean }) => [x.row, x.ok])).toEqual([
      [2, true],
      [3, true],
      [4, false],
      [5, false],
      [6, false],
    ]);
    expect(r.rows[2].error).toBe('资产编号 IMP-0001 已存在');
    expect(r.rows[3]).toMatchObject({ field: 'machine_room', error: '机房「不存在的机房」不存在或不在当前项目中' });
    expect(r.rows[4].field).toBe('u_position');
    const made = await settle(c, 'assets', r.rows[0].id);
    expect(made).toMatchObject({
      status: 'in_use',
      spec: { asset_type: 'server', purchased_on: '2024-03-01', rack: 'C01', u_position: 1, machine_room_name: 'demo-room-zhangjiang' },
    });
    // Another tenant's import cannot name this tenant's room.
    const theirs = await upload(other, await xlsx([['x-01', 'IMP-X', '服务器', 'a', 'b', 'c', 'demo-room-zhangjiang', 'C01', 1, '李明', '2024-03-01', '']]));
    expect(theirs.json()).toMatchObject({ created: 0, failed: 1 });
  });

  it('refuses what is not an .xlsx of assets, in the caller language', async () => {
    const notXlsx = await upload(c, Buffer.from('a,b,c\n'), 'assets.csv');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().description).toBe('请上传 .xlsx 格式的 Excel 文件');
    const garbage = await upload(c, Buffer.from('not a zip'), 'assets.xlsx', 'zh-TW');
    expect(garbage.json().description).toBe('請上傳 .xlsx 格式的 Excel 檔案');
    const headers = await upload(c, await xlsx([['a']], ['名称']));
    expect(headers.statusCode).toBe(400);
    expect(headers.json().description).toContain('资产编号');
    const empty = await upload(c, await xlsx([]));
    expect(empty.statusCode).toBe(400);
    const tpl = await c.req({ method: 'GET', url: '/api/v1/assets/import-template' });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('资产名称');
  });
});
