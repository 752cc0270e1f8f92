// 通过 with a way back: the decision waits UNDO_MS with a 撤销 bar on screen before it goes to the
// outbox (and from there to the server). A second approval while one waits sends the first at once.
// The waiting decision lives in this module, not a component, so it survives going back from the
// detail to the inbox.
import { useSyncExternalStore } from 'react';

export const UNDO_MS = 4000;

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
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

async function send(w: Waiting): Promise<void> {
  clearTimeout(w.timer);
  if (waiting === w) waiting = null;
  notify();
  await w.commit();
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

const snapshot = (): Undoable | null => waiting;
export function useUndoable(): Undoable | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
    snapshot,
  );
}
