// The outbox for a page that must queue writes from its first load without carrying Dexie (the
// approvals inbox, ADR 0027 addendum of 2026-11-25). Once outbox.ts (Dexie) is loaded, every call
// goes through it as before. Until then writes and reads go to the same object store through
// outbox-raw.ts, the outbox counts as in use (the views show the entries, in every tab) and Dexie is
// fetched as soon as it can be: at once online, when the network returns offline. The replay is
// outbox.ts's, started by main.tsx; the idempotency keys are made here exactly as there.
import { attachedDexieOutbox, loadWhenReachable, outboxInUse } from './outbox-gate.ts';
import { addEntry, changeEntry, readEntries } from './outbox-raw.ts';
import { isHeld, keepScopeHeaders, newEntry, retryPatch, type OutboxEntry, type OutboxState, type OutboxWrite } from './outbox-rules.ts';

/** Loads outbox.ts once it can be fetched, then asks for a replay of what was queued without it. */
function replaySoon(): void {
  void loadWhenReachable(() => import('./outbox.ts')).then((outbox) => outbox.requestReplay());
}

export async function enqueue(write: OutboxWrite): Promise<OutboxEntry> {
  const dexie = attachedDexieOutbox();
  if (dexie) return dexie.enqueue(write);
  const stored = await addEntry(newEntry(write, Date.now()));
  outboxInUse(true);
  replaySoon();
  return stored;
}

export async function listOutbox(filter: { states?: readonly OutboxState[]; ref?: string } = {}): Promise<OutboxEntry[]> {
  const dexie = attachedDexieOutbox();
  return dexie ? dexie.listOutbox(filter) : readEntries(filter);
}

/** The user's explicit removal of an entry. An entry being sent right now cannot be discarded. */
export async function discard(id: number): Promise<boolean> {
  const dexie = attachedDexieOutbox();
  if (dexie) return dexie.discard(id);
  return changeEntry(id, (entry) => (entry && entry.state !== 'sending' ? 'delete' : null));
}

/** Takes back an entry still held (its undo window is open); false once it has gone out (outbox.ts withdraw). */
export async function withdraw(id: number): Promise<boolean> {
  const dexie = attachedDexieOutbox();
  if (dexie) return dexie.withdraw(id);
  return changeEntry(id, (entry) => (entry?.state === 'pending' && isHeld(entry, Date.now()) ? 'delete' : null));
}

/** Ends an entry's hold: it goes out with the next replay (outbox.ts release). */
export async function release(id: number): Promise<boolean> {
  const dexie = attachedDexieOutbox();
  if (dexie) return dexie.release(id);
  const changed = await changeEntry(id, (entry) => (entry?.state === 'pending' && isHeld(entry, Date.now()) ? { notBefore: 0 } : null));
  if (changed) replaySoon();
  return changed;
}

/**
 * The page goes away (closed, reloaded, left, or hidden on a phone that may never bring it back)
 * while `entry` is held: it is sent now with a keepalive request under its own Idempotency-Key, so
 * it lands even if the app is not opened again. The entry stays queued: the next replay sends the
 * same key and the server answers what it stored, so it lands once either way. `headers`: token,
 * language and scope (the request helper's).
 */
export function sendBeforeLeaving(
  entry: Pick<OutboxEntry, 'method' | 'url' | 'body' | 'headers' | 'idempotencyKey' | 'files'>,
  headers: Record<string, string>,
): void {
  if (entry.files?.length || typeof fetch !== 'function') return;
  void fetch(entry.url, {
    method: entry.method,
    keepalive: true,
    credentials: 'same-origin',
    headers: { ...headers, ...keepScopeHeaders(entry.headers), 'Content-Type': 'application/json', 'Idempotency-Key': entry.idempotencyKey },
    body: entry.body === null || entry.body === undefined ? undefined : JSON.stringify(entry.body),
  }).catch(() => undefined);
}

/** Puts an entry back in the queue (a fresh key where the server already decided) and replays. */
export async function retry(id: number): Promise<boolean> {
  const dexie = attachedDexieOutbox();
  if (dexie) return dexie.retry(id);
  const changed = await changeEntry(id, (entry) => (entry && entry.state !== 'sending' && entry.state !== 'sent' ? retryPatch(entry, Date.now()) : null));
  if (changed) replaySoon();
  return changed;
}

/** A needs-edit entry corrected by the user: new body, new key, back in the queue. */
export async function editAndRequeue(id: number, body: unknown): Promise<boolean> {
  const dexie = attachedDexieOutbox();
  if (dexie) return dexie.editAndRequeue(id, body);
  const changed = await changeEntry(id, (entry) =>
    entry && entry.state !== 'sending' && entry.state !== 'sent' ? { ...retryPatch({ ...entry, state: 'needs_edit' }, Date.now()), body } : null,
  );
  if (changed) replaySoon();
  return changed;
}
