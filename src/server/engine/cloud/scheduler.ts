// Runs due work (simulator jobs, export tasks) on a short timer. Several processes may run it
// against one PostgreSQL: each claim is FOR UPDATE SKIP LOCKED, so a job runs once.
export type Worker = () => Promise<number>;

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** runs every worker until idle (tests) */ drain(): Promise<void>;
  /** one more worker (a feature's own due work, e.g. the backup agent) */ add(worker: Worker): void;
}

export function scheduler(workers: Worker[], tickMs: number, log: { error: (obj: object, msg: string) => void }): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

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
      running = once()
        .then(() => undefined)
        .finally(() => {
          running = null;
          schedule();
        });
    }, tickMs);
    timer.unref();
  }
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
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
  };
}
