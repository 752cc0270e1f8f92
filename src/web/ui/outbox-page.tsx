// The outbox screen (/outbox): queued writes that are waiting, conflicted, need an edit or failed,
// with retry and discard, and the server's state for conflicts. Nothing leaves this list unless it
// was delivered or the user discarded it.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Empty, Space, Tag } from 'antd-mobile';
import { Dialog } from './light/overlay.tsx';
import { useOnline, useOutbox } from '../offline/hooks.ts';
import { discard, requestReplay, retry } from '../offline/outbox.ts';
import { formatDateTime } from '../../domain/time-format.ts';
import { OPEN_STATES, fileProgress, type OutboxEntry, type OutboxState } from '../offline/outbox-rules.ts';

const STATE_COLOR: Record<OutboxState, string> = {
  pending: 'primary',
  sending: 'primary',
  sent: 'success',
  conflict: 'warning',
  needs_edit: 'warning',
  failed: 'danger',
};

// Entries needing the user come first, then those waiting; each group oldest first.
const GROUP_ORDER: readonly OutboxState[] = ['conflict', 'needs_edit', 'failed', 'sending', 'pending'];

function formatTime(ms: number, _lang?: string): string {
  return formatDateTime(ms);
}

/** Scalar fields of the server's answer besides its title and description, shown as they are. */
function serverFields(state: unknown): [string, string][] {
  if (!state || typeof state !== 'object') return [];
  return Object.entries(state as Record<string, unknown>)
    .filter(([k, v]) => k !== 'title' && k !== 'description' && v !== null && v !== undefined)
    .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
}

export interface OutboxPageProps {
  /**
   * Renders the server's current state of a conflicted entry (e.g. the approvals feature shows the
   * status label and who decided). Returning undefined falls back to the raw fields.
   */
  renderServerState?: (entry: OutboxEntry) => ReactNode | undefined;
  /** Hide the heading when the surrounding frame's nav bar already shows the title. */
  showTitle?: boolean;
}

export function OutboxPage({ renderServerState, showTitle = true }: OutboxPageProps = {}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const entries = useOutbox({ states: OPEN_STATES });
  const [syncing, setSyncing] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const [toDiscard, setToDiscard] = useState<OutboxEntry | null>(null);
  const sorted = [...entries].sort((a, b) => GROUP_ORDER.indexOf(a.state) - GROUP_ORDER.indexOf(b.state));

  async function syncNow() {
    setSyncing(true);
    setHint(null);
    try {
      const summary = await requestReplay();
      if (summary?.stopped === 'network') setHint(t('offline:outbox.still_offline'));
    } finally {
      setSyncing(false);
    }
  }

  async function confirmDiscard() {
    const entry = toDiscard;
    setToDiscard(null);
    if (entry && !(await discard(entry.id!))) setHint(t('offline:outbox.busy'));
  }

  return (
    <div data-page="outbox" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: showTitle ? 'space-between' : 'flex-end', gap: 8 }}>
        {showTitle && <h1 style={{ fontSize: 18, margin: 0 }}>{t('offline:outbox.title')}</h1>}
        <Button size="small" color="primary" loading={syncing} disabled={!online || entries.length === 0} onClick={syncNow} data-testid="outbox-sync">
          {t('offline:outbox.sync_now')}
        </Button>
      </div>
      {!online && <div style={{ color: '#ad6800', fontSize: 13 }}>{t('offline:outbox.offline_hint')}</div>}
      {hint && (
        <div role="status" style={{ color: '#ad6800', fontSize: 13 }}>
          {hint}
        </div>
      )}
      {sorted.length === 0 && <Empty description={t('offline:outbox.empty')} />}
      {sorted.map((entry) => {
        const custom = entry.state === 'conflict' ? renderServerState?.(entry) : undefined;
        const fields = entry.state === 'conflict' && custom === undefined ? serverFields(entry.serverState) : [];
        return (
          <Card
            key={entry.id}
            data-testid="outbox-entry"
            data-state={entry.state}
            title={entry.label}
            extra={
              <Tag color={STATE_COLOR[entry.state]} fill="outline">
                {t(`offline:state.${entry.state}`)}
              </Tag>
            }
          >
            <div style={{ fontSize: 13, color: 'var(--adm-color-weak, #999)', display: 'flex', flexDirection: 'column', gap: 4 }}>
              <span>{t('offline:outbox.queued_at', { time: formatTime(entry.createdAt, i18n.language) })}</span>
              {entry.attempts > 0 && <span>{t('offline:outbox.attempts', { n: entry.attempts })}</span>}
              {entry.files?.length ? <span data-testid="outbox-files">{t('offline:outbox.files_progress', fileProgress(entry))}</span> : null}
              {entry.lastError && (entry.lastError.description || entry.lastError.status === 0) && (
                <span data-testid="outbox-error" style={{ color: entry.state === 'pending' ? undefined : 'var(--adm-color-danger, #ff3141)' }}>
                  {entry.lastError.status === 0 ? t('offline:outbox.network_error') : entry.lastError.description}
                </span>
              )}
            </div>
            {entry.state === 'conflict' && (
              <div
                data-testid="outbox-server-state"
                style={{ marginTop: 8, padding: 8, background: 'var(--adm-color-fill-content, #f5f5f5)', borderRadius: 6, fontSize: 13 }}
              >
                <div style={{ fontWeight: 500, marginBottom: 4 }}>{t('offline:outbox.server_state')}</div>
                {custom}
                {custom === undefined && fields.length === 0 && <div>{entry.lastError?.description || t('offline:outbox.server_state_unknown')}</div>}
                {fields.map(([k, v]) => (
                  <div key={k} style={{ display: 'flex', gap: 8 }}>
                    <span style={{ color: 'var(--adm-color-weak, #999)', minWidth: 88 }}>{k}</span>
                    <span style={{ wordBreak: 'break-all' }}>{v}</span>
                  </div>
                ))}
              </div>
            )}
            {entry.state === 'needs_edit' && <div style={{ marginTop: 8, fontSize: 13 }}>{t('offline:outbox.needs_edit_hint')}</div>}
            {entry.state !== 'sending' && (
              <Space style={{ marginTop: 12 }}>
                {entry.state !== 'pending' && (
                  <Button size="mini" color="primary" fill="outline" data-testid="outbox-retry" onClick={() => void retry(entry.id!)}>
                    {t('offline:outbox.retry')}
                  </Button>
                )}
                <Button size="mini" color="danger" fill="outline" data-testid="outbox-discard" onClick={() => setToDiscard(entry)}>
                  {t('offline:outbox.discard')}
                </Button>
              </Space>
            )}
          </Card>
        );
      })}
      {/* The light dialog (ADR 0034): the outbox opens offline, and the kit's would bring its animation library into the precache. */}
      <Dialog
        visible={toDiscard !== null}
        content={toDiscard ? t('offline:outbox.discard_confirm', { label: toDiscard.label }) : null}
        onClose={() => setToDiscard(null)}
        closeOnMaskClick
        actions={[
          [
            { key: 'cancel', text: t('offline:outbox.cancel'), onClick: () => setToDiscard(null) },
            { key: 'discard', text: t('offline:outbox.discard'), danger: true, bold: true, onClick: () => void confirmDiscard() },
          ],
        ]}
      />
    </div>
  );
}
