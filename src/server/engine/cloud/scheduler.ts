// Runs due work (simulator jobs, export tasks) on a short timer. Several processes may run it
// against one PostgreSQL: each claim is FOR UPDATE SKIP LOCKED, so a job runs once.
// While passes find nothing to do, the wait doubles up to IDLE_MAX_MS (an idle server spent ~9 % of
// a core asking its database every 75 ms); a write request of this process (`poke`) or a pass that did
// something brings it back to the short tick. Work of other processes is theirs to run; what comes due
// by the clock alone (a backup plan, a scheduled send) is at most IDLE_MAX_MS late.
export type Worker = () => Promise<number>;

export interface Scheduler {
  /**
   * Starts the timer. `unlessStopped` (the app's onReady): not when stop() was called before — a
   * test that stops the scheduler before its first request keeps it stopped.
   */
  start(opts?: { unlessStopped?: boolean }): void;
  stop(): Promise<void>;
  /** runs every worker until idle (tests) */ drain(): Promise<void>;
  /** one more worker (a feature's own due work, e.g. the backup agent) */ add(worker: Worker): void;
  /** new work may be coming (a write request): back to the short tick */ poke(): void;
}

const IDLE_MAX_MS = 1000;

export function scheduler(workers: Worker[], tickMs: number, log: { error: (obj: object, msg: string) => void }): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  /** stop() was called and no start() without `unlessStopped` came after it */
  let heldByStop = false;
  /** passes in a row that found nothing to do */
  let idle = 0;
  const wait = () => Math.min(tickMs * 2 ** Math.min(idle, 10), Math.max(tickMs, IDLE_MAX_MS));

  async function once(): Promise<number> {
    let n = 0;
    for (const w of workers) {
      try {
        n += await w();
      } catch (err) {
        log.error({ err }, 'scheduler worker failed');
      }
    }
    return n;
  }
  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = once()
        .then((n) => {
          idle = n > 0 ? 0 : idle + 1;
        })
        .finally(() => {
          running = null;
          schedule();
        });
    }, wait());
    timer.unref();
  }
  return {
    start(opts) {
      if (opts?.unlessStopped && heldByStop) return;
      heldByStop = false;
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      heldByStop = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
    async drain() {
      while ((await once()) > 0) {
        /* until idle */
      }
    },
    add(worker) {
      workers.push(worker);
    },
    poke() {
      if (idle === 0) return;
      idle = 0;
      // Waiting out a long idle wait: start the short one now (a pass under way schedules it itself).
      if (timer && !stopped) {
        clearTimeout(timer);
        timer = null;
        schedule();
      }
    },
  };
}
