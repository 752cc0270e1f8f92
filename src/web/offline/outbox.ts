// The outbox of queued writes (approval decisions, work orders, feedback, replies). Each entry has
// its own idempotency key and is replayed strictly in order when the network returns; it ends as
// sent, conflict (with the server's state), needs-edit or failed. Nothing is dropped silently:
// only the user discards an entry, and delivered entries are pruned after a day.
import { db } from './db.ts';
import { attachDexieOutbox, outboxInUse } from './outbox-gate.ts';
import { DECISION_BATCH_URL } from '../../domain/approvals/decision-batch.ts';
import {
  batchGroup,
  bodyWithFiles,
  entryHeaders,
  fileKey,
  isHeld,
  networkFailureOutcome,
  newEntry,
  nextRelease,
  outcomeOf,
  replayOrder,
  retryPatch,
  type OutboxEntry,
  type OutboxState,
  type OutboxWrite,
  type SendResult,
} from './outbox-rules.ts';

export type Send = (entry: OutboxEntry) => Promise<SendResult>;
/**
 * Sends queued decisions in one request, in order; answers one result per entry the server got to
 * (a prefix: it stops at an answer meaning "not now"). Rejects on a network failure.
 */
export type SendBatch = (entries: OutboxEntry[]) => Promise<SendResult[]>;

export interface ReplaySummary {
  sent: number;
  conflict: number;
  needsEdit: number;
  failed: number;
  /** Why the run stopped early: no network, the session is gone, or the server asked to wait. */
  stopped: 'network' | 'session' | 'later' | null;
  /** Another tab held the replay lock; that tab does the work. */
  skipped: boolean;
}

const LOCK_NAME = 'yunshu-outbox-replay';
const SENT_KEPT_MS = 24 * 3600_000;

// This module holds Dexie: once it is loaded (to write, or to replay), the outbox's live views start,
// and outbox-queue.ts (the inbox's writes before Dexie could be fetched) goes through it from now on.
outboxInUse();
attachDexieOutbox({ enqueue, listOutbox, discard, withdraw, release, retry, editAndRequeue, requestReplay });

/** A performance mark (DevTools' timeline, the replay bench's breakdown); nothing where there is no Performance API. */
function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

function emptySummary(): ReplaySummary {
  return { sent: 0, conflict: 0, needsEdit: 0, failed: 0, stopped: null, skipped: false };
}

export async function enqueue(write: OutboxWrite): Promise<OutboxEntry> {
  const entry = newEntry(write, Date.now());
  const id = await db.outbox.add(entry);
  const stored = { ...entry, id: id as number };
  outboxInUse(true);
  void requestReplay();
  return stored;
}

export async function listOutbox(filter: { states?: readonly OutboxState[]; ref?: string } = {}): Promise<OutboxEntry[]> {
  const rows = filter.ref ? await db.outbox.where('ref').equals(filter.ref).toArray() : await db.outbox.toArray();
  return rows.filter((e) => !filter.states || filter.states.includes(e.state)).sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0));
}

/** The user's explicit removal of an entry. An entry being sent right now cannot be discarded. */
export async function discard(id: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/**
 * Takes back an entry that is still held (its undo window, `notBefore`, is open): answers false when
 * it has gone out already (or is going), which the replay never does before its time.
 */
export async function withdraw(id: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'pending' || !isHeld(entry, Date.now())) return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** Ends an entry's hold: it goes out with the next replay (asked for now). */
export async function release(id: number): Promise<boolean> {
  const changed = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'pending' || !isHeld(entry, Date.now())) return false;
    await db.outbox.update(id, { notBefore: 0 });
    return true;
  });
  if (changed) void requestReplay();
  return changed;
}

/** Puts an entry back in the queue (a fresh key where the server already decided) and replays. */
export async function retry(id: number): Promise<boolean> {
  const changed = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending' || entry.state === 'sent') return false;
    await db.outbox.update(id, retryPatch(entry, Date.now()));
    return true;
  });
  if (changed) void requestReplay();
  return changed;
}

/** A needs-edit entry corrected by the user: new body, new key, back in the queue. */
export async function editAndRequeue(id: number, body: unknown): Promise<boolean> {
  const changed = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === 'sending' || entry.state === 'sent') return false;
    await db.outbox.update(id, { ...retryPatch({ ...entry, state: 'needs_edit' }, Date.now()), body });
    return true;
  });
  if (changed) void requestReplay();
  return changed;
}

function count(summary: ReplaySummary, state: OutboxState | undefined): void {
  if (state === 'sent') summary.sent += 1;
  else if (state === 'conflict') summary.conflict += 1;
  else if (state === 'needs_edit') summary.needsEdit += 1;
  else if (state === 'failed') summary.failed += 1;
}

function stopReason(status: number): ReplaySummary['stopped'] {
  return status === 0 ? 'network' : status === 401 || status === 428 ? 'session' : 'later';
}

/**
 * Consecutive decisions in one request: marked sending together, their outcomes written together
 * (one IndexedDB transaction each way, so an inbox of 100 cards re-renders twice, not 200 times).
 * Answers how many entries were settled and whether the run stops.
 */
async function runBatch(group: OutboxEntry[], sendBatch: SendBatch, summary: ReplaySummary): Promise<{ done: number; stop: boolean }> {
  const fresh = await db.transaction('rw', db.outbox, async () => {
    const now = Date.now();
    const rows = (await db.outbox.bulkGet(group.map((e) => e.id!))).filter((e): e is OutboxEntry => !!e && e.state === 'pending' && !isHeld(e, now));
    await db.outbox.bulkUpdate(rows.map((e) => ({ key: e.id!, changes: { state: 'sending' as const, updatedAt: now } })));
    return rows;
  });
  if (!fresh.length) return { done: group.length, stop: false };
  let results: SendResult[] = [];
  let failure: string | null = null;
  mark('yunshu:outbox-batch-sent');
  try {
    results = await sendBatch(fresh);
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  mark('yunshu:outbox-batch-answered');
  const now = Date.now();
  let stop = false;
  const changes = fresh.map((entry, i) => {
    // Not reached (the server stopped before it, or the request failed): back in the queue as it was.
    if (failure === null && i >= results.length) return { key: entry.id!, changes: { state: 'pending' as const, updatedAt: now } };
    const outcome = failure !== null ? networkFailureOutcome(entry, failure) : outcomeOf(entry, results[i]!);
    count(summary, outcome.patch.state);
    if (outcome.stop && !stop) {
      stop = true;
      summary.stopped = stopReason(outcome.patch.lastError?.status ?? 0);
    }
    return { key: entry.id!, changes: { ...outcome.patch, updatedAt: now } };
  });
  await db.transaction('rw', db.outbox, () => db.outbox.bulkUpdate(changes));
  mark('yunshu:outbox-batch-written');
  const settled = failure !== null ? fresh.length : Math.min(results.length, fresh.length);
  return { done: group.length - fresh.length + settled, stop };
}

async function runOnce(send: Send, owner: string | null | undefined, sendBatch?: SendBatch): Promise<ReplaySummary> {
  const summary = emptySummary();
  // One transaction before the first request (each costs a round trip to IndexedDB's thread, and
  // the replay after a reconnect waits for them). We hold the lock, so an entry still marked
  // sending was cut off (tab closed, crash): its key makes sending it again safe.
  const waiting = await db.transaction('rw', db.outbox, async () => {
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    const old = Date.now() - SENT_KEPT_MS;
    await db.outbox
      .where('state')
      .equals('sent')
      .filter((e) => e.updatedAt < old)
      .delete();
    return db.outbox.where('state').equals('pending').toArray();
  });
  wakeAt(nextRelease(waiting));
  const queue = replayOrder(waiting, owner);
  for (let i = 0; i < queue.length;) {
    const group = sendBatch ? batchGroup(queue, i) : [];
    if (group.length > 1) {
      const { done, stop } = await runBatch(group, sendBatch!, summary);
      if (stop) break;
      i += Math.max(done, 1);
      continue;
    }
    const queued = queue[i]!;
    i += 1;
    const entry = await db.outbox.get(queued.id!);
    if (!entry || entry.state !== 'pending' || isHeld(entry, Date.now())) continue;
    await db.outbox.update(entry.id!, { state: 'sending', updatedAt: Date.now() });
    let outcome;
    try {
      outcome = outcomeOf(entry, await send(entry));
    } catch (err) {
      outcome = networkFailureOutcome(entry, err instanceof Error ? err.message : String(err));
    }
    await db.outbox.update(entry.id!, { ...outcome.patch, updatedAt: Date.now() });
    count(summary, outcome.patch.state);
    if (outcome.stop) {
      summary.stopped = stopReason(outcome.patch.lastError?.status ?? 0);
      break;
    }
  }
  return summary;
}

/** Runs `fn` holding the cross-tab lock when the browser has Web Locks; `null` if another tab holds it. */
async function withLock<T>(fn: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? fn() : null));
}

let running: Promise<ReplaySummary> | null = null;
let again = false;
let wake: ReturnType<typeof setTimeout> | undefined;

/** A replay when the first held entry's time has come (each run sets it again from what it read). */
function wakeAt(at: number | null): void {
  clearTimeout(wake);
  wake = at === null ? undefined : setTimeout(() => void requestReplay(), Math.max(0, at - Date.now()) + 20);
}

/**
 * Sends the pending entries, oldest first, through `send` (which adds token and language and
 * rejects on a network failure). Runs never overlap: a call during a run asks for one more run
 * afterwards and shares its result; another tab's run makes this one a no-op (`skipped`).
 */
export function replayOutbox(send: Send, opts: { owner?: string | null; sendBatch?: SendBatch } = {}): Promise<ReplaySummary> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      let summary: ReplaySummary;
      do {
        again = false;
        summary = (await withLock(() => runOnce(send, opts.owner, opts.sendBatch))) ?? { ...emptySummary(), skipped: true };
      } while (again && !summary.stopped && !summary.skipped);
      return summary;
    } finally {
      running = null;
    }
  })();
  return running;
}

interface SyncConfig {
  send: Send;
  sendBatch?: SendBatch;
  owner: () => string | null | undefined;
}
let sync: SyncConfig | null = null;

/** Replays now if sync has started and the browser believes it is online. */
export function requestReplay(): Promise<ReplaySummary | null> {
  if (!sync || (typeof navigator !== 'undefined' && navigator.onLine === false)) return Promise.resolve(null);
  return replayOutbox(sync.send, { owner: sync.owner(), ...(sync.sendBatch ? { sendBatch: sync.sendBatch } : {}) });
}

/**
 * Starts replaying: now, on every `online` event, when the page becomes visible again and every
 * `intervalMs` while entries wait (a server that was down comes back without an `online` event).
 * Returns a stop function.
 */
export function startOutboxSync(send: Send, opts: { owner?: () => string | null | undefined; intervalMs?: number; sendBatch?: SendBatch } = {}): () => void {
  sync = { send, owner: opts.owner ?? (() => null), ...(opts.sendBatch ? { sendBatch: opts.sendBatch } : {}) };
  const kick = () => {
    void requestReplay();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  window.addEventListener('online', kick);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(kick, opts.intervalMs ?? 60_000);
  kick();
  return () => {
    window.removeEventListener('online', kick);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
    clearTimeout(wake);
    sync = null;
  };
}

/**
 * A sender on `fetch`: the entry's scope headers and Idempotency-Key plus what `getHeaders` gives
 * (token, language). Rejects on network failure or time-out, resolves with any HTTP answer.
 */
export function createFetchSend(getHeaders: () => Record<string, string>, timeoutMs = 30_000): Send {
  return async (entry) => {
    // Files first, each under a key derived from the entry's, recorded as it lands (the outbox
    // shows the progress); a refused file answers for the whole entry.
    const refused = await uploadFiles(entry, getHeaders, timeoutMs);
    if (refused) return refused;
    const sent = bodyWithFiles((entry.id !== undefined ? await db.outbox.get(entry.id) : undefined) ?? entry);
    const response = await fetch(entry.url, {
      method: entry.method,
      headers: { ...getHeaders(), ...entryHeaders(entry) },
      body: sent === null || sent === undefined ? undefined : JSON.stringify(sent),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'same-origin',
    });
    const text = await response.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const inFlight = response.headers.get('idempotency-in-flight') === 'true' || body?.code === 'idempotency_in_flight';
    return { status: response.status, body, ...(inFlight ? { inFlight } : {}) };
  };
}

async function readAnswer(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Uploads the entry's files not yet up; answers the server's refusal of one, else null. */
async function uploadFiles(entry: OutboxEntry, getHeaders: () => Record<string, string>, timeoutMs: number): Promise<SendResult | null> {
  if (!entry.files?.length || !entry.upload || entry.id === undefined) return null;
  const files = [...entry.files];
  for (const [i, file] of files.entries()) {
    if (file.uploadedId) continue;
    const form = new FormData();
    form.append('file', file.blob, file.name);
    const response = await fetch(entry.upload.url, {
      method: 'POST',
      headers: { ...getHeaders(), ...entry.headers, 'Idempotency-Key': fileKey(entry.idempotencyKey, i) },
      body: form,
      signal: AbortSignal.timeout(timeoutMs * 4),
      credentials: 'same-origin',
    });
    const body = await readAnswer(response);
    if (!response.ok) return { status: response.status, body, ...(response.headers.get('idempotency-in-flight') === 'true' ? { inFlight: true } : {}) };
    files[i] = { ...file, uploadedId: String(body?.data?.[0]?.id ?? '') };
    await db.outbox.update(entry.id, { files: [...files], updatedAt: Date.now() });
  }
  return null;
}

/**
 * A batch sender on `fetch` (POST /api/v1/approvals/decision-batch): each entry keeps its own
 * Idempotency-Key and scope. An answer other than 200 for the whole batch (the session is gone,
 * the rate limit, a server error) stands for its first entry, so the run stops there in order.
 */
export function createFetchBatchSend(getHeaders: () => Record<string, string>, timeoutMs = 60_000): SendBatch {
  return async (entries) => {
    const response = await fetch(DECISION_BATCH_URL, {
      method: 'POST',
      headers: { ...getHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requests: entries.map((e) => ({
          url: e.url,
          key: e.idempotencyKey,
          ...(e.headers['x-tenant-id'] ? { tenant_id: e.headers['x-tenant-id'] } : {}),
          ...(e.headers['x-project-id'] ? { project_id: e.headers['x-project-id'] } : {}),
          ...(e.headers['x-step-up-token'] ? { step_up_token: e.headers['x-step-up-token'] } : {}),
          body: e.body ?? {},
        })),
      }),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'same-origin',
    });
    const text = await response.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (response.status !== 200 || !Array.isArray(body?.results)) return [{ status: response.status, body }];
    return (body.results as { status: number; body: unknown; in_flight?: boolean }[]).map((r) => ({
      status: r.status,
      body: r.body,
      ...(r.in_flight ? { inFlight: true } : {}),
    }));
  };
}
