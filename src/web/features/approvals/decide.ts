// Decisions go through the outbox, online or not: each gets its own Idempotency-Key, shows at once
// as 待同步 on its card and is sent in order (at once when online, when the network returns
// otherwise). One path means a decision lands exactly once whether the train is in a tunnel or not.
// Batch approve uses the batch endpoint when online; offline it queues one entry per request.
// The outbox comes with the inbox statically, because a decision taken offline right after the
// first load — before the service worker has cached anything — must still be stored
// (approvals-offline.e2e.ts); but without Dexie (outbox-queue.ts writes the same object store
// through IndexedDB itself until Dexie can be fetched, ADR 0027 addendum of 2026-11-25). A write
// makes the outbox "in use" (outbox-gate.ts), so the cards' sync states are live at once.
import { enqueue, editAndRequeue, listOutbox } from '../../offline/outbox-queue.ts';
import { newIdempotencyKey, type OutboxEntry, type OutboxWrite } from '../../offline/outbox-rules.ts';
import { readSnapshot, saveSnapshot } from '../../offline/snapshots.ts';
import { scopeHeaders, RequestError } from '../../lib/request.ts';
import { getUsername } from '../../lib/session.ts';
import { batchApprove, type ApprovalItem, type BatchResult } from './api.ts';
import { refOf, type DecisionAction } from './sync-state.ts';
import { withUndo } from './undo.ts';
import { needsStepUpForCost } from '../../../domain/step-up.ts';

/**
 * A costly request needs a fresh step-up (passkey or password) before it is approved; the server
 * checks the proof (X-Step-Up-Token). The app gives the dialog (ui/step-up.tsx) through `setStepUp`
 * so this module stays free of React. Null: the approver cancelled.
 */
type StepUp = (items: Pick<ApprovalItem, 'estimated_cost_fen'>[]) => Promise<string | null>;
let stepUp: StepUp = async () => null;
export function setStepUp(fn: StepUp) {
  stepUp = fn;
}
const costly = (items: Pick<ApprovalItem, 'estimated_cost_fen'>[]) => items.some((i) => needsStepUpForCost(i.estimated_cost_fen ?? 0));

const itemKey = (id: string) => `approval-item:${id}`;

/** The card as the approver saw it, so a conflict can still be shown once the list moved on. */
export const rememberItem = (item: ApprovalItem) => saveSnapshot(itemKey(item.id), item).catch(() => undefined);
export const rememberedItem = async (id: string) => (await readSnapshot<ApprovalItem>(itemKey(id)))?.value;

export function decisionBody(item: Pick<ApprovalItem, 'current_level'>, action: DecisionAction, reason?: string) {
  // The level seen: if the request moved on meanwhile, the server answers 409 instead of deciding
  // a level the approver never looked at.
  return action === 'reject' ? { reason: (reason ?? '').trim(), level: item.current_level } : { level: item.current_level };
}

const queueing = new Set<string>();

/**
 * The step-up proof a decision needs: null where none is needed, false when the approver cancelled
 * the step-up (nothing is decided then).
 */
async function proofFor(item: ApprovalItem, action: DecisionAction): Promise<string | null | false> {
  if (action !== 'approve' || !costly([item])) return null;
  return (await stepUp([item])) ?? false;
}

/** A decision as the outbox stores it; its key is made now (undo.ts may send it before it is stored). */
function decisionWrite(item: ApprovalItem, action: DecisionAction, label: string, reason: string | undefined, proof: string | null, notBefore?: number) {
  return {
    method: 'POST' as const,
    url: `/api/v1/approvals/${item.id}/${action}`,
    body: decisionBody(item, action, reason),
    headers: { ...scopeHeaders(), ...(proof ? { 'x-step-up-token': proof } : {}) },
    label,
    ref: refOf(item.id),
    owner: getUsername() ?? undefined,
    idempotencyKey: newIdempotencyKey(),
    ...(notBefore ? { notBefore } : {}),
  } satisfies OutboxWrite;
}

/** Stores a decision's write; a request whose decision still waits keeps that one (answered instead). */
async function store(item: ApprovalItem, write: OutboxWrite): Promise<OutboxEntry | null> {
  if (queueing.has(item.id)) return null;
  queueing.add(item.id);
  try {
    const waiting = await listOutbox({ ref: refOf(item.id), states: ['pending', 'sending'] });
    if (waiting.length) return waiting[0]!;
    await rememberItem(item);
    return await enqueue(write);
  } finally {
    queueing.delete(item.id);
  }
}

/** Queues one decision; a second tap (or swipe) on a request whose decision still waits is ignored. */
export async function queueDecision(item: ApprovalItem, action: DecisionAction, label: string, reason?: string): Promise<OutboxEntry | null> {
  if (queueing.has(item.id)) return null;
  const proof = await proofFor(item, action);
  if (proof === false) return null;
  return store(item, decisionWrite(item, action, label, reason, proof));
}

/**
 * 通过 from the inbox or from a request's detail, one way for both: the step-up first where the cost
 * asks for it, then the decision goes into the outbox at once, held there for the undo window, and
 * its bar shows (undo.ts). `shown`: called once the bar is up (the detail goes back to the list).
 * Answers the stored entry, or null when nothing was queued (step-up cancelled, already waiting).
 */
export async function approveWithUndo(item: ApprovalItem, text: string, label: string, shown?: () => void): Promise<OutboxEntry | null> {
  if (queueing.has(item.id)) return null;
  const proof = await proofFor(item, 'approve');
  if (proof === false) return null;
  const stored = withUndo(
    item.id,
    text,
    (notBefore) => {
      const write = decisionWrite(item, 'approve', label, undefined, proof, notBefore);
      return { write, stored: store(item, write) };
    },
    scopeHeaders,
  );
  shown?.();
  return stored;
}

/** A rejected reason corrected after a 400/422: the same entry with the new body, back in line. */
export const requeueReject = (entryId: number, item: Pick<ApprovalItem, 'current_level'>, reason: string) =>
  editAndRequeue(entryId, decisionBody(item, 'reject', reason));

export type BatchOutcome = { kind: 'sent'; succeeded: number; failed: BatchResult[] } | { kind: 'queued'; count: number };

/**
 * Online: one POST batch-approve. No answer (offline, dropped connection): one outbox entry per
 * request; if the batch did reach the server, those replays come back as decided by this approver
 * and the cards say so instead of showing a conflict.
 */
export async function approveMany(items: ApprovalItem[], labelOf: (item: ApprovalItem) => string): Promise<BatchOutcome> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    try {
      let proof: string | null = null;
      if (costly(items)) {
        proof = await stepUp(items);
        if (!proof) return { kind: 'sent', succeeded: 0, failed: [] };
      }
      const answer = await batchApprove(
        items.map((i) => i.id),
        newIdempotencyKey(),
        proof,
      );
      return { kind: 'sent', succeeded: answer.succeeded, failed: answer.results.filter((r) => !r.ok) };
    } catch (err) {
      if (!(err instanceof RequestError) || err.status !== 0) throw err;
    }
  }
  for (const item of items) await queueDecision(item, 'approve', labelOf(item));
  return { kind: 'queued', count: items.length };
}

const detailKey = (id: string) => `approval:${id}`;
/** As many as one GET /api/v1/approvals/details answers (MAX_DETAILS of domain/approvals/approval.schema.ts, not imported: it would bring zod to the inbox). */
const CACHED_DETAILS = 30;

/**
 * Keeps the details of the open requests of the inbox as it is read, so each opens offline too
 * (the detail's own snapshot key). Only those missing or changed since their copy are fetched, all
 * in one request (GET /api/v1/approvals/details: 30 one after the other took ~30 round trips on a
 * phone), and nothing when the network is gone. Answers how many were stored.
 */
export async function cacheDetails(items: ApprovalItem[], fetchDetails: (ids: string[]) => Promise<{ data: { id: string }[] }>): Promise<number> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 0;
  const stale: string[] = [];
  for (const item of items.slice(0, CACHED_DETAILS)) {
    const snap = await readSnapshot<{ updated_at?: string }>(detailKey(item.id));
    if (!snap || snap.value.updated_at !== item.updated_at) stale.push(item.id);
  }
  if (!stale.length) return 0;
  const { data } = await fetchDetails(stale);
  for (const d of data) await saveSnapshot(detailKey(d.id), d);
  return data.length;
}
