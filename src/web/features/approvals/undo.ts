// 通过 with a way back, the same from the inbox and from a request's detail: the decision goes into
// the outbox at once, with its idempotency key, held there (`notBefore`) for UNDO_MS while a 撤销
// bar is on screen. 撤销 takes it back out of the outbox; otherwise the outbox's replay sends it
// when the hold ends, whatever this page does meanwhile: leaving the detail, reloading or closing
// the app keeps it (issue 27: a decision taken on the detail and left within the window was lost
// when it waited in this module's timer). A page that goes away while the bar is up sends the
// decision ahead with a keepalive request under the same key (the replay later gets the server's
// stored answer). A second approval while one waits ends the first one's hold: it goes at once.
//
// Between leaving the bar and showing up in the outbox's live view a decision is "settling": its
// entry may still be on its way to IndexedDB, and the outbox's live view answers later still. The
// inbox shows a settling decision as queued (待同步), so its card never comes back with live buttons
// in between (issue 10: tapping down a list offline, the card decided a moment ago reappeared
// undecided, under the finger, until its entry was written).
import { useSyncExternalStore } from 'react';
import { release, sendBeforeLeaving, withdraw } from '../../offline/outbox-queue.ts';
import type { OutboxEntry } from '../../offline/outbox-rules.ts';

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
  /** The held outbox entry (null: nothing was queued, e.g. the request's decision already waited). */
  entry: Promise<OutboxEntry | null>;
  /** What is sent ahead if the page goes away (no await is possible then): the entry once stored, its write before. */
  ahead: Ahead | null;
  headers: () => Record<string, string>;
  /** 撤销 was tapped: its answer (a second tap gets the same). */
  undoing?: Promise<boolean>;
}

type Ahead = Pick<OutboxEntry, 'method' | 'url' | 'body' | 'headers' | 'idempotencyKey'>;

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

function forget(ids: readonly string[], since?: number): void {
  const next = new Map(settling);
  for (const id of ids) if (since === undefined || next.get(id) === since) next.delete(id);
  if (next.size === settling.size) return;
  settling = next;
  notify();
}

/** The bar goes; the decision stays in the outbox (`now`: its hold ends at once). */
async function leave(w: Waiting, now: boolean): Promise<void> {
  clearTimeout(w.timer);
  if (waiting === w) waiting = null;
  const since = Date.now();
  settling = new Map(settling).set(w.id, since);
  notify();
  try {
    const entry = await w.entry;
    if (now && entry?.id !== undefined) await release(entry.id);
    if (entry) setTimeout(() => forget([w.id], since), SETTLED_KEPT_MS);
    else forget([w.id], since);
  } catch (err) {
    forget([w.id], since);
    throw err;
  }
}

/**
 * Shows the bar for `ms` and queues the decision now: `queue` gets the hold's end (`notBefore`) and
 * answers the write (with its key) and the promise of its outbox entry (null when nothing was
 * queued). `headers`: what a request needs besides the entry's own (token, language), for sending
 * it ahead when the page goes away.
 */
export function withUndo(
  id: string,
  text: string,
  queue: (notBefore: number) => { write: Ahead; stored: Promise<OutboxEntry | null> },
  headers: () => Record<string, string>,
  ms = UNDO_MS,
): Promise<OutboxEntry | null> {
  if (waiting) void leave(waiting, true);
  const until = Date.now() + ms;
  const { write, stored: entry } = queue(until);
  const w: Waiting = { id, text, until, entry, ahead: write, headers, timer: setTimeout(() => void leave(w, false), ms) };
  waiting = w;
  notify();
  listenForLeaving();
  entry.then(
    (e) => {
      w.ahead = e;
      if (!e && waiting === w) void leave(w, false);
    },
    () => {
      if (waiting === w) void leave(w, false);
    },
  );
  return entry;
}

/** 撤销: the decision comes back out of the outbox. False when it had gone out already. */
export function undo(): Promise<boolean> {
  const w = waiting;
  if (!w) return Promise.resolve(true);
  clearTimeout(w.timer);
  w.undoing ??= (async () => {
    try {
      const entry = await w.entry;
      return entry?.id === undefined || (await withdraw(entry.id));
    } finally {
      // The card comes back only once its entry is gone (it would show 待同步 for a moment otherwise).
      if (waiting === w) waiting = null;
      notify();
    }
  })();
  return w.undoing;
}

/** 提交: send the waiting decision now instead of at the end of the hold. */
export function sendNow(): void {
  if (waiting && !waiting.undoing) void leave(waiting, true);
}

/** The page goes away with the bar up: the decision is sent ahead now (see the top of this file). */
function onLeaving(event: Event): void {
  if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
  const w = waiting;
  if (!w?.ahead || w.undoing) return;
  sendBeforeLeaving(w.ahead, w.headers());
  void leave(w, false);
}
let listening = false;
function listenForLeaving(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', onLeaving);
  document.addEventListener('visibilitychange', onLeaving);
}

/** The outbox shows these decisions now: they stop settling. */
export function settled(ids: readonly string[]): void {
  if (ids.length) forget(ids);
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
