// Pure rules of the offline outbox: what a queued write looks like, in which order entries are
// replayed, and which state an answer moves an entry to. No Dexie and no DOM here, so the rules
// are unit-tested in node and shared by the store (outbox.ts) and the screens.

import { DECISION_BATCH_MAX, DECISION_URL } from '../../domain/approvals/decision-batch.ts';

export type OutboxState = 'pending' | 'sending' | 'sent' | 'conflict' | 'needs_edit' | 'failed';
export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxError {
  status: number;
  title: string;
  description: string;
}

export interface OutboxEntry {
  /** Autoincrement key; absent only before the entry is stored. */
  id?: number;
  idempotencyKey: string;
  method: OutboxMethod;
  url: string;
  body: unknown;
  /** Only the scope headers (X-Tenant-Id, X-Project-Id); token and language are added when sent. */
  headers: Record<string, string>;
  /** What the user sees in the outbox list, already translated when queued. */
  label: string;
  /** Optional reference a feature uses to find its own entries, e.g. `approval:<id>`. */
  ref?: string;
  /** Who queued it (e.g. the username); another user signed in on the device never sends it. */
  owner?: string;
  createdAt: number;
  updatedAt: number;
  state: OutboxState;
  attempts: number;
  lastError: OutboxError | null;
  /** The server's answer body when the write conflicted (the current state of the thing). */
  serverState: unknown;
  /** Files that go up first (e.g. a work order's photos), each once under its own derived key. */
  files?: OutboxFile[];
  /** Where the files go (multipart, field `file`) and which body field takes their ids. */
  upload?: { url: string; field: string };
  /**
   * Held until this time (Date.now()): the replay leaves the entry alone before it, so it can still
   * be withdrawn (an approval's 撤销 window). Stored with the entry, so leaving or reloading the page
   * keeps the decision and it goes out once the time has come. 0 or absent: send when its turn comes.
   */
  notBefore?: number;
}

/** A file kept in IndexedDB until it is uploaded; `uploadedId` is the server's id once it is. */
export interface OutboxFile {
  name: string;
  type: string;
  blob: Blob;
  uploadedId?: string;
}

/** The Idempotency-Key of an entry's `index`-th file: derived, so a retried upload lands once. */
export const fileKey = (entryKey: string, index: number) => `${entryKey}-f${index}`;

/** How many of an entry's files are up. */
export function fileProgress(entry: Pick<OutboxEntry, 'files'>): { done: number; total: number } {
  const files = entry.files ?? [];
  return { done: files.filter((f) => f.uploadedId).length, total: files.length };
}

/** The body sent after the files: the entry's body with the uploaded ids in the upload field. */
export function bodyWithFiles(entry: Pick<OutboxEntry, 'body' | 'files' | 'upload'>): unknown {
  if (!entry.upload || !entry.files?.length) return entry.body;
  return { ...(entry.body as Record<string, unknown>), [entry.upload.field]: entry.files.map((f) => f.uploadedId) };
}

/** What a feature hands to `enqueue`. */
export interface OutboxWrite {
  method: OutboxMethod;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  label: string;
  ref?: string;
  owner?: string;
  files?: { name: string; type: string; blob: Blob }[];
  upload?: { url: string; field: string };
  /** Hold the entry until then (OutboxEntry.notBefore). */
  notBefore?: number;
  /** The key, when the feature made it beforehand (to send the write ahead before it is stored). */
  idempotencyKey?: string;
}

/** An HTTP answer from the injected sender. A network failure is a rejected promise instead. */
export interface SendResult {
  status: number;
  body: any;
  /** The server said the same key is still being processed (not a real conflict). */
  inFlight?: boolean;
}

/**
 * Scope headers an entry keeps, and the step-up proof a costly approval was queued with (ADR 0023,
 * good for 5 minutes); everything else is decided at send time.
 */
export const KEPT_HEADERS = ['x-tenant-id', 'x-project-id', 'x-step-up-token'] as const;

export function keepScopeHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if ((KEPT_HEADERS as readonly string[]).includes(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/** A fresh idempotency key: a v4 UUID without dashes (32 hex characters). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function newEntry(write: OutboxWrite, now: number, key = write.idempotencyKey ?? newIdempotencyKey()): OutboxEntry {
  return {
    idempotencyKey: key,
    method: write.method,
    url: write.url,
    body: write.body ?? null,
    headers: keepScopeHeaders(write.headers),
    label: write.label,
    ...(write.ref ? { ref: write.ref } : {}),
    ...(write.owner ? { owner: write.owner } : {}),
    ...(write.files?.length && write.upload ? { files: write.files.map((f) => ({ name: f.name, type: f.type, blob: f.blob })), upload: write.upload } : {}),
    ...(write.notBefore ? { notBefore: write.notBefore } : {}),
    createdAt: now,
    updatedAt: now,
    state: 'pending',
    attempts: 0,
    lastError: null,
    serverState: null,
  };
}

/** Still held at `now` (its undo window is open): not sent yet, and it may still be withdrawn. */
export const isHeld = (entry: Pick<OutboxEntry, 'notBefore'>, now: number): boolean => (entry.notBefore ?? 0) > now;

/**
 * Entries to send in this run: pending ones, strictly oldest first (creation time, then id). With
 * an owner given, entries queued by someone else wait for their owner to sign in again. An entry
 * still held (`notBefore` after `now`) waits, and so do the later entries of the same `ref`.
 */
export function replayOrder(entries: readonly OutboxEntry[], owner?: string | null, now = Date.now()): OutboxEntry[] {
  const held = new Set<string>();
  return entries
    .filter((e) => e.state === 'pending' && (!owner || !e.owner || e.owner === owner))
    .sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0))
    .filter((e) => {
      const wait = isHeld(e, now) || (e.ref !== undefined && held.has(e.ref));
      if (wait && e.ref !== undefined) held.add(e.ref);
      return !wait;
    });
}

/** When the first held pending entry may go (for the replay's wake-up), or null when none is held. */
export function nextRelease(entries: readonly OutboxEntry[], now = Date.now()): number | null {
  let first: number | null = null;
  for (const e of entries) if (e.state === 'pending' && isHeld(e, now) && (first === null || e.notBefore! < first)) first = e.notBefore!;
  return first;
}

/** Headers the sender puts on the wire for an entry (besides token and language). */
export function entryHeaders(entry: OutboxEntry): Record<string, string> {
  return { ...entry.headers, 'Content-Type': 'application/json', 'Idempotency-Key': entry.idempotencyKey };
}

/** The change an answer makes to an entry, and whether the run goes on to the next entry. */
export interface Outcome {
  patch: Partial<Pick<OutboxEntry, 'state' | 'attempts' | 'lastError' | 'serverState'>>;
  /** Stop the run: the next entries wait for the network or a new session. */
  stop: boolean;
}

function errorOf(status: number, body: any): OutboxError {
  const title = typeof body?.title === 'string' ? body.title : '';
  const description = typeof body?.description === 'string' ? body.description : '';
  return { status, title, description };
}

/**
 * Maps an answer to the entry's next state. 2xx sent; 409 conflict keeping the server's body;
 * 400/422 needs an edit; 5xx failed (attempts counted); 401/428 (session gone), 408 and 429 stay
 * pending and stop the run so nothing is sent out of order; other 4xx failed. A write that is
 * still in flight under the same key stays pending too.
 */
export function outcomeOf(entry: OutboxEntry, result: SendResult): Outcome {
  const { status, body } = result;
  const attempts = entry.attempts + 1;
  if (status >= 200 && status < 300) return { patch: { state: 'sent', attempts, lastError: null }, stop: false };
  const lastError = errorOf(status, body);
  if (result.inFlight) return { patch: { state: 'pending', attempts, lastError }, stop: true };
  if (status === 409) return { patch: { state: 'conflict', attempts, lastError, serverState: body ?? null }, stop: false };
  if (status === 400 || status === 422) return { patch: { state: 'needs_edit', attempts, lastError }, stop: false };
  if (status === 401 || status === 428 || status === 408 || status === 429) {
    return { patch: { state: 'pending', attempts, lastError }, stop: true };
  }
  return { patch: { state: 'failed', attempts, lastError }, stop: false };
}

/** A network failure (the sender rejected): the entry stays pending and the run stops. */
export function networkFailureOutcome(entry: OutboxEntry, message: string): Outcome {
  return { patch: { state: 'pending', attempts: entry.attempts + 1, lastError: { status: 0, title: '', description: message } }, stop: true };
}

/** States a user can act on in the outbox screen. */
export const OPEN_STATES: readonly OutboxState[] = ['pending', 'sending', 'conflict', 'needs_edit', 'failed'];

/** Whether the user may put an entry back in the queue. Sent entries are final. */
export function canRetry(entry: Pick<OutboxEntry, 'state'>): boolean {
  return entry.state === 'failed' || entry.state === 'conflict' || entry.state === 'needs_edit' || entry.state === 'pending';
}

/**
 * Putting an entry back in the queue. The server keeps its decided answers (409, 400, 422, other
 * 4xx) under the idempotency key and replays them, so such an entry gets a fresh key; after a 5xx,
 * 429 or network failure the server kept nothing and the same key is safe and right to reuse.
 */
export function retryPatch(entry: OutboxEntry, now: number, freshKey: () => string = newIdempotencyKey): Partial<OutboxEntry> {
  const status = entry.lastError?.status ?? 0;
  const serverDecided =
    entry.state === 'conflict' ||
    entry.state === 'needs_edit' ||
    (entry.state === 'failed' && status >= 400 && status < 500 && status !== 408 && status !== 429);
  return {
    state: 'pending',
    updatedAt: now,
    lastError: null,
    serverState: null,
    ...(serverDecided ? { idempotencyKey: freshKey() } : {}),
  };
}

/**
 * The queued decisions from `start` on that go together in one batch request: consecutive
 * approval decisions (POST …/approve or …/reject), at most `max`. Other writes go one by one.
 */
export function batchGroup(queue: readonly OutboxEntry[], start: number, max = DECISION_BATCH_MAX): OutboxEntry[] {
  const out: OutboxEntry[] = [];
  for (let i = start; i < queue.length && out.length < max; i += 1) {
    const e = queue[i]!;
    if (e.method !== 'POST' || !DECISION_URL.test(e.url)) break;
    out.push(e);
  }
  return out;
}
