// Small web defects, without a browser: an SD-WAN branch's 部署位置 reads as an address, and the
// help widget's overlap rule (touching edges are not an overlap, a near miss within the gap is).
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../src/domain/kinds/registry.ts';
import { displayValue, repeatsRefName, type Resource } from '../../src/web/features/resources/kind-meta.ts';
import { intersects } from '../../src/web/ui/help-widget/clear-of-actions.ts';

const t = (key: string, opts?: Record<string, unknown>) => String(opts?.defaultValue ?? key);

describe('SD-WAN branch location', () => {
  it('is one line of Chinese address, not JSON', () => {
    const def = kindOf('sdwan_branch')!;
    const row = {
      id: 'x',
      kind: 'sdwan_branch',
      name: 'b',
      status: 'online',
      locked: false,
      vendor: 'openstack',
      region_id: null,
      az_id: null,
      created_at: '',
      spec: { deployment_location: { province: '江苏省', city: '苏州市', district: '工业园区', address: '星湖街 328 号' } },
    } as Resource;
    expect(displayValue(t, def, row, 'deployment_location')).toBe('江苏省苏州市工业园区 星湖街 328 号');
    const noDistrict = { ...row, spec: { deployment_location: { province: '上海市', city: '上海市', address: '张江路 1 号' } } };
    expect(displayValue(t, def, noDistrict, 'deployment_location')).toBe('上海市上海市 张江路 1 号');
  });
});

describe('list fields of entries', () => {
  it("read as a line per entry with their options' labels, never as JSON", () => {
    const def = kindOf('cdn_domain')!;
    const row = {
      id: 'x',
      kind: 'cdn_domain',
      name: 'd',
      status: 'enabled',
      locked: false,
      vendor: 'openstack',
      region_id: null,
      az_id: null,
      created_at: '',
      spec: {
        origins: [
          { role: 'primary', weight: 10, address: '47.101.12.34' },
          { role: 'backup', weight: 5, address: 'origin.example.cn' },
        ],
      },
    } as Resource;
    const tz = (key: string, opts?: Record<string, unknown>) =>
      ({ 'kinds:cdn_domain.options.role.primary': '主', 'kinds:cdn_domain.options.role.backup': '备', 'kinds:common.entry.weight': '权重' })[key] ??
      String(opts?.defaultValue ?? key);
    expect(displayValue(tz, def, row, 'origins')).toBe('47.101.12.34（主，权重 10）；origin.example.cn（备，权重 5）');
  });
});

describe('ref fields', () => {
  const def = kindOf('usb_device')!;
  const row = (spec: Record<string, unknown>, ref_names?: Record<string, string>) =>
    ({
      id: 'x',
      kind: 'usb_device',
      name: 'u',
      status: 'available',
      locked: false,
      vendor: 'aliyun',
      region_id: null,
      az_id: null,
      created_at: '',
      spec,
      ref_names,
    }) as Resource;
  const id = 'a'.repeat(32);
  it('read as the name the server answered, else the name kept beside, never as the id', () => {
    expect(displayValue(t, def, row({ hub_id: id }, { hub_id: 'hub-上海-01' }), 'hub_id')).toBe('hub-上海-01');
    expect(displayValue(t, def, row({ hub_id: id, hub_name: 'hub-北京' }), 'hub_id')).toBe('hub-北京');
    expect(displayValue(t, def, row({ instance_id: id }), 'instance_id')).toBe('kinds:common.ref_gone');
    expect(displayValue(t, def, row({}), 'instance_id')).toBe('-');
  });
  it('let the detail leave out the name field that only repeats a ref', () => {
    expect(repeatsRefName(def, 'hub_name')).toBe(true);
    expect(repeatsRefName(def, 'name')).toBe(false);
  });
});

describe('floating buttons and actions', () => {
  const widget = { left: 319, top: 570, right: 363, bottom: 664 };
  it('sees a button under the widget, or within 4 px of it', () => {
    expect(intersects(widget, { left: 270, top: 600, right: 350, bottom: 644 }, 4)).toBe(true);
    expect(intersects(widget, { left: 200, top: 600, right: 317, bottom: 644 }, 4)).toBe(true);
  });
  it('leaves alone what is clear of it', () => {
    expect(intersects(widget, { left: 0, top: 682, right: 375, bottom: 740 }, 4)).toBe(false);
    expect(intersects(widget, { left: 20, top: 600, right: 300, bottom: 644 }, 4)).toBe(false);
  });
});

describe('a detail route without an id', () => {
  it('goes back to its list (/balanceLoadDetail → /balanceLoad); other screens stay', async () => {
    const { screenFor, withoutId } = await import('../../src/web/features/resources/kind-screens.ts');
    expect(withoutId(screenFor('balanceLoadDetail', '/balanceLoadDetail/:id?'))).toEqual({ screen: 'redirect', to: '/balanceLoad' });
    expect(withoutId(screenFor('balanceLoad', '/balanceLoad')).screen).toBe('list');
  });
});

describe('ids on cards', () => {
  // Issue 28: no 32-hex id as visible text on lists. A copy button given a resource's id shows 「ID」
  // (or its own word); only an address people search by is shown as it is.
  it('every CopyId given a row id says what it copies instead of showing it', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../src/web');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx'));
    const bare: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      for (const m of text.matchAll(/<CopyId\b[^>]*\/>/g)) if (/id=\{\w+\.id\}/.test(m[0]) && !/\bshown=/.test(m[0])) bare.push(`${f}: ${m[0]}`);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(bare).toEqual([]);
  });
});
