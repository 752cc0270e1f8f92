// The resource screens' pure rules: which screen a route shows, list state (sort cycle, reset to
// page 1, the vendor → region → zone resets), pagination, column visibility, row actions, live
// status patches, zod-driven form fields and messages, and the purchase rules.
import { describe, expect, it } from 'vitest';
import { KINDS, kindOf } from '../../src/domain/kinds/registry.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import { KIND_LIST_ROUTES, KIND_LISTS_WITH_CREATE_FORM, KIND_ROUTES_WITH_OWN_PAGE, PAGE_NAMESPACES, PAGES } from '../../src/web/app/pages.ts';
import { hasCreateForm } from '../../src/web/features/resources/forms/create-rules.ts';
import { CONSOLE_ROUTES, resourcesPage } from '../../src/web/app/console-pages.ts';
import { kindPageIndex } from '../../src/domain/kinds/kind-views.ts';
import { resourceRouteNames, routeTextKinds, screenFor } from '../../src/web/features/resources/kind-screens.ts';
import { sliceKindTexts } from '../../src/web/lib/kind-text-slices.ts';
import fs from 'node:fs';
import { listKindOf } from '../../src/domain/kinds/list-kind.ts';
import { fullKindOf } from '../../src/web/features/resources/full-kind.ts';
import {
  initialListState,
  listParams,
  listReducer,
  showContractTip,
  sortZones,
  withFilter,
  yuan,
  DURATIONS,
} from '../../src/web/features/resources/list-state.ts';
import { actionBlock, cardSpecKeys, displayValue, selectableRow, type Resource } from '../../src/web/features/resources/kind-meta.ts';
import { settlePoll, SETTLE_POLL_MS } from '../../src/web/features/resources/live.ts';
import { applyStatus, patchCached } from '../../src/web/features/resources/live-patch.ts';
import { fieldsOf, initialValues, validateAll, validateField, refKindOf } from '../../src/web/features/resources/forms/zod-fields.ts';
import {
  SMALL_PAGE_SIZES,
  decodeVisibility,
  encodeVisibility,
  hasNextPage,
  pageSizeOptions,
  pageWindow,
  smallPagerShown,
  splitRowActions,
} from '../../src/web/ui/data-table/table-rules.ts';
import { confirmValue, paramRefFilters, retentionValid, tagPairError, wizardSteps } from '../../src/web/features/resources/forms/screen-rules.ts';

const instance = fullKindOf('instance')!;
const volume = fullKindOf('volume')!;
const zh: Record<string, string> = {
  'errors:rules.required': '不能为空',
  'errors:rules.too_small': '长度或数值不能小于 {{min}}',
  'errors:rules.too_big': '长度或数值不能大于 {{max}}',
  'errors:rules.invalid_value': '取值不在允许范围内',
  'errors:rules.invalid_format': '格式不正确',
  'errors:rules.custom': '不符合规则',
  'errors:rules.no_url_prefix': '不能以 http:// 或 https:// 开头',
  'errors:rules.password_mix': '须同时包含数字、大写字母和小写字母',
  'errors:rules.tag_key_first': '请先填写键',
  'errors:rules.tag_key': '键只能包含字母、数字和点，长度 1-32',
  'errors:rules.tag_value': '值不合规则',
};
const t = (key: string, opts: Record<string, unknown> = {}) => (zh[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(opts[n] ?? ''));
const exists = (key: string) => key in zh;

function row(over: Partial<Resource> = {}): Resource {
  return {
    id: 'a'.repeat(32),
    kind: 'instance',
    name: 'h1',
    status: 'running',
    locked: false,
    vendor: 'openstack',
    region_id: null,
    az_id: null,
    spec: {},
    created_at: '2025-01-01T00:00:00Z',
    ...over,
  };
}

describe('screens from the registry', () => {
  it('maps every kind route to a screen, and pages.ts routes each of them to the resource page (from the registry)', () => {
    const kindPages = kindPageIndex(KINDS);
    for (const name of resourceRouteNames()) {
      expect(PAGES[name] ?? CONSOLE_ROUTES[name] ?? (kindPages.has(name) ? 'registry' : undefined), name).toBeDefined();
    }
    expect(screenFor('ecsManage', '/ecsManage')).toMatchObject({ screen: 'list', def: listKindOf('instance') });
    expect(screenFor('ecsDetail', '/ecsDetail/:id')).toMatchObject({ screen: 'detail', def: listKindOf('instance') });
    expect(screenFor('ecsBuy', '/ecsBuy')).toMatchObject({ screen: 'buy', def: listKindOf('instance') });
    expect(screenFor('ecsAdminManage', '/ecsAdminManage')).toMatchObject({ screen: 'list', admin: true });
    expect(screenFor('ecsMonitor', '/ecsMonitor/:id')).toMatchObject({ screen: 'detail', tab: 'monitor' });
    const recycle = screenFor('ecsRecycle', '/ecsRecycle');
    expect(recycle.screen).toBe('recycle');
    if (recycle.screen === 'recycle') expect(recycle.defs.map((d) => d.kind)).toEqual(['instance', 'volume']);
    expect(screenFor('downloadRecord_downloadResource', '/downloadResource')).toEqual({ screen: 'downloads' });
    expect(screenFor('orderManage', '/orderManage')).toEqual({ screen: 'none' });
  });

  it('shows the same screen and kind from the list models (zod-free) as from the full registry, for every route', () => {
    const shape = (s: ReturnType<typeof screenFor>) =>
      JSON.stringify(s, (k, v: unknown) =>
        k === 'def' || k === 'child' ? (v as { kind: string } | undefined)?.kind : k === 'defs' ? (v as { kind: string }[]).map((d) => d.kind) : v,
      );
    for (const route of ROUTE_TABLE) {
      expect(shape(screenFor(route.name, route.path)), route.name).toBe(shape(screenFor(route.name, route.path, KINDS)));
    }
  });

  it('picks up a new kind without new screen code', () => {
    const fake = { ...volume, kind: 'nat', routes: { list: 'fooManage', detail: 'fooDetail', buy: 'fooBuy' } };
    expect(screenFor('fooBuy', '/fooBuy', [...KINDS, fake])).toMatchObject({ screen: 'buy', def: fake });
    expect(resourceRouteNames([fake])).toEqual(expect.arrayContaining(['fooManage', 'fooDetail', 'fooBuy']));
  });
});

describe('list state', () => {
  it('cycles the sort normal → ascending → descending → normal and resets to page 1', () => {
    let s = { ...initialListState(20), page: 3 };
    s = listReducer(s, { type: 'sort', field: 'name', state: 'asc' });
    expect(s.page).toBe(1);
    expect(listParams(s)).toMatchObject({ __orders: 'name', __limit: 20, __offset: 0 });
    s = listReducer({ ...s, page: 2 }, { type: 'sort', field: 'name', state: 'desc' });
    expect(listParams(s)).toMatchObject({ __orders: '-name', __offset: 0 });
    s = listReducer(s, { type: 'sort', field: 'name', state: 'none' });
    expect(listParams(s).__orders).toBeUndefined();
  });

  it('filtering and searching reset to page 1; a new page size too', () => {
    const s = { ...initialListState(10), page: 4 };
    expect(listReducer(s, { type: 'filter', key: 'name', value: 'web' }).page).toBe(1);
    expect(listReducer(s, { type: 'page', page: 4, pageSize: 30 }).page).toBe(1);
    expect(listReducer(s, { type: 'page', page: 5, pageSize: 10 }).page).toBe(5);
    expect(listParams({ ...s, page: 4 }).__offset).toBe(30);
  });

  it('vendor change clears region and zone; region change clears the zone', () => {
    const f = { provider: 'ali', 'az.region_id': 'r1', 'az.id': 'z1' };
    expect(withFilter(f, 'provider', 'tencent')).toEqual({ provider: 'tencent' });
    expect(withFilter(f, 'az.region_id', 'r2')).toEqual({ provider: 'ali', 'az.region_id': 'r2' });
    expect(withFilter(f, 'provider', undefined)).toEqual({});
  });
});

describe('table building blocks', () => {
  it('pages: sizes 10/20/30/40 with a custom one in order; next disabled when rows differ from the limit', () => {
    expect(pageSizeOptions()).toEqual([10, 20, 30, 40]);
    expect(pageSizeOptions(25)).toEqual([10, 20, 25, 30, 40]);
    expect(hasNextPage({ page: 1, pageSize: 10, pageRows: 10 })).toBe(true);
    expect(hasNextPage({ page: 1, pageSize: 10, pageRows: 7 })).toBe(false);
    expect(hasNextPage({ page: 2, pageSize: 10, total: 20, pageRows: 10 })).toBe(false);
    expect(pageWindow(6, 20)).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
  });

  it('the second pager (lists inside a detail): 5 or 10 a page, hidden while one page holds every row (issue 28)', () => {
    expect(pageSizeOptions(10, SMALL_PAGE_SIZES)).toEqual([5, 10]);
    expect(smallPagerShown({ page: 1, pageSize: 10, total: 10 })).toBe(false);
    expect(smallPagerShown({ page: 1, pageSize: 5, total: 6 })).toBe(true);
    expect(smallPagerShown({ page: 1, pageSize: 10, total: undefined })).toBe(true);
    // a page past the first stays reachable back even when rows were deleted meanwhile
    expect(smallPagerShown({ page: 2, pageSize: 10, total: 3 })).toBe(true);
  });

  it('column visibility as a 1/0 string; frozen columns always shown; a stale string is ignored', () => {
    const cols = [
      { id: 'name', label: '名称', frozen: true },
      { id: 'id', label: 'ID' },
      { id: 'image', label: '镜像' },
    ];
    expect(encodeVisibility(cols, { name: false, id: false })).toBe('101');
    expect(decodeVisibility(cols, '001', {})).toEqual({ name: true, id: false, image: true });
    expect(decodeVisibility(cols, '10', { image: false })).toEqual({ image: false });
  });

  it('row actions: two inline, else the first plus 更多', () => {
    expect(splitRowActions([1, 2])).toEqual({ inline: [1, 2], more: [] });
    expect(splitRowActions([1, 2, 3])).toEqual({ inline: [1], more: [2, 3] });
    expect(splitRowActions([])).toEqual({ inline: [], more: [] });
  });
});

describe('actions and live status', () => {
  it('offers an action only in a status that allows it, with the refusal otherwise', () => {
    const stop = instance.actions.find((a) => a.id === 'stop')!;
    const del = instance.actions.find((a) => a.id === 'delete')!;
    expect(actionBlock(instance, stop, row())).toBeNull();
    expect(actionBlock(instance, stop, row({ status: 'stopped' }))).toBe('refusals.instance.stop');
    expect(actionBlock(instance, del, row({ locked: true }))).toBe('refusals.instance.locked_cannot_destroy');
    expect(actionBlock(instance, stop, row({ status: 'stopping' }))).toBe('refusals.instance.stop');
  });

  it('re-reads a list or detail only while a row on it is between states (a lost event cannot leave it spinning)', () => {
    const settled = { count: 1, data: [row({ in_between: false })] };
    const moving = { count: 2, data: [row({ in_between: false }), row({ id: 'b'.repeat(32), status: 'stopping', in_between: true })] };
    expect(settlePoll({ state: { data: settled } })).toBe(false);
    expect(settlePoll({ state: { data: moving } })).toBe(SETTLE_POLL_MS);
    expect(settlePoll({ state: { data: { pages: [settled, moving], pageParams: ['', 'x'] } } })).toBe(SETTLE_POLL_MS);
    expect(settlePoll({ state: { data: { pages: [settled], pageParams: [''] } } })).toBe(false);
    expect(settlePoll({ state: { data: row({ status: 'starting', in_between: true }) } })).toBe(SETTLE_POLL_MS);
    expect(settlePoll({ state: { data: undefined } })).toBe(false);
  });

  it('patches cached lists, infinite pages and details in place', () => {
    const list = { count: 2, data: [row(), row({ id: 'b'.repeat(32), name: 'h2' })] };
    const [next, hit] = patchCached(list, { type: 'resource.status', id: 'a'.repeat(32), kind: 'instance', status: 'stopping' });
    expect(hit).toBe(true);
    const r = (next as typeof list).data[0]!;
    expect(r).toMatchObject({ status: 'stopping', in_between: true, available_actions: [] });
    const [done] = patchCached(next, { type: 'resource.status', id: 'a'.repeat(32), kind: 'instance', status: 'stopped' });
    expect((done as typeof list).data[0]!.available_actions).toEqual(expect.arrayContaining(['start', 'delete']));
    const inf = { pages: [list], pageParams: [''] };
    const [gone] = patchCached(inf, { type: 'resource.removed', id: 'b'.repeat(32), kind: 'instance' });
    expect((gone as typeof inf).pages[0]!.data.map((x) => x.name)).toEqual(['h1']);
    expect((gone as typeof inf).pages[0]!.count).toBe(1);
    expect(patchCached(row(), { type: 'resource.status', id: 'c'.repeat(32), kind: 'instance', status: 'stopped' })[1]).toBe(false);
    expect(applyStatus(row(), { locked: true }).available_actions).not.toContain('delete');
  });

  it("narrows a ref param picker: allowed states, same zone, this resource's snapshots", () => {
    const mount = volume.actions.find((a) => a.id === 'mount')!;
    const rollback = volume.actions.find((a) => a.id === 'rollback')!;
    const vol = row({ kind: 'volume', az_id: 'z'.repeat(32) });
    expect(paramRefFilters(volume, mount, fieldsOf(mount.params!, volume)[0]!, vol)).toEqual({ status: 'running,stopped', az_id: 'z'.repeat(32) });
    const snap = fieldsOf(rollback.params!, volume).find((f) => f.key === 'snapshot_id')!;
    expect(snap.refKind).toBe('snapshot');
    expect(paramRefFilters(volume, rollback, snap, vol)).toEqual({ status: 'available', volume_id: vol.id });
  });

  it('shows the key spec on phone cards', () => {
    expect(cardSpecKeys(instance)).toEqual(['flavor', 'cpu', 'memory']);
  });
});

describe("forms from the kind's zod rules", () => {
  const fields = fieldsOf(instance.createSchema, instance);
  it('reads fields, defaults and refs from the schema', () => {
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.image).toMatchObject({ kind: 'enum', required: true });
    expect(byKey.system_disk_size).toMatchObject({ kind: 'number', required: false, defaultValue: 40 });
    expect(byKey.subnet_id).toMatchObject({ kind: 'ref', refKind: 'subnet' });
    expect(byKey.password!.kind).toBe('password');
    expect(initialValues(fields)).toMatchObject({ image: 'centos-7.9', system_disk_size: 40, public_ip_type: 'none' });
    expect(refKindOf(volume, 'instance_id')).toBe('instance');
  });

  it("validates one field with 'label + message' and the whole form with object rules", () => {
    const name = fields.find((f) => f.key === 'name')!;
    expect(validateField(name, '', '名称', t, exists)).toBe('名称不能为空');
    expect(validateField(name, 'x', '名称', t, exists)).toBe('名称长度或数值不能小于 2');
    expect(validateField(name, 'http://a', '名称', t, exists)).toBe('名称不能以 http:// 或 https:// 开头');
    expect(validateField(name, 'web-01', '名称', t, exists)).toBeNull();
    const pw = fields.find((f) => f.key === 'password')!;
    expect(validateField(pw, 'abcdefgh', '登录密码', t, exists)).toBe('登录密码须同时包含数字、大写字母和小写字母');
    expect(validateAll(instance.createSchema, { ...initialValues(fields) }, (k) => k, t, exists).name).toBe('name不能为空');
    // The object-level rule (bandwidth needed with a public IP) once the fields themselves pass.
    const ok = {
      ...initialValues(fields),
      name: 'web-01',
      password: 'Abcdefg123',
      vendor: 'ali',
      region_id: 'a'.repeat(32),
      az_id: 'b'.repeat(32),
      subnet_id: 'c'.repeat(32),
    };
    expect(validateAll(instance.createSchema, ok, (k) => k, t, exists)).toEqual({});
    expect(validateAll(instance.createSchema, { ...ok, public_ip_type: 'bgp', bandwidth: '' }, (k) => k, t, exists).bandwidth).toBe('bandwidth不能为空');
  });

  it('splits the wizard: placement and charging, configuration, name and confirmation', () => {
    const steps = wizardSteps(fields);
    expect(steps.map((s) => s.key)).toEqual(['placement', 'config', 'confirm']);
    expect(steps[1]!.fields.map((f) => f.key)).toEqual(['image', 'flavor', 'system_disk_size', 'data_disks', 'subnet_id', 'public_ip_type', 'bandwidth']);
    expect(steps[2]!.fields.map((f) => f.key)).toEqual(['name', 'description', 'password']);
  });
});

describe('purchase, delete and tag rules', () => {
  it('shows the 实业经营 contract tip only for year packages of the listed products', () => {
    expect(showContractTip('instance', 'year', '实业经营')).toBe(true);
    expect(showContractTip('volume', 'year', '实业经营')).toBe(true);
    expect(showContractTip('instance', 'quantity', '实业经营')).toBe(false);
    expect(showContractTip('eip', 'year', '实业经营')).toBe(false);
    expect(showContractTip('instance', 'year', '金融')).toBe(false);
  });
  it('offers durations 1–6, 12, 24, 36; sorts zones by sort_value; shows yuan with two decimals', () => {
    expect(DURATIONS).toEqual([1, 2, 3, 4, 5, 6, 12, 24, 36]);
    expect(
      sortZones([
        { id: 'b', sort_value: 2 },
        { id: 'a', sort_value: 1 },
      ])[0]!.id,
    ).toBe('a');
    expect(yuan(30800)).toBe('308.00');
    expect(yuan(5)).toBe('0.05');
  });
  it('takes retention days 7–60 as integers', () => {
    expect(['6', '7', '60', '61', '7.5', ''].map(retentionValid)).toEqual([false, true, true, false, false, false]);
  });
  it('asks for the tag key first, then checks key and value', () => {
    expect(tagPairError('', 'v', t)).toBe('请先填写键');
    expect(tagPairError('a b', '', t)).toBe('键只能包含字母、数字和点，长度 1-32');
    expect(tagPairError('env', '生产', t)).toBeNull();
    expect(tagPairError('env', 'a/b', t)).toBe('值不合规则');
  });
});

describe('values as a user reads them', () => {
  const names: Record<string, string> = {
    'kinds:vendors.openstack': '自有云（OpenStack）',
    'kinds:vendors.ali': '阿里云',
    'kinds:units.gb': 'GB',
    'kinds:units.mbps': 'Mbps',
    'kinds:options.charging_code.quantity': '按量计费',
    'kinds:instance.options.public_ip_type.bgp': 'BGP 多线',
    'resources:common.loading': '加载中',
  };
  const tn = (key: string, opts: Record<string, unknown> = {}) => names[key] ?? (opts.defaultValue as string | undefined) ?? key;
  it('keeps a deleted row out of batch selection', () => {
    expect(selectableRow(row({ status: 'deleted' }))).toBe(false);
    expect(selectableRow(row({ status: 'running' }))).toBe(true);
  });
  it("names the vendor on a card even where the kind lists no vendor field (a subnet takes its VPC's)", () => {
    const subnet = kindOf('subnet')!;
    expect(subnet.fields.some((f) => f.key === 'vendor')).toBe(false);
    expect(displayValue(tn, subnet, row({ kind: 'subnet', vendor: 'openstack' }), 'vendor')).toBe('自有云（OpenStack）');
    expect(displayValue(tn, instance, row({ vendor: 'ali' }), 'vendor')).toBe('阿里云');
    expect(displayValue(tn, subnet, row({ kind: 'subnet', vendor: '' }), 'vendor')).toBe('-');
  });
  it("shows the wizard's confirm rows with units, place names and the picked subnet's name and CIDR", () => {
    const fields = fieldsOf(instance.createSchema, instance);
    const f = (k: string) => fields.find((x) => x.key === k);
    expect(confirmValue(tn, instance, f('system_disk_size'), 'system_disk_size', 40)).toBe('40 GB');
    expect(confirmValue(tn, instance, f('bandwidth'), 'bandwidth', 5)).toBe('5 Mbps');
    expect(confirmValue(tn, instance, f('public_ip_type'), 'public_ip_type', 'bgp')).toBe('BGP 多线');
    expect(confirmValue(tn, instance, undefined, 'vendor', 'openstack')).toBe('自有云（OpenStack）');
    expect(confirmValue(tn, instance, undefined, 'charging_code', 'quantity')).toBe('按量计费');
    const places = { regions: { r1: '华东一' }, azs: { z1: '可用区A' } };
    expect(confirmValue(tn, instance, undefined, 'region_id', 'r1', { places })).toBe('华东一');
    expect(confirmValue(tn, instance, undefined, 'az_id', 'z1', { places })).toBe('可用区A');
    const subnetId = 'b'.repeat(32);
    expect(f('subnet_id')?.kind).toBe('ref');
    expect(confirmValue(tn, instance, f('subnet_id'), 'subnet_id', subnetId, { ref: { name: 'web-net', spec: { cidr: '10.0.1.0/24' } } })).toBe(
      'web-net（10.0.1.0/24）',
    );
    expect(confirmValue(tn, instance, f('subnet_id'), 'subnet_id', subnetId, { ref: undefined })).toBe('加载中');
    expect(confirmValue(tn, instance, f('subnet_id'), 'subnet_id', subnetId, { ref: { name: 'vpc-a', spec: {} } })).toBe('vpc-a');
    expect(confirmValue(tn, instance, f('bandwidth'), 'bandwidth', undefined)).toBe('-');
  });
});

describe('rule messages a field words its own way', () => {
  const msgs: Record<string, string> = {
    'errors:rules.ip_invalid': 'IP 地址格式不正确（IPv4/IPv6，可带前缀）',
    'errors:rules.port_count_mismatch': '公网端口数量必须与内网端口数量一致',
    'errors:field_rules.source_cidr.ip_invalid': '须为 IPv4 地址或网段（如 192.168.1.0/24）',
    'errors:field_rules.ipv6_ports.port_count_mismatch': '数量须与内网端口数量一致',
    'errors:field_rules.eip_ports.port_count_mismatch': '数量须与内网端口数量一致',
  };
  const tm = (key: string) => msgs[key] ?? key;
  const has = (key: string) => key in msgs;
  it('SNAT 源网段 says IPv4 only; port-count messages read naturally after their label', () => {
    const snat = fullKindOf('snat_rule')!;
    const cidr = fieldsOf(snat.createSchema, snat).find((f) => f.key === 'source_cidr')!;
    expect(validateField(cidr, 'fd00::/64', '源网段', tm, has)).toBe('源网段须为 IPv4 地址或网段（如 192.168.1.0/24）');
    expect(validateField(cidr, '10.0.0.0/24', '源网段', tm, has)).toBeNull();
    const v6 = fullKindOf('nat_ipv6_rule')!;
    const label = (k: string) => (({ ipv6_ports: 'IPv6 端口', internal_ports: '内网端口' }) as Record<string, string>)[k] ?? k;
    const errs = validateAll(
      v6.createSchema,
      {
        name: 'r1',
        nat_gateway_id: 'a'.repeat(32),
        ipv6_address: '240e:1::10',
        internal_ip: '10.0.1.10',
        protocol: 'tcp',
        internal_ports: '80,443',
        ipv6_ports: '443',
      },
      label,
      tm,
      has,
    );
    expect(errs.ipv6_ports).toBe('IPv6 端口数量须与内网端口数量一致');
    const dnat = fullKindOf('dnat_rule')!;
    const d = validateAll(
      dnat.createSchema,
      {
        name: 'r1',
        nat_gateway_id: 'a'.repeat(32),
        eip_id: 'b'.repeat(32),
        internal_ip: '10.0.1.10',
        protocol: 'tcp',
        internal_ports: '80,443',
        eip_ports: '443',
      },
      (k) => (k === 'eip_ports' ? '公网端口' : k),
      tm,
      has,
    );
    expect(d.eip_ports).toBe('公网端口数量须与内网端口数量一致');
  });
});

describe('batch menu', () => {
  it('offers only the actions some selected row allows: none for hosts awaiting approval', async () => {
    const { offeredBatchActions } = await import('../../src/web/features/resources/kind-meta.ts');
    const { menuActions } = await import('../../src/web/features/resources/kind-meta.ts');
    const host = kindOf('instance')!;
    const batch = menuActions(host).filter((a) => a.batch);
    const ids = (rows: { status: string; locked: boolean }[]) => offeredBatchActions(host, batch, rows).map((a) => a.id);
    expect(ids([{ status: 'approving', locked: false }])).not.toEqual(expect.arrayContaining(['start']));
    for (const a of ['start', 'stop', 'reboot']) expect(ids([{ status: 'approving', locked: false }])).not.toContain(a);
    expect(ids([{ status: 'running', locked: false }])).toContain('stop');
    expect(ids([{ status: 'running', locked: false }])).not.toContain('start');
    expect(
      ids([
        { status: 'running', locked: false },
        { status: 'stopped', locked: false },
      ]),
    ).toEqual(expect.arrayContaining(['start', 'stop']));
  });
});

describe("the kinds' plain list routes (their own namespaces, ADR 0031)", () => {
  it("are each a kind's list route shown as the (non-admin) list screen, with the host list among them", () => {
    expect(KIND_LIST_ROUTES).toContain('ecsManage');
    for (const name of KIND_LIST_ROUTES) {
      const route = ROUTE_TABLE.find((r) => r.name === name);
      expect(route, name).toBeDefined();
      expect(
        KINDS.some((k) => k.routes.list === name),
        name,
      ).toBe(true);
      const screen = screenFor(name, route!.path);
      expect(screen.screen, name).toBe('list');
      // The create form's button label (forms) only where the list has that form.
      const def = listKindOf(KINDS.find((k) => k.routes.list === name)!.kind)!;
      expect(PAGE_NAMESPACES[name], name).toEqual(hasCreateForm(def) ? ['resources', 'forms'] : ['resources']);
      expect(KIND_LISTS_WITH_CREATE_FORM.includes(name), name).toBe(hasCreateForm(def));
    }
  });
});

describe("every resource route's texts, by rule (ADR 0072, second addendum)", () => {
  const rk = routeTextKinds(ROUTE_TABLE);
  it('names every route a kind claims, with the kinds its screen shows', () => {
    const claimed = kindPageIndex(KINDS);
    expect(Object.keys(rk).sort()).toEqual(
      ROUTE_TABLE.filter((r) => claimed.has(r.name))
        .map((r) => r.name)
        .filter((n, i, a) => a.indexOf(n) === i)
        .sort(),
    );
    expect(rk.nasManage).toEqual(['nas']);
    expect(rk.ecsDetail).toEqual(['instance']);
    expect(rk.ecsRecycle).toEqual(['instance', 'volume']);
    expect(rk.databaseDetail_account).toEqual(['db_instance']);
    // a tab route's rule list reads its rules' kind
    expect(rk.natDetail_snatManage).toEqual(expect.arrayContaining(['nat_gateway', 'snat_rule']));
    expect(rk.orderManage).toBeUndefined();
  });
  it('sends a route a kind claims to the resource page unless console-pages.ts gives it a page of its own, as pages.ts says', () => {
    const own = Object.keys(rk).filter((name) => CONSOLE_ROUTES[name] && CONSOLE_ROUTES[name] !== resourcesPage);
    expect([...KIND_ROUTES_WITH_OWN_PAGE].sort()).toEqual(own.sort());
    // (pages.ts reads no console route map for the others; a kind list of KIND_LIST_ROUTES neither)
    for (const name of KIND_LIST_ROUTES) expect([undefined, resourcesPage], name).toContain(CONSOLE_ROUTES[name]);
  });
  it("has a slice of the kinds' texts for every kind a route shows, in both languages", () => {
    for (const lang of ['zh-CN', 'zh-TW']) {
      const slices = sliceKindTexts(JSON.parse(fs.readFileSync(`locales/${lang}/kinds.json`, 'utf8')) as Record<string, unknown>);
      for (const [route, kinds] of Object.entries(rk)) {
        expect(kinds.length, route).toBeGreaterThan(0);
        for (const kind of kinds) expect(slices[kind], `${lang} ${route}: ${kind}`).toBeDefined();
      }
    }
  });
});
