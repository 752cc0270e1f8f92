// Parts of the approver's inbox: the scope and filter tabs, the phone's and tablet's card list, the
// batch bar, and the empty or failed state.
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, DotLoading, InfiniteScroll } from 'antd-mobile';
import { CapsuleTabs, Tabs } from '../../ui/light/tabs.tsx';
import { discard, retry } from '../../offline/outbox-queue.ts';
import type { ApprovalItem, Filter, Scope } from './api.ts';
import { ApprovalCard } from './card.tsx';
import type { CardSync } from './sync-state.ts';

export function InboxTabs(p: {
  canGlobal: boolean;
  scope: Scope;
  setScope: (s: Scope) => void;
  filter: Filter;
  setFilter: (f: Filter) => void;
  pendingCount: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="ys-appr-tabs">
      {p.canGlobal && (
        <CapsuleTabs activeKey={p.scope} onChange={(k) => p.setScope(k as Scope)} className="ys-appr-scope">
          <CapsuleTabs.Tab key="mine" title={t('approvals:scope.mine')} />
          <CapsuleTabs.Tab key="global" title={t('approvals:scope.global')} />
        </CapsuleTabs>
      )}
      <Tabs activeKey={p.filter} onChange={(k) => p.setFilter(k as Filter)}>
        <Tabs.Tab
          key="pending"
          title={p.scope === 'mine' && p.pendingCount ? t('approvals:inbox.pending_count', { n: p.pendingCount }) : t('approvals:filter.pending')}
        />
        <Tabs.Tab key="decided" title={t('approvals:filter.decided')} />
      </Tabs>
    </div>
  );
}

export function InboxCards(p: {
  shown: ApprovalItem[];
  limit: number;
  sync: Map<string, CardSync>;
  now: number;
  nickname: string | null;
  selecting: boolean;
  selected: Set<string>;
  setSelected: (f: (prev: Set<string>) => Set<string>) => void;
  onOpen: (item: ApprovalItem) => void;
  onApprove: (item: ApprovalItem) => void;
  onReject: (item: ApprovalItem) => void;
  onEditReason: (item: ApprovalItem, s: CardSync) => void;
  hasMore: boolean;
  hasNextPage: boolean;
  loadMore: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { shown, limit, sync } = p;
  return (
    <div className="ys-appr-list" data-testid="approval-list">
      {(limit < shown.length ? shown.slice(0, limit) : shown).map((item) => {
        const s = sync.get(item.id);
        return (
          <ApprovalCard
            key={item.id}
            item={item}
            sync={s}
            now={p.now}
            nickname={p.nickname}
            selecting={p.selecting}
            selected={p.selected.has(item.id)}
            onToggle={() =>
              p.setSelected((prev) => {
                const next = new Set(prev);
                if (next.has(item.id)) next.delete(item.id);
                else next.add(item.id);
                return next;
              })
            }
            onOpen={() => p.onOpen(item)}
            onApprove={() => p.onApprove(item)}
            onReject={() => p.onReject(item)}
            onDismiss={(entryId) => void discard(entryId)}
            onEditReason={() => s && p.onEditReason(item, s)}
            onRetry={(entryId) => void retry(entryId)}
          />
        );
      })}
      <InfiniteScroll hasMore={p.hasMore} loadMore={p.loadMore}>
        {p.hasNextPage ? <DotLoading /> : <span className="ys-appr-end">{t('approvals:inbox.end')}</span>}
      </InfiniteScroll>
    </div>
  );
}

export function BatchToggle({ selecting, onToggle }: { selecting: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ys-appr-toolbar">
      <span className="ys-appr-toolbar__hint">{selecting ? t('approvals:batch.hint') : ''}</span>
      <Button size="mini" fill="outline" onClick={onToggle} data-testid="batch-toggle">
        {selecting ? t('approvals:batch.done') : t('approvals:batch.start')}
      </Button>
    </div>
  );
}

export function BatchBar(p: { chosenCount: number; selectable: ApprovalItem[]; setSelected: (s: Set<string>) => void; onApprove: () => void }) {
  const { t } = useTranslation();
  const { chosenCount, selectable } = p;
  return (
    <div className="ys-appr-batchbar" data-testid="batch-bar">
      <Checkbox
        checked={chosenCount > 0 && chosenCount === selectable.length}
        indeterminate={chosenCount > 0 && chosenCount < selectable.length}
        onChange={(on) => p.setSelected(on ? new Set(selectable.map((i) => i.id)) : new Set())}
        data-testid="batch-all"
      >
        {t('approvals:batch.all')}
      </Checkbox>
      <Button color="primary" size="small" disabled={chosenCount === 0} onClick={p.onApprove} data-testid="batch-approve">
        {t('approvals:batch.approve', { n: chosenCount })}
      </Button>
    </div>
  );
}

/**
 * An empty or failed list: a title, a line and an action, without the kit's ErrorBlock (its four
 * pictures weighed 10 KB gz on the inbox's first load).
 */
export function InboxState({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="ys-appr-state" role="status">
      <div className="ys-appr-state__title">{title}</div>
      {description ? <div className="ys-appr-state__description">{description}</div> : null}
      {children}
    </div>
  );
}
