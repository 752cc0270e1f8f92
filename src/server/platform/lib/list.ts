// The shared list helper every list endpoint uses: filters, __orders, offset paging with a
// count, or keyset paging with __cursor (stable at any depth, unlike OFFSET).
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { listQuerySchema, parseOrders, splitMulti, NON_FILTER_PARAMS } from '../../../domain/list-query.ts';
import { AppError } from '../../../domain/errors.ts';

export interface ListSpec {
  /** public sort field → SQL column (qualified) */
  sortable: Record<string, string>;
  /** public filter param → SQL column; values comma-joined become IN */
  filters?: Record<string, string>;
  /** boolean filter params (true/false) */
  booleanFilters?: Record<string, string>;
  /** default order when __orders is absent */
  defaultOrder: string;
  /** the unique tie-breaker column (qualified), e.g. 'resources.id' */
  idColumn: string;
  /** free-text search: param name → columns matched with ILIKE */
  search?: { param: string; columns: string[] };
}

export interface OffsetPage<T> {
  count: number;
  data: T[];
}
export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

type AnyQB = SelectQueryBuilder<any, any, any>;

function applyFilters(qb: AnyQB, query: Record<string, unknown>, spec: ListSpec): AnyQB {
  for (const [param, column] of Object.entries(spec.filters ?? {})) {
    if (NON_FILTER_PARAMS.has(param)) continue;
    const values = splitMulti(query[param]);
    if (values.length === 1) qb = qb.where(sql.ref(column), '=', values[0]);
    else if (values.length > 1) qb = qb.where(sql.ref(column), 'in', values);
  }
  for (const [param, column] of Object.entries(spec.booleanFilters ?? {})) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    if (raw !== 'true' && raw !== 'false' && raw !== true && raw !== false) {
      throw new z.ZodError([{ code: 'invalid_type', expected: 'boolean', path: [param], message: 'invalid_type', input: raw } as never]);
    }
    qb = qb.where(sql.ref(column), '=', raw === 'true' || raw === true);
  }
  if (spec.search) {
    const term = query[spec.search.param];
    if (typeof term === 'string' && term.trim()) {
      const like = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const cols = spec.search.columns;
      qb = qb.where((eb) => eb.or(cols.map((c) => eb(sql.ref(c), 'ilike', like))));
    }
  }
  return qb;
}

function resolveOrders(orders: string | undefined, spec: ListSpec) {
  const terms = parseOrders(orders ?? spec.defaultOrder);
  for (const term of terms) {
    // Own keys only: `__orders=__proto__` must not find Object.prototype.
    if (!Object.hasOwn(spec.sortable, term.field)) {
      throw new z.ZodError([
        { code: 'invalid_value', values: Object.keys(spec.sortable), path: ['__orders'], message: 'invalid_value', input: term.field } as never,
      ]);
    }
  }
  return terms.map((t) => ({ column: spec.sortable[t.field]!, field: t.field, desc: t.desc }));
}

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}
const badCursor = () => new AppError(400, 'validation', { field: '__cursor', rule: '—' });
/** [sort value, id]; anything else (tampered, truncated, other shape) is a 400 on __cursor. */
export function decodeCursor(cursor: string): [string | number | boolean | null, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[1] === 'string' && (v[0] === null || ['string', 'number', 'boolean'].includes(typeof v[0]))) {
      return v as [string | number | boolean | null, string];
    }
  } catch {
    /* fall through */
  }
  throw badCursor();
}

/**
 * Runs a list. `base` is the scoped query (FROM, JOINs, WHERE tenant…) without select list;
 * `select` adds the columns. Offset mode answers {count, data}; with __cursor (use `__cursor=`
 * empty for the first page) it answers {data, next_cursor}.
 */
export async function runList<T>(
  base: AnyQB,
  select: (qb: AnyQB) => AnyQB,
  rawQuery: unknown,
  spec: ListSpec,
  map: (row: any) => T = (r) => r as T,
): Promise<OffsetPage<T> | CursorPage<T>> {
  const query = listQuerySchema.parse(rawQuery ?? {}) as Record<string, unknown> & z.infer<typeof listQuerySchema>;
  const filtered = applyFilters(base, query, spec);
  const orders = resolveOrders(query.__orders, spec);

  if (query.__cursor !== undefined) {
    // Keyset: one sort column plus the id, both in the same direction.
    const primary = orders[0] ?? { column: spec.idColumn, field: 'id', desc: true };
    const dir = primary.desc ? 'desc' : 'asc';
    const sortKey = `__sort_${primary.field.replace(/\W/g, '_')}`;
    // The sort value travels as text: a JS Date would drop timestamptz microseconds.
    let qb = select(filtered).select(sql<string>`(${sql.ref(primary.column)})::text`.as(sortKey));
    if (query.__cursor) {
      const [value, id] = decodeCursor(query.__cursor);
      const op = primary.desc ? sql.raw('<') : sql.raw('>');
      qb = qb.where(sql<boolean>`(${sql.ref(primary.column)}, ${sql.ref(spec.idColumn)}) ${op} (${value}, ${id})`);
    }
    qb = qb
      .orderBy(sql.ref(primary.column), dir)
      .orderBy(sql.ref(spec.idColumn), dir)
      .limit(query.__limit + 1);
    // A well-formed cursor can still carry a value the sort column cannot hold (SQLSTATE class 22).
    const rows = await qb.execute().catch((err: { code?: unknown }) => {
      throw query.__cursor && typeof err?.code === 'string' && err.code.startsWith('22') ? badCursor() : err;
    });
    const more = rows.length > query.__limit;
    const page = more ? rows.slice(0, query.__limit) : rows;
    const last = page[page.length - 1];
    const idKey = spec.idColumn.split('.').pop()!;
    const next = more && last ? encodeCursor([last[sortKey], last[idKey]]) : null;
    // A picker (rowPicker) leaves the sort keys behind by itself; deleting them would slow the rows.
    const strip = !(map as Partial<Picker>)[PICKS];
    return { data: page.map((r) => map(strip ? stripSortKeys(r) : r)), next_cursor: next };
  }

  if (query.__offset > MAX_OFFSET) {
    // Past this an OFFSET walks (and throws away) that many rows per page: deep lists page by cursor.
    throw new z.ZodError([
      { code: 'too_big', maximum: MAX_OFFSET, origin: 'number', inclusive: true, path: ['__offset'], message: 'too_big', input: query.__offset } as never,
    ]);
  }
  const countPromise = countOf(filtered.select(sql<number>`count(*)::int`.as('count')));
  let qb = select(filtered);
  for (const o of orders) qb = qb.orderBy(sql.ref(o.column), o.desc ? 'desc' : 'asc');
  qb = qb.orderBy(sql.ref(spec.idColumn), 'desc').limit(query.__limit).offset(query.__offset);
  const [count, rows] = await Promise.all([countPromise, qb.execute()]);
  // Offset pages select no sort keys: nothing to strip.
  return { count, data: rows.map((r) => map(r)) };
}

/** The deepest __offset a list answers (offset + rows are walked per request); deeper pages use __cursor. */
export const MAX_OFFSET = 10_000;
/** From this many rows a list's count may be answered from memory … */
export const LARGE_COUNT = 10_000;
/** … for this long after it was counted (then counted again in the background, one at a time). */
const COUNT_FRESH_MS = 5_000;
const COUNT_KEEP_MS = 60_000;
const MAX_COUNTS = 2_000;

interface KnownCount {
  count: number;
  at: number;
  refreshing?: Promise<number>;
}
/** Counts of large scopes by their statement and parameters (which hold the tenant/project scope). */
const counts = new Map<string, KnownCount>();

/**
 * The count of a list: exact for every scope under LARGE_COUNT rows (each request counts, so a row
 * just added shows at once). A scope known to be larger answers the count made at most
 * COUNT_FRESH_MS ago and recounts in the background: counting 100,000 rows for every page was most
 * of an offset page's time (issue 10).
 */
async function countOf(qb: AnyQB): Promise<number> {
  const run = async () => Number((await qb.executeTakeFirst())?.count ?? 0);
  const { sql: text, parameters } = qb.compile();
  const key = `${text}\u0000${JSON.stringify(parameters)}`;
  const now = Date.now();
  const known = counts.get(key);
  if (known && known.count >= LARGE_COUNT && now - known.at < COUNT_KEEP_MS) {
    if (now - known.at >= COUNT_FRESH_MS && !known.refreshing) {
      known.refreshing = run()
        .then((count) => remember(key, count))
        .catch(() => known.count)
        .finally(() => {
          known.refreshing = undefined;
        });
    }
    return known.count;
  }
  const count = await run();
  remember(key, count);
  return count;
}

/** Forgets every remembered count (an app closing: the next app in this process may open another database). */
export function forgetListCounts(): void {
  counts.clear();
}

function remember(key: string, count: number): number {
  if (count < LARGE_COUNT) {
    counts.delete(key);
    return count;
  }
  counts.delete(key);
  if (counts.size >= MAX_COUNTS) counts.delete(counts.keys().next().value!);
  counts.set(key, { count, at: Date.now() });
  return count;
}

function stripSortKeys(row: Record<string, unknown>) {
  for (const k of Object.keys(row)) if (k.startsWith('__sort_')) delete row[k];
  return row;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const MS_PER_DAY = 86_400_000;

/**
 * `d.toISOString()`, the text JSON.stringify writes for a Date, three to four times faster: the
 * list's two times per row were most of its serialisation (JSON.stringify calls each Date's toJSON;
 * ADR 0050). Civil date from days since the epoch (H. Hinnant's algorithm). Years outside
 * 1000–9999 and invalid dates answer the native text (null for an invalid date, as JSON does).
 */
export function isoTime(d: Date): string | null {
  const t = d.getTime();
  if (!(t >= -30_610_224_000_000 && t <= 253_402_300_799_999)) return Number.isFinite(t) ? d.toISOString() : null;
  const days = Math.floor(t / MS_PER_DAY);
  let rest = t - days * MS_PER_DAY;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000);
  rest -= mi * 60_000;
  const s = Math.floor(rest / 1000);
  const ms = rest - s * 1000;
  return `${year}-${two(month)}-${two(day)}T${two(h)}:${two(mi)}:${two(s)}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

const PICKS = Symbol('picks its columns');
type Picker = ((row: Record<string, unknown>) => Record<string, unknown>) & { [PICKS]: true };

/**
 * A list's row mapper that builds each answer row anew from `columns` (their names, as selected:
 * `resources.id` answers `id`), in that order, with the Date values at `times` as ISO text. The
 * rows it makes share one shape, so JSON.stringify writes them at its native speed, and the
 * keyset's sort keys are simply not copied (ADR 0050 addendum).
 */
export function rowPicker(columns: readonly string[], times: readonly string[]): Picker {
  const names = columns.map((c) => c.slice(c.lastIndexOf('.') + 1));
  const isTime = names.map((n) => times.includes(n));
  const pick = ((row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const v = row[names[i]!];
      out[names[i]!] = isTime[i] && v instanceof Date ? isoTime(v) : v;
    }
    return out;
  }) as Picker;
  pick[PICKS] = true;
  return pick;
}
