// 通过 with a way back: the decision waits UNDO_MS with a 撤销 bar on screen before it goes to the
// outbox (and from there to the server). A second approval while one waits sends the first at once.
// The waiting decision lives in this module, not a component, so it survives going back from the
// detail to the inbox.
//
// Between leaving the bar and showing up in the outbox a decision is "settling": its commit reads
// and writes IndexedDB, and the outbox's live view answers later still. The inbox shows a settling
// decision as queued (待同步), so its card never comes back with live buttons in between (issue 10:
// tapping down a list offline, the card decided a moment ago reappeared undecided, under the
// finger, until its entry was written).
import { useSyncExternalStore } from 'react';

export const UNDO_MS = 4000;
/** A settled decision the inbox never saw (it was not on screen) is forgotten after this. */
const SETTLED_KEPT_MS = 30_000;

export interface Undoable {
  id: string;
  text: string;
  until: number;
}
interface Waiting extends Undoable {
  timer: ReturnType<typeof setTimeout>;
  commit: () => Promise<unknown>;
}

let waiting: Waiting | null = null;
/** approval id → when its decision left the undo bar (Date.now()). Replaced, never mutated. */
let settling: ReadonlyMap<string, number> = new Map();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

function release(ids: readonly string[], since?: number): void {
  const next = new Map(settling);
  for (const id of ids) if (since === undefined || next.get(id) === since) next.delete(id);
  if (next.size === settling.size) return;
  settling = next;
  notify();
}

async function send(w: Waiting): Promise<void> {
  clearTimeout(w.timer);
  if (waiting === w) waiting = null;
  const since = Date.now();
  settling = new Map(settling).set(w.id, since);
  notify();
  try {
    await w.commit();
    setTimeout(() => release([w.id], since), SETTLED_KEPT_MS);
  } catch (err) {
    release([w.id], since);
    throw err;
  }
}

/** Holds `commit` for UNDO_MS; the bar shows `text`. */
export function withUndo(id: string, text: string, commit: () => Promise<unknown>, ms = UNDO_MS): void {
  if (waiting) void send(waiting);
  const w: Waiting = {
    id,
    text,
    until: Date.now() + ms,
    commit,
    timer: setTimeout(() => {
      void send(w);
    }, ms),
  };
  waiting = w;
  notify();
}

/** 撤销: the decision is dropped before anything was queued. */
export function undo(): void {
  if (!waiting) return;
  clearTimeout(waiting.timer);
  waiting = null;
  notify();
}

/** 提交: send the waiting decision now instead of at the end of the delay. */
export function sendNow(): void {
  if (waiting) void send(waiting);
}

/** The outbox shows these decisions now: they stop settling. */
export function settled(ids: readonly string[]): void {
  if (ids.length) release(ids);
}

const snapshot = (): Undoable | null => waiting;
export function useUndoable(): Undoable | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const settlingSnapshot = (): ReadonlyMap<string, number> => settling;
/** Decisions on their way from the undo bar to the outbox: approval id → when they left the bar. */
export function useSettling(): ReadonlyMap<string, number> {
  return useSyncExternalStore(subscribe, settlingSnapshot, settlingSnapshot);
}
