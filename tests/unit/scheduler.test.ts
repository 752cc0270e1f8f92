// The engine's scheduler (engine/cloud/scheduler.ts): a stop() before the app is ready sticks — the
// app's onReady start (`unlessStopped`) leaves it stopped — while an explicit start() starts it again.
import { describe, expect, it } from 'vitest';
import { scheduler } from '../../src/server/engine/cloud/scheduler.ts';

const log = { error: () => {} };
const tick = () => new Promise((r) => setTimeout(r, 60));

describe('scheduler', () => {
  it('stays stopped when stopped before the onReady start, and runs again on an explicit start', async () => {
    let passes = 0;
    const s = scheduler([async () => (passes++, 0)], 10, log);
    await s.stop();
    s.start({ unlessStopped: true });
    await tick();
    expect(passes).toBe(0);
    s.start();
    await tick();
    expect(passes).toBeGreaterThan(0);
    await s.stop();
  });

  it('starts on onReady when nobody stopped it', async () => {
    let passes = 0;
    const s = scheduler([async () => (passes++, 0)], 10, log);
    s.start({ unlessStopped: true });
    await tick();
    expect(passes).toBeGreaterThan(0);
    await s.stop();
  });
});
