// The list answers write their rows' times with isoTime instead of Date's toJSON (ADR 0050): the text
// must be exactly what JSON.stringify writes for the same Date, at every instant and at the edges.
import { describe, expect, it } from 'vitest';
import { isoTime, rowPicker } from '../../src/server/platform/lib/list.ts';

describe('isoTime', () => {
  it('writes what toISOString writes, instant by instant', () => {
    const edges = [
      0,
      -1,
      1,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(1900, 2, 1),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(1000, 0, 1),
      Date.UTC(1000, 0, 1) - 1,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
      Date.UTC(-5, 0, 1),
      8.64e15,
      -8.64e15,
    ];
    // A fixed pseudo-random walk over ±5,000 years around the epoch (no Math.random: a failure repeats).
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const walk = Array.from({ length: 20_000 }, () => Math.round((next() - 0.5) * 2 * 5000 * 365.25 * 86_400_000));
    for (const t of [...edges, ...walk]) {
      const d = new Date(t);
      expect(isoTime(d), String(t)).toBe(d.toISOString());
    }
  });

  it('answers null for an invalid date, as JSON.stringify writes it', () => {
    const d = new Date(Number.NaN);
    expect(isoTime(d)).toBeNull();
    expect(JSON.stringify({ d })).toBe(JSON.stringify({ d: isoTime(d) }));
  });
});

describe('rowPicker', () => {
  it('answers the named columns in their order, Dates at the named times as text, so the JSON is the same', () => {
    const row = { a: new Date(Date.UTC(2025, 5, 1, 8, 30)), b: '2025-01-01', c: new Date(1), n: null, __sort_a: '2025-06-01 08:30:00+00' };
    const out = rowPicker(['t.a', 'b', 'c', 'n'], ['a', 'b', 'n']);
    const picked = out(row);
    expect(Object.keys(picked)).toEqual(['a', 'b', 'c', 'n']);
    expect(picked.a).toBe('2025-06-01T08:30:00.000Z');
    expect(picked.c).toBeInstanceOf(Date);
    const { __sort_a: _, ...withoutSortKey } = row;
    expect(JSON.stringify(picked)).toBe(JSON.stringify(withoutSortKey));
  });
});
