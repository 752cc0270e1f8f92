// When the inbox may refetch (issue 10). A burst of reasons to refresh (the 'online' event, the
// server's approval events, a decision delivered) becomes one refetch after `delayMs`; while queued
// decisions are still on their way and the browser is online, the refetch waits until the outbox
// has drained: on PGlite the list and count queries would queue behind the decision batch on the
// server's one connection and slow it down, and the list they answer is out of date before it
// lands. A replay that stops (the session gone, the server asks to wait) leaves entries waiting:
// the refetch then goes after `maxDeferMs` all the same. Pure (timers injected), unit-tested.

export interface RefreshGate {
  /** A reason to refetch: soon, or once the outbox has drained. */
  request(): void;
  /** Whether queued decisions wait to be sent, and whether the browser is online (the outbox's live view). */
  setWaiting(waiting: boolean, online: boolean): void;
  /** Cancels what is planned (the component unmounts; StrictMode mounts it again and it goes on). */
  dispose(): void;
}

export interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createRefreshGate(refresh: () => void, opts: { delayMs?: number; maxDeferMs?: number; timers?: Timers } = {}): RefreshGate {
  const delayMs = opts.delayMs ?? 300;
  const maxDeferMs = opts.maxDeferMs ?? 10_000;
  const timers = opts.timers ?? realTimers;
  let waiting = false;
  let online = true;
  let owed = false;
  let soon: unknown = null;
  let deferLimit: unknown = null;

  const clearSoon = () => {
    if (soon !== null) timers.clear(soon);
    soon = null;
  };
  const clearLimit = () => {
    if (deferLimit !== null) timers.clear(deferLimit);
    deferLimit = null;
  };
  const schedule = () => {
    owed = false;
    clearLimit();
    clearSoon();
    soon = timers.set(() => {
      soon = null;
      refresh();
    }, delayMs);
  };
  const holding = () => waiting && online;

  return {
    request() {
      if (!holding()) return schedule();
      owed = true;
      // A refetch planned before the replay started waits too.
      clearSoon();
      deferLimit ??= timers.set(() => {
        deferLimit = null;
        if (owed) schedule();
      }, maxDeferMs);
    },
    setWaiting(nextWaiting, nextOnline) {
      waiting = nextWaiting;
      online = nextOnline;
      if (!holding() && owed) schedule();
    },
    dispose() {
      clearSoon();
      clearLimit();
      owed = false;
    },
  };
}
