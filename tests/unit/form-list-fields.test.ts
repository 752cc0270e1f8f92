// List-type fields of the purchase wizard (a zod array of objects drawn as a repeatable group: the
// host's data disks) and the pure rules of the VPC / subnet create form.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullKindOf as kindOf } from '../../src/server/engine/kinds/kind-schemas.ts';
import { DATA_DISK } from '../../src/domain/kinds/instance/instance.rules.ts';
import { instanceCreateSchema } from '../../src/domain/kinds/instance/instance.schema.ts';
import { subnetCidrProblem, subnetFreeIps } from '../../src/domain/kinds/subnet/subnet.rules.ts';
import { priceItemsFor } from '../../src/domain/pricing.ts';
import {
  canAddRow,
  cleanForm,
  fieldsOf,
  initialValues,
  itemKey,
  newListRow,
  validateAll,
  validateList,
} from '../../src/web/features/resources/forms/zod-fields.ts';
import { wizardSteps } from '../../src/web/features/resources/forms/screen-rules.ts';
import { createFormKinds, siblingCidrs } from '../../src/web/features/resources/forms/create-rules.ts';
import { LIST_KINDS } from '../../src/domain/kinds/list-kind.ts';

const instance = kindOf('instance')!;
const zh: Record<string, string> = {
  'errors:rules.required': '不能为空',
  'errors:rules.too_small': '长度或数值不能小于 {{min}}',
  'errors:rules.too_big': '长度或数值不能大于 {{max}}',
  'errors:rules.invalid_value': '取值不在允许范围内',
  'errors:rules.data_disks_max': '最多添加 {{max}} 块',
  'errors:rules.custom': '不符合规则',
};
const t = (key: string, opts: Record<string, unknown> = {}) => (zh[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(opts[n] ?? ''));
const exists = (key: string) => key in zh;
const labels = { list: '数据盘', item: (k: string) => ({ size: '容量', type: '磁盘类型' })[k] ?? k };

const fields = fieldsOf(instance.createSchema, instance);
const disks = fields.find((f) => f.key === 'data_disks')!;

describe('a zod array of objects is a list field', () => {
  it("reads the rows' fields, their rules and the row count from the schema", () => {
    expect(disks).toMatchObject({ kind: 'list', required: false, max: DATA_DISK.maxCount, defaultValue: [] });
    expect(disks.item!.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['type', 'enum', false],
      ['size', 'number', true],
    ]);
    expect(disks.item!.find((f) => f.key === 'size')).toMatchObject({ min: DATA_DISK.minGb, max: DATA_DISK.maxGb });
    expect(disks.item!.find((f) => f.key === 'type')!.options).toEqual(['ssd', 'sas', 'sata']);
    expect(initialValues(fields).data_disks).toEqual([]);
    // Any kind can use one: arrays of plain values are not drawn as groups.
    const other = fieldsOf(
      z.object({
        rows: z
          .array(z.object({ port: z.number().int().min(1) }))
          .min(1)
          .max(3),
        tags: z.array(z.string()),
      }),
    );
    expect(other[0]).toMatchObject({ kind: 'list', required: true, min: 1, max: 3 });
    expect(other[0]!.item!.map((f) => f.key)).toEqual(['port']);
    expect(other[1]!.item).toBeUndefined();
    expect(wizardSteps(fieldsOf(z.object({ name: z.string(), tags: z.array(z.string()) })))).toHaveLength(2);
  });

  it('adds rows with their defaults up to the maximum count', () => {
    expect(newListRow(disks)).toEqual({ type: 'ssd' });
    const rows = Array.from({ length: DATA_DISK.maxCount - 1 }, () => newListRow(disks));
    expect(canAddRow(disks, rows)).toBe(true);
    expect(canAddRow(disks, [...rows, newListRow(disks)])).toBe(false);
  });

  it("names each bad row field by list, row number and field, keyed like the server's 400", () => {
    const errs = validateList(
      disks,
      [
        { type: 'ssd', size: 100 },
        { type: 'sata', size: 5 },
        { type: 'sas', size: '' },
        { type: 'ssd', size: 40000 },
      ],
      labels,
      t,
      exists,
    );
    expect(errs).toEqual({
      [itemKey('data_disks', 1, 'size')]: '数据盘 2 容量长度或数值不能小于 10',
      [itemKey('data_disks', 2, 'size')]: '数据盘 3 容量不能为空',
      [itemKey('data_disks', 3, 'size')]: '数据盘 4 容量长度或数值不能大于 32768',
    });
    expect(
      validateList(
        disks,
        [
          { type: 'ssd', size: 10 },
          { type: 'sata', size: 32768 },
        ],
        labels,
        t,
        exists,
      ),
    ).toEqual({});
    expect(validateList(disks, undefined, labels, t, exists)).toEqual({});
    const nine = Array.from({ length: DATA_DISK.maxCount + 1 }, () => ({ type: 'ssd', size: 20 }));
    expect(validateList(disks, nine, labels, t, exists)).toEqual({ data_disks: '数据盘最多添加 8 块' });
  });

  it('validates the whole form with row paths and cleans empty row values', () => {
    const ok = {
      ...initialValues(fields),
      name: 'web-01',
      password: 'Abcdefg123',
      vendor: 'ali',
      region_id: 'a'.repeat(32),
      az_id: 'b'.repeat(32),
      subnet_id: 'c'.repeat(32),
    };
    expect(validateAll(instance.createSchema, { ...ok, data_disks: [{ type: 'ssd', size: 50 }] }, (k) => k, t, exists)).toEqual({});
    const bad = validateAll(
      instance.createSchema,
      {
        ...ok,
        data_disks: [
          { type: 'ssd', size: 50 },
          { type: 'ssd', size: '' },
        ],
      },
      (k) => k,
      t,
      exists,
    );
    expect(bad).toEqual({ 'data_disks.1.size': 'data_disks.1.size不能为空' });
    expect(cleanForm({ a: '', data_disks: [{ size: '', type: 'ssd' }] })).toEqual({ a: undefined, data_disks: [{ size: undefined, type: 'ssd' }] });
    // The server's schema reads the same rows (2 disks of 10 GB pass, 9 disks do not).
    expect(instanceCreateSchema.safeParse({ ...ok, data_disks: [{ size: 10 }, { size: '20', type: 'sata' }] }).success).toBe(true);
  });

  it('prices a host with the sum of its data disks', () => {
    const items = priceItemsFor('instance', {
      flavor: 's6.large.2',
      system_disk_size: 40,
      data_disks: [
        { type: 'ssd', size: 100 },
        { type: 'sata', size: 60 },
      ],
    });
    expect(items).toEqual([
      { product_code: 'instance', quantity: 1 },
      { product_code: 'volume', quantity: 200 },
    ]);
  });
});

describe('the VPC and subnet create form', () => {
  it('is offered for the kinds without a purchase route that opt in', () => {
    expect(
      createFormKinds(LIST_KINDS)
        .map((d) => d.kind)
        .sort(),
    ).toEqual([
      'access_bandwidth',
      'asset',
      'cloud_account',
      'edge_node',
      'host_agent',
      'machine_room',
      'pgyun_device',
      'snapshot_group',
      'subnet',
      'sync_instance',
      'usb_hub',
      'vpc',
    ]);
    for (const d of createFormKinds(LIST_KINDS)) expect(d.routes.buy).toBeUndefined();
  });

  it('keeps a subnet inside its VPC, off its siblings, with a /16–/29 mask', () => {
    expect(subnetCidrProblem('10.1.1.0/24', '10.1.0.0/16', [])).toBeNull();
    expect(subnetCidrProblem('10.1.1.0/24', '10.1.0.0/16', ['10.1.2.0/24'])).toBeNull();
    expect(subnetCidrProblem('10.2.1.0/24', '10.1.0.0/16', [])).toBe('cidr_outside_vpc');
    expect(subnetCidrProblem('10.0.0.0/8', '10.1.0.0/16', [])).toBe('cidr');
    expect(subnetCidrProblem('10.1.1.0/30', '10.1.0.0/16', [])).toBe('cidr');
    expect(subnetCidrProblem('10.1.1.1/24', '10.1.0.0/16', [])).toBe('cidr');
    expect(subnetCidrProblem('10.1.1.128/25', '10.1.0.0/16', ['10.1.1.0/24'])).toBe('cidr_overlap');
    expect(subnetCidrProblem('10.1.0.0/16', '10.1.0.0/16', ['10.1.200.0/24'])).toBe('cidr_overlap');
    expect(subnetFreeIps('10.1.1.0/24')).toBe(251);
    expect(subnetFreeIps('10.1.1.0/29')).toBe(3);
    expect(subnetFreeIps('bad')).toBeNull();
  });

  it('checks a subnet only against the siblings in its VPC', () => {
    const vpc = 'a'.repeat(32);
    const rows = [{ spec: { vpc_id: vpc, cidr: '10.1.1.0/24' } }, { spec: { vpc_id: 'b'.repeat(32), cidr: '10.1.2.0/24' } }, { spec: { vpc_id: vpc } }];
    expect(siblingCidrs(rows, vpc)).toEqual(['10.1.1.0/24']);
  });
});
