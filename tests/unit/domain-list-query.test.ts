import { describe, expect, it } from 'vitest';
import { MAX_LIMIT, NON_FILTER_PARAMS, listQuerySchema, parseOrders, splitMulti } from '../../src/domain/list-query.ts';
import { nextSort, sortToOrders } from '../../src/domain/list-sort.ts';

describe('listQuerySchema', () => {
  it('defaults and coerces query strings', () => {
    expect(listQuerySchema.parse({})).toEqual({ __limit: 10, __offset: 0 });
    expect(listQuerySchema.parse({ __limit: '1000', __offset: '20', __orders: '-name,created_at', extra: 'kept' })).toEqual({
      __limit: 1000,
      __offset: 20,
      __orders: '-name,created_at',
      extra: 'kept',
    });
  });
  it('refuses limits out of range, negative offsets and odd orders', () => {
    for (const q of [
      { __limit: '0' },
      { __limit: String(MAX_LIMIT + 1) },
      { __limit: '1.5' },
      { __offset: '-1' },
      { __orders: 'name;drop' },
      { __orders: 'Name' },
      { __orders: 'a,,b' },
    ]) {
      expect(listQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
    expect(listQuerySchema.safeParse({ __orders: 'region.public_cloud_provider' }).success).toBe(true);
    expect(listQuerySchema.safeParse({ __cursor: 'x'.repeat(513) }).success).toBe(false);
    expect(listQuerySchema.parse({ __cursor: '' }).__cursor).toBe('');
  });
});

describe('parseOrders', () => {
  it('reads a comma list with - for descending', () => {
    expect(parseOrders('name,-created_date')).toEqual([
      { field: 'name', desc: false },
      { field: 'created_date', desc: true },
    ]);
    expect(parseOrders(undefined)).toEqual([]);
    expect(parseOrders('')).toEqual([]);
    expect(parseOrders('a,')).toEqual([{ field: 'a', desc: false }]);
  });
});

describe('splitMulti', () => {
  it('splits comma-joined values, trims, drops empties', () => {
    expect(splitMulti('a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitMulti(undefined)).toEqual([]);
    expect(splitMulti(null)).toEqual([]);
    expect(splitMulti('')).toEqual([]);
    expect(splitMulti(5)).toEqual(['5']);
  });
  it('knows the page-level params that are never filters', () => {
    for (const p of ['current', 'total', '__limit', '__offset', '__orders', '__cursor']) expect(NON_FILTER_PARAMS.has(p)).toBe(true);
    expect(NON_FILTER_PARAMS.has('tenant_id')).toBe(false);
  });
});

describe('nextSort and sortToOrders (shared list page sort cycle)', () => {
  it('cycles none → asc → desc → none', () => {
    expect(nextSort('none')).toBe('asc');
    expect(nextSort('asc')).toBe('desc');
    expect(nextSort('desc')).toBe('none');
  });
  it('turns a sort state into __orders', () => {
    expect(sortToOrders('name', 'none')).toBeUndefined();
    expect(sortToOrders('name', 'asc')).toBe('name');
    expect(sortToOrders('name', 'desc')).toBe('-name');
    expect(parseOrders(sortToOrders('created_date', 'desc'))).toEqual([{ field: 'created_date', desc: true }]);
  });
});
