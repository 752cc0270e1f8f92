// New work orders and feedback go through the outbox (sent at once when online, exactly once when the
// network returns). The outbox and its database (Dexie, ~30 KB gz) load when the form is sent, not with
// the form or the lists (issue 28's first screens): the service worker precaches src/web/offline/, so
// the import is answered offline too.
import { scopeHeaders } from '../../lib/request.ts';
import { getUsername } from '../../lib/session.ts';
import type { OutboxWrite } from '../../offline/outbox-rules.ts';
import { OPINIONS_URL, WORKORDERS_URL, WORKORDER_UPLOAD_URL } from '../../../domain/desk.ts';
import type { FeedbackCreate, WorkorderCreate } from '../../../domain/desk-schemas.ts';
import { FEEDBACK_REF, WORKORDER_REF } from './api.ts';

async function enqueue(write: OutboxWrite) {
  const { enqueue: put } = await import('../../offline/outbox.ts');
  return put(write);
}

/** Queues a new work order and its files (already compressed); sent at once when online. */
export function queueWorkorder(body: Omit<WorkorderCreate, 'attachment_ids'>, files: { name: string; type: string; blob: Blob }[], label: string) {
  return enqueue({
    method: 'POST',
    url: WORKORDERS_URL,
    body,
    headers: scopeHeaders(),
    label,
    ref: WORKORDER_REF,
    owner: getUsername() ?? undefined,
    files,
    upload: { url: WORKORDER_UPLOAD_URL, field: 'attachment_ids' },
  });
}

export function queueFeedback(body: FeedbackCreate, label: string) {
  return enqueue({ method: 'POST', url: OPINIONS_URL, body, headers: scopeHeaders(), label, ref: FEEDBACK_REF, owner: getUsername() ?? undefined });
}
