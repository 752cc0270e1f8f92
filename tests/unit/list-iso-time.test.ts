// The list answers write their rows' times with isoTime instead of Date's toJSON (ADR 0050): the text
// must be exactly what JSON.stringify writes for the same Date, at every instant and at the edges.
import { describe, expect, it } from 'vitest';
import { isoTime, withIsoTimes } from '../../src/server/platform/lib/list.ts';

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

describe('withIsoTimes', () => {
  it('turns only Dates at the named keys into text, so the JSON is the same', () => {
    const row = { a: new Date(Date.UTC(2025, 5, 1, 8, 30)), b: '2025-01-01', c: new Date(1), n: null };
    const before = JSON.stringify(row);
    const out = withIsoTimes(row, ['a', 'b', 'n']);
    expect(out.a).toBe('2025-06-01T08:30:00.000Z');
    expect(out.c).toBeInstanceOf(Date);
    expect(JSON.stringify(out)).toBe(before);
  });
});
