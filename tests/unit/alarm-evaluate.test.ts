// The alarm evaluator's core on fixed series: N of M, resolve, max count, silence.
import { describe, expect, it } from 'vitest';
import { evaluate, minutesUntilTomorrowNine, type Condition, type EvaluationInput } from '../../src/domain/alarms/evaluate.ts';
import { downsample } from '../../src/domain/alarms/alarm-metrics.ts';

const cond: Condition = { operator: 'gt', threshold: 90, occurrences: 3, samples: 5, max_alarms: 2 };
const now = new Date('2026-11-23T06:05:00Z');
const input = (values: number[], over: Partial<EvaluationInput> = {}): EvaluationInput => ({
  condition: cond,
  values,
  open: null,
  silencedUntil: null,
  firedInWindow: 0,
  now,
  ...over,
});

describe('evaluate', () => {
  it('fires when N of the last M samples breach, not before', () => {
    expect(evaluate(input([95, 10, 96, 10, 20])).action).toBe('none');
    const d = evaluate(input([95, 10, 96, 10, 97]));
    expect(d).toMatchObject({ action: 'fire', value: 97, breached: 3 });
    // Only the last M samples count: the breaches before them are forgotten.
    expect(evaluate(input([99, 99, 99, 10, 10, 10, 95, 96])).action).toBe('none');
  });

  it('treats the threshold by its operator', () => {
    expect(evaluate(input([90, 90, 90, 90, 90])).action).toBe('none');
    expect(evaluate(input([90, 90, 90, 90, 90], { condition: { ...cond, operator: 'gte' } })).action).toBe('fire');
    expect(evaluate(input([5, 5, 5, 50, 50], { condition: { ...cond, operator: 'lt', threshold: 10 } })).action).toBe('fire');
  });

  it('keeps an open alarm while the condition holds and resolves it once it clears', () => {
    expect(evaluate(input([95, 96, 97, 10, 10], { open: { state: 'firing' } }))).toMatchObject({ action: 'none', reason: 'holding' });
    expect(evaluate(input([96, 97, 10, 10, 10], { open: { state: 'acknowledged' } }))).toMatchObject({ action: 'resolve', notify: true, breached: 2 });
  });

  it('respects the max alarm count within the day', () => {
    expect(evaluate(input([95, 95, 95, 95, 95], { firedInWindow: 1 })).action).toBe('fire');
    expect(evaluate(input([95, 95, 95, 95, 95], { firedInWindow: 2 }))).toMatchObject({ action: 'none', reason: 'max_count' });
  });

  it('fires nothing while silenced, resolves quietly, and fires again after the silence', () => {
    const until = new Date(now.getTime() + 30 * 60_000);
    expect(evaluate(input([95, 95, 95, 95, 95], { silencedUntil: until }))).toMatchObject({ action: 'none', reason: 'silenced' });
    expect(evaluate(input([10, 10, 10, 10, 10], { silencedUntil: until, open: { state: 'firing' } }))).toMatchObject({ action: 'resolve', notify: false });
    expect(evaluate(input([95, 95, 95, 95, 95], { silencedUntil: new Date(now.getTime() - 1) })).action).toBe('fire');
  });

  it('waits for enough samples', () => {
    expect(evaluate(input([95, 95]))).toMatchObject({ action: 'none', reason: 'not_enough_samples' });
  });
});

describe('silence until tomorrow 09:00 and downsampling', () => {
  it('counts minutes to 09:00 of the next Shanghai day', () => {
    // 14:05 in Shanghai → 18 h 55 min to 09:00 tomorrow.
    expect(minutesUntilTomorrowNine(now)).toBe(18 * 60 + 55);
    // 00:30 in Shanghai (16:30 UTC the day before) → tomorrow is the next calendar day.
    expect(minutesUntilTomorrowNine(new Date('2026-11-22T16:30:00Z'))).toBe(32 * 60 + 30);
  });
  it('averages buckets to at most 500 points', () => {
    const pts: [number, number][] = Array.from({ length: 43_000 }, (_, i) => [i * 60_000, i % 2 ? 10 : 20]);
    const out = downsample(pts);
    expect(out.length).toBeLessThanOrEqual(500);
    expect(out.length).toBeGreaterThan(400);
    expect(out[0]).toEqual([0, 15]);
    expect(downsample(pts.slice(0, 60))).toHaveLength(60);
  });
});
