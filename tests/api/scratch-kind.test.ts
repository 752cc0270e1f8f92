// Adding a kind is adding its folders, one registry line and its locale keys (ADR 0049, ADR 0052,
// docs/how-to-add-a-kind.md): this copies the source tree into .tmp/ (inside the repo, so the copy
// resolves node_modules), adds tests/fixtures/scratch-kind/ there exactly as the page says — the
// kind's domain folder, its server half's folder, the registry line, the locale keys — checks that
// nothing else changed, builds the app from the copy and buys, lists, expands, prices and deletes a
// scratch disk through the API, its server half refusing a second one in the project.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './helper.ts';
import { placement, settle } from './kinds-helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'tests/fixtures/scratch-kind');
const COPY = path.join(ROOT, '.tmp', `scratch-kind-${process.pid}-${Date.now()}`);
// The tree as it was when copied, to diff against (others may edit the working tree meanwhile).
const BASE = `${COPY}-base`;
const FOLDER = 'src/domain/kinds/scratch-disk';
const SERVER_FOLDER = 'src/server/engine/kinds/scratch-disk';
const REGISTRY = 'src/domain/kinds/registry.ts';
const REGISTRY_LINE = "export { scratchDiskKind } from './scratch-disk/scratch-disk.kind.ts';";

/** Every file under `dir`, relative to it. */
function files(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? files(p, base) : [path.relative(base, p)];
  });
}

/** The files of the copy that differ from the base copy or are new (src and locales). */
function changedFiles(): string[] {
  const out: string[] = [];
  for (const top of ['src', 'locales']) {
    for (const f of files(path.join(COPY, top))) {
      const rel = path.join(top, f);
      const original = path.join(BASE, rel);
      if (!fs.existsSync(original) || !fs.readFileSync(original).equals(fs.readFileSync(path.join(COPY, rel)))) out.push(rel);
    }
    for (const f of files(path.join(BASE, top))) if (!fs.existsSync(path.join(COPY, top, f))) out.push(`${path.join(top, f)} (removed)`);
  }
  return out.sort();
}

/** Adds `extra`'s keys to `base`, at any depth (a refusal goes into errors.json's `refusals`). */
function mergeKeys(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const was = out[k];
    out[k] = was && typeof was === 'object' && v && typeof v === 'object' ? mergeKeys(was as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

/** The three steps of docs/how-to-add-a-kind.md, done to the copy. */
function addScratchKind() {
  // 1. The kind's folders: src/domain/kinds/scratch-disk/ and src/server/engine/kinds/scratch-disk/.
  for (const f of files(path.join(FIXTURE, 'src'))) {
    const to = path.join(COPY, 'src', f.replace(/\.txt$/, ''));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(FIXTURE, 'src', f), to);
  }
  // 2. One registry line, after the last kind's.
  const registry = path.join(COPY, REGISTRY);
  const lines = fs.readFileSync(registry, 'utf8').split('\n');
  const last = lines.findLastIndex((l) => /^export \{ [\w, ]+ \} from '\.\/[a-z0-9-]+\/[a-z0-9-]+\.kind\.ts';$/.test(l));
  expect(last).toBeGreaterThan(0);
  lines.splice(last + 1, 0, REGISTRY_LINE);
  fs.writeFileSync(registry, lines.join('\n'));
  // 3. Its locale keys: names and actions in kinds.json, the server half's refusal in errors.json.
  for (const lang of ['zh-CN', 'zh-TW']) {
    for (const ns of ['kinds', 'errors']) {
      const file = path.join(COPY, 'locales', lang, `${ns}.json`);
      const texts = mergeKeys(
        JSON.parse(fs.readFileSync(file, 'utf8')),
        JSON.parse(fs.readFileSync(path.join(FIXTURE, 'locales', `${lang}.${ns}.json`), 'utf8')),
      );
      fs.writeFileSync(file, `${JSON.stringify(texts, null, 2)}\n`);
    }
  }
}

type Helper = typeof import('./helper.ts');
let app: Awaited<ReturnType<Helper['build']>>;
let c: Client;

beforeAll(async () => {
  fs.mkdirSync(COPY, { recursive: true });
  for (const top of ['src', 'locales']) fs.cpSync(path.join(ROOT, top), path.join(BASE, top), { recursive: true });
  fs.cpSync(BASE, COPY, { recursive: true });
  // The test helper is copied beside the copy's sources so that the app it builds is the copy's.
  fs.mkdirSync(path.join(COPY, 'tests/api'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'tests/api/helper.ts'), path.join(COPY, 'tests/api/helper.ts'));
  addScratchKind();
  const { build } = (await import(pathToFileURL(path.join(COPY, 'tests/api/helper.ts')).href)) as Helper;
  app = await build();
  c = await app.as('tenant_admin');
}, 120_000);

afterAll(async () => {
  await app?.close();
  for (const dir of [COPY, BASE]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a kind added as its folder', () => {
  it('touches only its folders, one registry line and locale keys', () => {
    const changed = changedFiles();
    const allowed = (f: string) => f.startsWith(`${FOLDER}/`) || f.startsWith(`${SERVER_FOLDER}/`) || f === REGISTRY || f.startsWith('locales/');
    expect(changed.filter((f) => !allowed(f))).toEqual([]);
    expect(changed).toEqual([
      'locales/zh-CN/errors.json',
      'locales/zh-CN/kinds.json',
      'locales/zh-TW/errors.json',
      'locales/zh-TW/kinds.json',
      REGISTRY,
      `${FOLDER}/scratch-disk.kind.ts`,
      `${FOLDER}/scratch-disk.schema.ts`,
      `${SERVER_FOLDER}/scratch-disk.hooks.ts`,
    ]);
    // The registry: one line added, none changed or removed.
    const before = fs.readFileSync(path.join(BASE, REGISTRY), 'utf8').split('\n');
    const after = fs.readFileSync(path.join(COPY, REGISTRY), 'utf8').split('\n');
    expect(after.filter((l) => !before.includes(l))).toEqual([REGISTRY_LINE]);
    expect(after.filter((l) => l !== REGISTRY_LINE)).toEqual(before);
    // The locale files: the kind's own keys added, every other one as it was.
    for (const lang of ['zh-CN', 'zh-TW']) {
      const read = (root: string, ns: string) => JSON.parse(fs.readFileSync(path.join(root, 'locales', lang, `${ns}.json`), 'utf8')) as Record<string, any>;
      const [kindsWas, kindsNow] = [read(BASE, 'kinds'), read(COPY, 'kinds')];
      expect(Object.keys(kindsNow).filter((k) => !(k in kindsWas))).toEqual(['scratch_disk']);
      expect({ ...kindsNow, scratch_disk: undefined }).toEqual({ ...kindsWas, scratch_disk: undefined });
      const [errorsWas, errorsNow] = [read(BASE, 'errors'), read(COPY, 'errors')];
      expect(Object.keys(errorsNow.refusals).filter((k) => !(k in errorsWas.refusals))).toEqual(['scratch_disk']);
      expect({ ...errorsNow, refusals: { ...errorsNow.refusals, scratch_disk: undefined } }).toEqual({
        ...errorsWas,
        refusals: { ...errorsWas.refusals, scratch_disk: undefined },
      });
    }
  });

  it('is bought (one to a project), listed, expanded by its own minimum, priced from its own packages and deleted through the API', async () => {
    const where = await placement(app);
    const bought = await c.req({ method: 'POST', url: '/api/scratch-disks', payload: { name: 'scratch-01', ...where, size: 200 } });
    expect(bought.statusCode, bought.body).toBe(201);
    const id = (bought.json() as { id: string }).id;
    expect((await settle(c, 'scratch-disks', id))!.status).toBe('available');

    // Its server half, found by its folder's name, keeps one to a project: the refusal is the kind's own text.
    const second = await c.req({ method: 'POST', url: '/api/scratch-disks', payload: { name: 'scratch-02', ...where, size: 200 } });
    expect(second.statusCode, second.body).toBe(409);
    expect((second.json() as { description: string }).description).toBe('每个项目最多 1 块临时盘');

    const list = await c.req({ method: 'GET', url: '/api/scratch-disks', query: { name: 'scratch-01' } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { count: number; data: { id: string }[] }).data.map((r) => r.id)).toContain(id);

    // The refusal takes its number from the kind (100), not from the text of the disks' 50.
    const small = await c.req({ method: 'POST', url: `/api/scratch-disks/${id}/actions`, payload: { action: 'expand', size: 250 } });
    expect(small.statusCode).toBe(400);
    expect((small.json() as { description: string }).description).toBe('size：扩容后容量须比当前容量至少大 100GB');
    const grown = await c.req({ method: 'POST', url: `/api/scratch-disks/${id}/actions`, payload: { action: 'expand', size: 300 } });
    expect(grown.statusCode, grown.body).toBe(200);
    expect((await settle(c, 'scratch-disks', id))!.spec.size).toBe(300);

    // The seeded database has no package of the new product: the kind's declared prices answer.
    const price = await c.req({
      method: 'POST',
      url: '/api/price/inquiry',
      payload: { product_code: 'scratch_disk', charging_code: 'year', duration: 1, count: 1, vendor: where.vendor, spec: { size: 300 } },
    });
    expect(price.statusCode, price.body).toBe(200);
    const lines = (price.json() as { data: { product_code: string; unit_price_fen: number; quantity: number }[] }).data;
    expect(lines).toEqual([expect.objectContaining({ product_code: 'scratch_disk', unit_price_fen: 40, quantity: 300 })]);

    const gone = await c.req({ method: 'DELETE', url: `/api/scratch-disks/${id}` });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await settle(c, 'scratch-disks', id)).toBeNull();
  });
});
