import { describe, expect, it } from 'vitest';
import { BULK_CHUNK, chunks } from '../../src/server/platform/lib/chunks.ts';

describe('chunks (bulk statements in slices)', () => {
  it('cuts a list into consecutive slices of the size, the last one shorter, in order', () => {
    const items = Array.from({ length: 1_203 }, (_, i) => i);
    const parts = [...chunks(items)];
    expect(parts.map((p) => p.length)).toEqual([BULK_CHUNK, BULK_CHUNK, 203]);
    expect(parts.flat()).toEqual(items);
  });
  it('yields nothing for an empty list and one slice for a short one', () => {
    expect([...chunks([])]).toEqual([]);
    expect([...chunks(['a', 'b'], 3)]).toEqual([['a', 'b']]);
    expect([...chunks(['a', 'b', 'c'], 1)]).toEqual([['a'], ['b'], ['c']]);
  });
  it('refuses a size below one (it would never end)', () => {
    expect(() => [...chunks([1], 0)]).toThrow(RangeError);
    expect(() => [...chunks([1], Number.NaN)]).toThrow(RangeError);
  });
});
