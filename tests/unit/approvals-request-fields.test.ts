// Every field of every request type, as the approver reads it, in zh-CN and zh-TW: labels and
// formatted values from the real locale files through i18next (no raw codes, ids or JSON), and the
// rule diff (no spurious rows, yes/no instead of false, the changes first).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type i18n } from 'i18next';
import { requestFieldRows, requestFieldValue, type T } from '../../src/domain/approvals/request-fields.ts';
import { diffRows } from '../../src/web/features/approvals/diff.ts';

const root = path.resolve(import.meta.dirname, '../../locales');
function bundles(lang: string) {
  const out: Record<string, unknown> = {};
  for (const f of fs.readdirSync(path.join(root, lang))) out[f.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(root, lang, f), 'utf8'));
  return out;
}

let cn: T;
let tw: T;
beforeAll(async () => {
  const inst: i18n = i18next.createInstance();
  await inst.init({
    resources: { 'zh-CN': bundles('zh-CN'), 'zh-TW': bundles('zh-TW') } as never,
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
  });
  cn = inst.getFixedT('zh-CN') as unknown as T;
  tw = inst.getFixedT('zh-TW') as unknown as T;
});

const table = (rows: { label: string; value: string }[]) => rows.map((r) => `${r.label}=${r.value}`);
const RAW = /openstack|\byear\b|quantity|\{|\}|\btrue\b|\bfalse\b|undefined|null/;

describe('request fields', () => {
  it('an EIP purchase: kind, vendor, bandwidth with its unit, 包年包月, months, priced units', () => {
    const req = {
      type: 'resource_purchase',
      payload: { kind: 'eip', name: 'line3-eip-03', vendor: 'openstack', spec: { bandwidth: 15 }, charging: 'year', months: 12, units: 15, reason: '产线扩建' },
    };
    expect(table(requestFieldRows(cn, req, { lang: 'zh-CN' }))).toEqual([
      '资源类型=弹性公网IP',
      '名称=line3-eip-03',
      '云平台=自有云（OpenStack）',
      '带宽=15 Mbps',
      '计费方式=包年包月',
      '购买时长（月）=12 个月',
      '数量=15 Mbps',
      '申请原因=产线扩建',
    ]);
    const rows = table(requestFieldRows(tw, req, { lang: 'zh-TW' }));
    expect(rows).toContain('雲端平台=自有雲（OpenStack）');
    expect(rows).toContain('購買時長（月）=12 個月');
    expect(rows.join('|')).not.toMatch(RAW);
  });

  it('a host purchase shows its flavor as cores and memory, a disk its type', () => {
    const host = {
      type: 'resource_purchase',
      payload: {
        kind: 'instance',
        name: 'line3-app-01',
        vendor: 'ali',
        spec: { flavor: 's6.xlarge.2', cpu: 4, memory: 8, image: 'centos-7.9' },
        charging: 'quantity',
        months: 1,
        units: 1,
      },
    };
    const rows = table(requestFieldRows(cn, host, { lang: 'zh-CN' }));
    expect(rows).toContain('规格=4 核 8 GB');
    expect(rows).toContain('云平台=阿里云');
    expect(rows).toContain('计费方式=按量计费');
    expect(rows).toContain('数量=1 台');
    expect(rows.some((r) => r.startsWith('CPU='))).toBe(false);
    const disk = {
      type: 'resource_purchase',
      payload: { kind: 'volume', name: 'd', vendor: 'tencent', spec: { size: 200, volume_type: 'ssd' }, charging: 'year', months: 12, units: 200 },
    };
    expect(table(requestFieldRows(tw, disk, { lang: 'zh-TW' }))).toEqual(expect.arrayContaining(['容量=200 GB', '雲端平台=騰訊雲']));
    expect(table(requestFieldRows(cn, disk, { lang: 'zh-CN' }))).toContain('磁盘类型=SSD 云硬盘');
  });

  it('an expansion names the resource, not its id', () => {
    const req = {
      type: 'resource_expansion',
      payload: { resource_id: 'a'.repeat(32), spec: { size: 300 }, reason: '数据增长' },
      resource: { name: 'erp-disk-02', kind: 'volume' },
    };
    expect(table(requestFieldRows(cn, req, { lang: 'zh-CN' }))).toEqual(['资源=erp-disk-02', '容量=300 GB', '申请原因=数据增长']);
  });

  it('rules: protocol, yes/no, times, lists; bookkeeping ids left out', () => {
    const fw = {
      type: 'firewall_policy',
      payload: {
        rule_id: null,
        name: 'fw-01',
        vendor: 'hwyun',
        source_system: 'MES',
        target_system: 'ERP',
        source_ips: ['10.10.1.0/24'],
        target_ips: ['10.20.1.11', '10.20.1.12'],
        target_ports: [443, 8080],
        protocol: 'tcp',
        temporary: false,
        start_time: '2025-06-01T00:00:00Z',
        approval_number: 'FW-1',
      },
    };
    const rows = table(requestFieldRows(cn, fw, { lang: 'zh-CN' }));
    expect(rows).toEqual(
      expect.arrayContaining(['云厂商=华为云', '协议=TCP', '临时策略=否', '目标 IP=10.20.1.11, 10.20.1.12', '目标端口=443, 8080', '开始时间=2025-06-01 08:00']),
    );
    expect(rows.join('|')).not.toMatch(RAW);
    const dnat = {
      type: 'dnat_rule',
      payload: {
        nat_gateway_id: 'b'.repeat(32),
        eip_id: 'c'.repeat(32),
        name: 'dnat',
        eip: '121.1.1.1',
        eip_ports: [8001],
        internal_ip: '192.168.1.11',
        internal_ports: [80],
        protocol: 'udp',
      },
    };
    const d = table(requestFieldRows(tw, dnat, { lang: 'zh-TW' }));
    expect(d.join('|')).not.toMatch(/b{32}|c{32}/);
    expect(d).toEqual(expect.arrayContaining(['協定=UDP', '公網連接埠=8001']));
    const snat = { type: 'snat_rule', payload: { name: 's', source_cidr: '192.168.1.0/24', eip: '121.1.1.1', reason: '软件源' } };
    expect(table(requestFieldRows(cn, snat, { lang: 'zh-CN' }))).toEqual(['名称=s', '源网段=192.168.1.0/24', '弹性公网 IP=121.1.1.1', '申请原因=软件源']);
  });

  it('a quota change: the quota by name, the value with its unit', () => {
    const q = { type: 'quota_change', payload: { quota_key: 'vcpus', value: 401, reason: '增长' } };
    expect(table(requestFieldRows(cn, q, { lang: 'zh-CN' }))).toEqual(['配额项=vCPU 核数', '申请值=401 核', '申请原因=增长']);
    expect(table(requestFieldRows(tw, q, { lang: 'zh-TW' }))[0]).toMatch(/^配額項目=vCPU/);
  });

  it('a data disk list reads as text', () => {
    expect(
      requestFieldValue(
        cn,
        'data_disks',
        [
          { type: 'ssd', size: 100 },
          { type: 'sata', size: 50 },
        ],
        { lang: 'zh-CN', kind: 'instance' },
      ),
    ).toBe('SSD 云硬盘 100 GB；普通云硬盘 50 GB');
  });
});

describe('rule diff', () => {
  it('leaves out columns the stored rule has no copy of, shows yes/no, puts changes first', () => {
    const fmt = (f: string, v: unknown) => requestFieldValue(cn, f, v, { lang: 'zh-CN', kind: 'firewall_policy' });
    const rows = diffRows(
      { protocol: 'tcp', target_ports: '443', temporary: false, old: 'x' },
      { name: 'fw', vendor: 'openstack', protocol: 'tcp', target_ports: [443, 8443], temporary: true, reason: 'r', rule_id: 'hidden' },
      fmt,
    );
    expect(rows).toEqual([
      { field: 'target_ports', before: '443', after: '443, 8443', kind: 'changed' },
      { field: 'temporary', before: '否', after: '是', kind: 'changed' },
      { field: 'old', before: 'x', after: '', kind: 'removed' },
      { field: 'protocol', before: 'TCP', after: 'TCP', kind: 'same' },
    ]);
  });
  it('a new rule is all added, its vendor by name', () => {
    const fmt = (f: string, v: unknown) => requestFieldValue(tw, f, v, { lang: 'zh-TW', kind: 'snat_rule' });
    expect(diffRows(null, { vendor: 'openstack', source_cidr: '10.0.0.0/24' }, fmt)).toEqual([
      { field: 'vendor', before: '', after: '自有雲（OpenStack）', kind: 'added' },
      { field: 'source_cidr', before: '', after: '10.0.0.0/24', kind: 'added' },
    ]);
  });
});
