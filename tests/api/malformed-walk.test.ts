// Issue 27, "no 500 on any input": deterministic walks (tests/api/fuzz.test.ts samples at random)
// over every route of a kind, each with every malformed input of its kind:
// - every multipart route (plugins/multipart.plugin.ts): no boundary, a boundary too long, a
//   truncated body, 12 MB of garbage, a file without a name, only text fields, NUL characters, too
//   many parts, a file too large, broken part headers;
// - every GET route: hostile __limit / __offset / __cursor (domain/list-query.ts, one shared rule);
// - every route: invalid JSON, a foreign media type, a body too large, NUL in the query and in path
//   parameters, ids that are not 32 hex characters.
// Each answer is a catalogued 4xx `{title, description}` in the caller's language (zh-CN and
// zh-TW), and no table changes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { build, type Client } from './helper.ts';
import { errorBody } from '../../src/server/platform/http/errors.plugin.ts';
import { MAX_BOUNDARY, MULTIPART_ROUTES } from '../../src/server/platform/http/multipart.plugin.ts';
import type { Language } from '../../src/domain/errors.ts';

const VOLATILE = new Set(['sessions', 'idempotency_keys', 'login_attempts', 'kysely_migration', 'kysely_migration_lock', 'operation_logs', 'signup_captchas']);
const SKIP = new Set(['GET /api/v1/events']);
const LANGS: Language[] = ['zh-CN', 'zh-TW'];
const TITLE: Record<Language, string> = { 'zh-CN': '错误', 'zh-TW': '錯誤' };
const HEX = 'c0ffee'.padEnd(32, '0');

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let root: Client;
beforeAll(async () => {
  app = await build({ config: { alarmEvaluation: false } });
  // What the walk's requests change, not the scheduled work (lifecycle rules run at night, Beijing time).
  // Ready first: the scheduler starts when the app is ready (the first request), which would undo a stop before it.
  await app.ready();
  await app.engine.scheduler.stop();
  admin = await app.as('tenant_admin');
  root = await app.as('admin');
});
afterAll(async () => {
  await app.close();
});

async function checksum(): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(app.ctx.db);
  const out: Record<string, string> = {};
  for (const { name } of rows.filter((r) => !VOLATILE.has(r.name))) {
    const r = await sql<{ n: number; h: string }>`select count(*)::int as n,
      md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from ${sql.table(name)} x`.execute(app.ctx.db);
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
  }
  return out;
}

/** Runs `walk`; answers the tables it changed. */
async function changedBy(walk: () => Promise<void>): Promise<string[]> {
  const before = await checksum();
  await walk();
  const after = await checksum();
  return Object.keys(before).filter((t) => before[t] !== after[t]);
}

/** Not a 5xx; a 4xx is JSON `{title, description}` in `lang`. Returns a failure line or null. */
function judge(what: string, res: LightMyRequestResponse, lang: Language, want?: { status: number; body?: object }): string | null {
  const line = `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return line;
  if (want && res.statusCode !== want.status) return `want ${want.status}: ${line}`;
  if (res.statusCode < 400) return null;
  let body: { title?: unknown; description?: unknown } = {};
  try {
    body = res.json();
  } catch {
    return `not JSON: ${line}`;
  }
  if (
    !String(res.headers['content-type']).startsWith('application/json') ||
    body.title !== TITLE[lang] ||
    typeof body.description !== 'string' ||
    !body.description
  )
    return `not the catalogue: ${line}`;
  if (want?.body && JSON.stringify({ ...body, ...want.body }) !== JSON.stringify(body)) return `want ${JSON.stringify(want.body)}: ${line}`;
  return null;
}

// ---- multipart ----

interface Form {
  contentType: string;
  payload: Buffer;
}
const B = 'yunshu-walk-7d3f';
const form = (body: string | Buffer, contentType = `multipart/form-data; boundary=${B}`): Form => ({ contentType, payload: Buffer.from(body) });
const filePart = (name: string, head: string, bytes: string | Buffer = 'hello') =>
  Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"${head}\r\n\r\n`), Buffer.from(bytes), Buffer.from('\r\n')]);
const end = Buffer.from(`--${B}--\r\n`);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A malformed multipart body, the answer it must get, and the catalogue key of that answer. */
interface Case {
  name: string;
  form: () => Form;
  status: number;
  key?: string;
  params?: Record<string, string | number>;
  /** the validation answer naming a field (ZodError path) */
  field?: string;
}
const CASES: Case[] = [
  {
    name: 'a file part without a filename',
    form: () =>
      form(
        Buffer.concat([filePart('file', '', PNG), end])
          .toString('latin1')
          .replace('\r\n\r\n', '\r\nContent-Type: application/octet-stream\r\n\r\n'),
      ),
    status: 400,
    field: 'file.filename',
  },
  { name: 'only text fields', form: () => form(Buffer.concat([filePart('note', '', 'just text'), filePart('other', '', 'more'), end])), status: 400 },
  {
    name: 'NUL in the filename',
    form: () => form(Buffer.concat([filePart('file', '; filename="a\u0000b.png"', PNG), end])),
    status: 400,
    field: 'file.filename',
  },
  {
    name: 'NUL in a field value',
    form: () => form(Buffer.concat([filePart('enterprise', '', 'a\u0000b'), filePart('file', '; filename="a.png"', PNG), end])),
    status: 400,
    field: 'enterprise',
  },
  {
    name: 'multipart without a boundary',
    form: () => form(Buffer.concat([filePart('file', '; filename="a.png"', PNG), end]), 'multipart/form-data'),
    status: 400,
    key: 'multipart_boundary',
    params: { max: MAX_BOUNDARY },
  },
  {
    name: 'an empty boundary',
    form: () => form(Buffer.concat([filePart('file', '; filename="a.png"', PNG), end]), 'multipart/form-data; boundary='),
    status: 400,
    key: 'multipart_boundary',
    params: { max: MAX_BOUNDARY },
  },
  {
    name: 'a 5,000-character boundary',
    form: () =>
      form(
        `--${'b'.repeat(5000)}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--${'b'.repeat(5000)}--\r\n`,
        `multipart/form-data; boundary=${'b'.repeat(5000)}`,
      ),
    status: 400,
    key: 'multipart_boundary',
    params: { max: MAX_BOUNDARY },
  },
  {
    name: 'a 257-character quoted boundary',
    form: () => form(`--${'q'.repeat(257)}\r\n\r\n`, `multipart/form-data; boundary="${'q'.repeat(257)}"`),
    status: 400,
    key: 'multipart_boundary',
    params: { max: MAX_BOUNDARY },
  },
  {
    name: 'a truncated body',
    form: () => form(Buffer.concat([filePart('file', '; filename="a.png"', PNG)]).subarray(0, 90)),
    status: 400,
    key: 'multipart_invalid',
  },
  { name: 'a body cut inside the part headers', form: () => form(`--${B}\r\nContent-Disposition: form-da`), status: 400, key: 'multipart_invalid' },
  { name: '12 MB of garbage', form: () => form(Buffer.alloc(12 * 1024 * 1024, 'garbage-')), status: 400, key: 'multipart_invalid' },
  { name: 'garbage after the boundary', form: () => form(`--${B}\r\n${'\u00ff'.repeat(300)}`), status: 400, key: 'multipart_invalid' },
  {
    name: 'too many text fields',
    form: () => form(Buffer.concat([...Array.from({ length: 30 }, (_, i) => filePart(`f${i}`, '', 'v')), end])),
    status: 400,
    key: 'multipart_too_many_fields',
  },
  {
    name: 'too many files',
    form: () => form(Buffer.concat([...Array.from({ length: 12 }, (_, i) => filePart('file', `; filename="a${i}.png"`, PNG)), end])),
    status: 400,
    key: 'upload_too_many',
  },
  {
    name: 'a file over 10 MB',
    form: () => form(Buffer.concat([filePart('file', '; filename="big.pdf"', Buffer.alloc(10 * 1024 * 1024 + 10, 1)), end])),
    status: 413,
    key: 'upload_file_too_large',
    params: { name: '', max: '10 MB' },
  },
  { name: 'a __proto__ field', form: () => form(Buffer.concat([filePart('__proto__', '', 'x'), end])), status: 400, key: 'multipart_invalid' },
  {
    name: 'a JSON field that is not JSON',
    form: () => form(Buffer.concat([filePart('meta', '\r\nContent-Type: application/json', '{oops'), end])),
    status: 400,
    key: 'multipart_invalid',
  },
  { name: 'a JSON body', form: () => ({ contentType: 'application/json', payload: Buffer.from('{"file":"x"}') }), status: 415, key: 'unsupported_media_type' },
];

/** Every multipart route with the caller and concrete URL that reach its body (a route with none fails the test). */
async function multipartTargets(): Promise<{ route: string; url: string; client: Client; project?: null }[]> {
  const tenant = admin.territories[0]!.tenant_id;
  const contract = await app.ctx.db.selectFrom('contracts').select('id').where('tenant_id', '=', tenant).executeTakeFirstOrThrow();
  const bucket = await app.ctx.db
    .selectFrom('resources')
    .select('id')
    .where('kind', '=', 'oss_bucket')
    .where('name', '=', 'demo-assets')
    .executeTakeFirstOrThrow();
  // A bucket takes files up to 100 MB; here its limit is the walk's 10 MB, so the over-limit case is one.
  app.ctx.oss.maxUploadBytes = 10 * 1024 * 1024;
  const fixtures: Record<string, () => { url: string; client: Client; project?: null }> = {
    'POST /api/v1/workorders/upload': () => ({ url: '/api/v1/workorders/upload', client: admin }),
    'POST /api/v1/account/real-name': () => ({ url: '/api/v1/account/real-name', client: admin }),
    'POST /api/v1/contracts/:id/protocol': () => ({ url: `/api/v1/contracts/${contract.id}/protocol`, client: admin, project: null }),
    'POST /api/v1/oss/buckets/:id/objects': () => ({ url: `/api/v1/oss/buckets/${bucket.id}/objects`, client: admin }),
    'POST /api/v1/isps/materials': () => ({ url: '/api/v1/isps/materials', client: admin }),
    'POST /api/v1/assets/import': () => ({ url: '/api/v1/assets/import', client: admin }),
  };
  return [...MULTIPART_ROUTES].map((route) => {
    const fixture = fixtures[route];
    if (!fixture) throw new Error(`multipart route ${route} has no fixture in malformed-walk.test.ts: add one`);
    return { route, ...fixture() };
  });
}

/** The answer a case wants on a route whose limits differ (one file, fewer fields). */
function expected(c: Case, route: string, lang: Language): { status: number; body?: object } {
  if (c.field) return { status: c.status, body: { field: c.field } };
  if (c.name === 'only text fields') return { status: 400 };
  if (c.key === 'upload_too_many') return { status: 400, body: errorBody(lang, 400, 'upload_too_many', { max: route.includes('workorders') ? 9 : 1 }) };
  if (c.key === 'multipart_too_many_fields') return { status: 400 };
  // ICP materials are at most 5 MB each (domain/icp.ts MATERIAL_LIMITS), below the walk's 10 MB.
  if (c.key === 'upload_file_too_large' && route.includes('/isps/'))
    return { status: c.status, body: errorBody(lang, c.status, c.key, { ...c.params, max: '5 MB' }) };
  // An asset import is one .xlsx of at most 2 MB (IMPORT_LIMITS).
  if (c.key === 'upload_file_too_large' && route.includes('/assets/'))
    return { status: c.status, body: errorBody(lang, c.status, c.key, { ...c.params, max: '2 MB' }) };
  return { status: c.status, body: c.key ? errorBody(lang, c.status, c.key, c.params) : undefined };
}

describe('every multipart route', () => {
  it('takes multipart only through the shared plugin', () => {
    const files = fs.readdirSync('src/server', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const importers = files.filter((f) => /from '@fastify\/multipart'/.test(fs.readFileSync(path.join('src/server', f), 'utf8')));
    expect(importers).toEqual([path.join('platform', 'http', 'multipart.plugin.ts')]);
    expect([...MULTIPART_ROUTES].sort()).toEqual([
      'POST /api/v1/account/real-name',
      'POST /api/v1/assets/import',
      'POST /api/v1/contracts/:id/protocol',
      'POST /api/v1/isps/materials',
      'POST /api/v1/oss/buckets/:id/objects',
      'POST /api/v1/workorders/upload',
    ]);
  });

  it('answers every malformed body with a catalogued 4xx in both languages and changes nothing', async () => {
    const targets = await multipartTargets();
    const failures: string[] = [];
    const changed = await changedBy(async () => {
      for (const target of targets)
        for (const c of CASES)
          for (const lang of LANGS) {
            const f = c.form();
            const res = await target.client.req({
              method: 'POST',
              url: target.url,
              lang,
              ...(target.project === null ? { project: null } : {}),
              headers: { 'content-type': f.contentType },
              payload: f.payload,
            });
            const failure = judge(`${target.route} ${c.name} (${lang})`, res, lang, expected(c, target.route, lang));
            if (failure) failures.push(failure);
          }
    });
    expect({ failures, changed }).toEqual({ failures: [], changed: [] });
  }, 120_000);
});

// ---- paging ----

const HOSTILE_PAGING: [string, string][] = [
  ['__offset', '99999999999999999999'],
  ['__offset', '1e400'],
  ['__offset', '-1'],
  ['__offset', 'NaN'],
  ['__offset', '1.5'],
  ['__offset', '9007199254740993'],
  ['__limit', '99999999999999999999'],
  ['__limit', '1e400'],
  ['__limit', '-1'],
  ['__limit', '0'],
  ['__limit', 'NaN'],
  ['__limit', 'Infinity'],
  ['__limit', '2.5'],
  ['__limit', 'abc'],
  ['__limit', '1001'],
  ['__cursor', 'x'.repeat(600)],
  ['__limit=1&__limit', '2'],
  ['__offset=0&__offset', '1'],
];
const PAGING_PER_ROUTE = 6;
const concrete = (url: string, id = HEX) => url.replace(/:[a-z_]+/g, id).replace(/\*$/, 'x');

describe('every list pages by the one shared rule', () => {
  it('refuses hostile __limit / __offset / __cursor on every GET route with a catalogued 400 naming the parameter', async () => {
    const gets = app.routes().filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !SKIP.has(`GET ${r.url}`));
    expect(gets.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let i = 0;
    const changed = await changedBy(async () => {
      for (const [n, r] of gets.entries()) {
        // every route gets PAGING_PER_ROUTE of the hostile values, in turn, so every value meets many routes
        const cases = Array.from({ length: PAGING_PER_ROUTE }, (_, j) => HOSTILE_PAGING[(n * PAGING_PER_ROUTE + j) % HOSTILE_PAGING.length]!);
        for (const [name, value] of cases) {
          const lang = LANGS[i++ % 2]!;
          const field = name.split('=')[0];
          const url = `${concrete(r.url)}?${name}=${encodeURIComponent(value)}`;
          const res = await root.req({ method: 'GET', url, lang, tenant: null, project: null });
          const failure = judge(`GET ${url.slice(0, 120)}`, res, lang, { status: 400, body: { field } });
          if (failure) failures.push(failure);
        }
      }
    });
    expect({ failures: failures.slice(0, 30), changed }).toEqual({ failures: [], changed: [] });
  }, 180_000);

  it('answers the reported cases on /api/v1/cloud/users in both languages, and still pages', async () => {
    const cn = await root.req({ method: 'GET', url: '/api/v1/cloud/users?__offset=99999999999999999999', tenant: null, project: null });
    expect(cn.statusCode).toBe(400);
    expect(cn.json()).toEqual({ title: '错误', description: '__offset：长度或数值不能大于 9007199254740991', field: '__offset', rule: 'too_big' });
    const tw = await root.req({ method: 'GET', url: '/api/v1/cloud/users?__offset=1e400', lang: 'zh-TW', tenant: null, project: null });
    expect(tw.statusCode).toBe(400);
    expect(tw.json()).toEqual({ title: '錯誤', description: '__offset：須為整數', field: '__offset', rule: 'whole_number' });
    const over = await root.req({ method: 'GET', url: '/api/v1/cloud/users?__limit=201', tenant: null, project: null });
    expect(over.json()).toMatchObject({ field: '__limit', description: '__limit：长度或数值不能大于 200' });
    const page = await root.req({ method: 'GET', url: '/api/v1/cloud/users?__limit=2&__offset=1', tenant: null, project: null });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().count).toBeGreaterThan(3);
  });

  it('keeps answering well-formed paging on every list', async () => {
    const gets = app.routes().filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':') && !SKIP.has(`GET ${r.url}`));
    const failures: string[] = [];
    for (const r of gets) {
      const base = await root.req({ method: 'GET', url: r.url, tenant: null, project: null });
      if (base.statusCode !== 200 || !String(base.headers['content-type']).startsWith('application/json') || !Array.isArray(base.json().data)) continue;
      const paged = await root.req({ method: 'GET', url: `${r.url}?__limit=1&__offset=0`, tenant: null, project: null });
      if (paged.statusCode !== 200) failures.push(`GET ${r.url}?__limit=1&__offset=0 → ${paged.statusCode} ${paged.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// ---- every route ----

const BAD_IDS = ['x', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ', `${HEX}0`, '__proto__', 'a'.repeat(5000), '-1', '1e400', '%E4%B8', '..'];
/** Ids that are not 32 hex characters, IDS_PER_ROUTE to a route in turn. */
const IDS_PER_ROUTE = 3;
let badId = 0;
const HUGE = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024 + 10) });

/** The malformed requests one route gets: [label, inject options, the status it must get (undefined: any non-5xx)]. */
function malformed(method: string, url: string): [string, Parameters<Client['req']>[0], number | undefined][] {
  const m = method as 'POST';
  const out: [string, Parameters<Client['req']>[0], number | undefined][] = [[`NUL in the query`, { method: m, url: `${concrete(url)}?q=a%00b` }, 400]];
  if (url.includes(':')) {
    out.push([`NUL in a path parameter`, { method: m, url: concrete(url, `${HEX.slice(0, 8)}%00`) }, 400]);
    for (let j = 0; j < IDS_PER_ROUTE; j++) {
      const id = BAD_IDS[badId++ % BAD_IDS.length]!;
      out.push([`path id ${id.slice(0, 12)}`, { method: m, url: concrete(url, id) }, undefined]);
    }
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const json = { 'content-type': 'application/json' };
    out.push(
      ['invalid JSON', { method: m, url: concrete(url), headers: json, payload: '{"a":' }, undefined],
      ['a JSON text with NUL', { method: m, url: concrete(url), headers: json, payload: '{"name":"a\\u0000b"}' }, undefined],
      ['a foreign media type', { method: m, url: concrete(url), headers: { 'content-type': 'application/xml' }, payload: '<a/>' }, undefined],
      ['a body over 2 MB', { method: m, url: concrete(url), headers: json, payload: HUGE }, undefined],
    );
  }
  return out;
}

describe('malformed requests on every route', () => {
  it('never answers 5xx, always a catalogued 4xx where refused, and changes nothing', async () => {
    const routes = app.routes().filter((r) => r.url.startsWith('/api/') && !SKIP.has(`${r.method} ${r.url}`));
    const failures: string[] = [];
    let i = 0;
    const changed = await changedBy(async () => {
      for (const r of routes)
        for (const [label, opts, status] of malformed(r.method, r.url)) {
          const lang = LANGS[i++ % 2]!;
          const res = await admin.req({ ...opts, lang });
          const failure = judge(`${r.method} ${r.url} ${label} (${lang})`, res, lang, status === undefined ? undefined : { status });
          if (failure) failures.push(failure);
          // a write given nothing it can use is refused
          else if (r.method !== 'GET' && res.statusCode < 400) failures.push(`accepted: ${r.method} ${r.url} ${label} → ${res.statusCode}`);
        }
    });
    expect({ failures: failures.slice(0, 30), changed }).toEqual({ failures: [], changed: [] });
  }, 300_000);
});
