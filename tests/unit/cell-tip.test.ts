// A table cell's long text shows whole after the pointer rests 500 ms (seed 000 §9), and never for
// a pointer only passing over it (issue 28).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, delayedToggle } from '../../src/web/ui/data-table/delayed-toggle.ts';
import { needsTip } from '../../src/web/ui/data-table/cell-tip.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cell tooltip', () => {
  it('opens after 500 ms of rest and closes at once on leave', () => {
    const seen: boolean[] = [];
    const tip = delayedToggle((open) => seen.push(open));
    expect(TOOLTIP_DELAY_MS).toBe(500);
    tip.enter();
    vi.advanceTimersByTime(499);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([true]);
    tip.leave();
    expect(seen).toEqual([true, false]);
  });

  it('never opens for a pointer passing over, nor after dispose', () => {
    const seen: boolean[] = [];
    const tip = delayedToggle((open) => seen.push(open));
    tip.enter();
    vi.advanceTimersByTime(300);
    tip.leave();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([false]);
    tip.enter();
    tip.dispose();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([false]);
  });

  it('only for text beyond 20 characters', () => {
    expect(needsTip('一'.repeat(20))).toBe(false);
    expect(needsTip('一'.repeat(21))).toBe(true);
    expect(needsTip('demo-rnd-test-ali-dnat-web')).toBe(true);
  });
});
