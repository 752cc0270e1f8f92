// Form fields read through zod's public z.toJSONSchema (zod-fields.ts). The fixture
// tests/unit/fixtures/form-fields-before.json was written once by the previous reader of zod's
// internals (`_zod.def`) over every kind's create schema and action params: the new reader must
// draw the same fields.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FULL_KINDS as KINDS, fullKindOf as kindOf } from '../../src/server/engine/kinds/kind-schemas.ts';
import type { FullKind } from '../../src/domain/kinds/kind-schemas.ts';
import { fieldsOf, initialValues, jsonSchemaOf, type FormField } from '../../src/web/features/resources/forms/zod-fields.ts';

const before = JSON.parse(readFileSync(new URL('./fixtures/form-fields-before.json', import.meta.url), 'utf8')) as Record<string, unknown[]>;

/** A field as plain data (the zod schema itself is not comparable). */
const plain = (fs: readonly FormField[]): unknown[] =>
  fs.map(({ schema: _s, item, ...rest }) => JSON.parse(JSON.stringify({ ...rest, ...(item ? { item: plain(item) } : {}) })));

const schemasOf = (k: FullKind): [string, z.ZodObject<any>][] => [
  [`${k.kind}.create`, k.createSchema],
  ...k.actions.filter((a) => a.params).map((a) => [`${k.kind}.${a.id}`, a.params!] as [string, z.ZodObject<any>]),
];

describe('form fields from z.toJSONSchema', () => {
  it("converts every kind's create schema and action params without throwing", () => {
    for (const k of KINDS) {
      for (const [name, schema] of schemasOf(k)) {
        expect(() => jsonSchemaOf(schema), name).not.toThrow();
        // Union bodies (certificate sources, CDN task types) have their own forms: no generic fields.
        if (!(schema instanceof z.ZodObject)) {
          expect(fieldsOf(schema, k), name).toEqual([]);
          continue;
        }
        const fields = fieldsOf(schema, k);
        expect(fields.length, name).toBeGreaterThan(0);
        for (const f of fields) expect(f.schema, `${name}.${f.key}`).toBe(schema.shape[f.key]);
      }
    }
  });

  it('draws the same fields as the previous reader for every schema it knew', () => {
    const names = Object.keys(before);
    expect(names.length).toBeGreaterThan(50);
    const diffs: string[] = [];
    for (const name of names) {
      const [kind, which] = name.split('.') as [string, string];
      const def = kindOf(kind)!;
      const schema = which === 'create' ? def.createSchema : def.actions.find((a) => a.id === which)!.params!;
      const now = plain(fieldsOf(schema, def)) as Record<string, unknown>[];
      const was = before[name] as Record<string, unknown>[];
      expect(
        now.map((f) => f.key),
        name,
      ).toEqual(was.map((f) => f.key));
      now.forEach((f, i) => {
        if (JSON.stringify(f) !== JSON.stringify(was[i])) diffs.push(`${name}.${String(f.key)}: ${JSON.stringify(was[i])} → ${JSON.stringify(f)}`);
      });
    }
    // One deliberate difference: the listener's health_check is `.prefault({})`, which the old
    // reader did not unwrap; the server accepts it omitted, so it is not required.
    // And the listener's HTTPS certificate is now picked from the certificate store.
    expect(diffs).toEqual([
      'lb_listener.create.certificate_id: {"key":"certificate_id","kind":"text","required":false} → {"key":"certificate_id","kind":"ref","required":false,"refKind":"ssl_certificate"}',
      'lb_listener.create.health_check: {"key":"health_check","kind":"text","required":true} → {"key":"health_check","kind":"text","required":false}',
    ]);
  });

  it('reads a few known kinds as their forms show them', () => {
    const volume = kindOf('volume')!;
    const vf = fieldsOf(volume.createSchema, volume);
    expect(vf.find((f) => f.key === 'size')).toMatchObject({ kind: 'number', required: true, min: 10, max: 32768 });
    expect(vf.find((f) => f.key === 'volume_type')).toMatchObject({ kind: 'enum', required: false, defaultValue: 'ssd', options: ['ssd', 'sas', 'sata'] });
    expect(vf.find((f) => f.key === 'shared')).toMatchObject({ kind: 'boolean', required: false, defaultValue: false });
    expect(initialValues(vf)).toMatchObject({ volume_type: 'ssd', shared: false, charging_code: 'quantity' });
    const mount = volume.actions.find((a) => a.id === 'mount')!;
    expect(plain(fieldsOf(mount.params!, volume)).map((f) => (f as FormField).key)).toEqual(['instance_id', 'mount_path', 'file_system']);
    expect(fieldsOf(mount.params!, volume)[0]).toMatchObject({ kind: 'ref', refKind: 'instance', required: true });
    const instance = kindOf('instance')!;
    const disks = fieldsOf(instance.createSchema, instance).find((f) => f.key === 'data_disks')!;
    expect(disks.item!.map((f) => f.schema)).toEqual([expect.any(z.ZodType), expect.any(z.ZodType)]);
    expect(disks.item![1]!.schema.safeParse(5).success).toBe(false);
  });

  it('reads optional, nullable, defaults, bounds and integer ranges from the JSON Schema', () => {
    const fields = fieldsOf(
      z.object({
        a: z.number().int(),
        b: z.number().positive(),
        c: z.string().nullable(),
        d: z.enum(['x', 'y']).nullable(),
        e: z.coerce.number().int().min(1),
        f: z.string().optional().default('x'),
        g: z.array(z.object({ n: z.number().max(9) })).min(1),
        h: z.union([z.string(), z.array(z.string())]),
        i: z
          .string()
          .trim()
          .transform((v) => v.toUpperCase()),
      }),
    );
    expect(plain(fields)).toEqual([
      { key: 'a', kind: 'number', required: true },
      { key: 'b', kind: 'number', required: true, min: 0 },
      { key: 'c', kind: 'text', required: false },
      { key: 'd', kind: 'enum', required: false, options: ['x', 'y'] },
      { key: 'e', kind: 'number', required: true, min: 1 },
      { key: 'f', kind: 'text', required: false, defaultValue: 'x' },
      { key: 'g', kind: 'list', required: true, min: 1, item: [{ key: 'n', kind: 'number', required: true, max: 9 }] },
      { key: 'h', kind: 'text', required: true },
      { key: 'i', kind: 'text', required: true },
    ]);
  });
});
