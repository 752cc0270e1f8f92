// What the /outbox screen shows for a conflicted approval decision: the request's status now, who
// decided and when (web/app passes this to the UI kit's OutboxPage as renderServerState).
import type { ReactNode } from 'react';
import type { OutboxEntry } from '../../offline/outbox-rules.ts';
import { ServerState } from './card.tsx';
import { currentOf, idOfRef } from './sync-state.ts';

export function renderApprovalServerState(entry: OutboxEntry): ReactNode | undefined {
  if (!idOfRef(entry.ref)) return undefined;
  const current = currentOf(entry.serverState);
  if (!current) return undefined;
  return <ServerState current={current} description={entry.lastError?.description} />;
}
