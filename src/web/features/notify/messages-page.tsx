// The message centre (siteMessages, siteMessages_unread, siteMessages_all): 未读 / 全部, the five
// categories with their unread counts, 全部已读, 管理 (select and delete after a confirmation) and the
// receiving settings. New messages arrive live over the event stream. A phone shows the list and
// opens a message on its own page (siteMessagesDetail); a tablet or desktop shows it beside the list.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { confirm } from '../../ui/light/confirm.tsx';
import { CapsuleTabs, Tabs } from '../../ui/light/tabs.tsx';
import { Toast } from '../../ui/light/toast.ts';
import { NOTIFY_CATEGORIES } from '../../../domain/notify.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { subscribe } from '../../lib/server-events.ts';
import { unreadCountAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { SplitView } from '../../ui/split-view.tsx';
import { deleteMessages, listMessages, markAllRead, type SiteMessage } from './api.ts';
import { MessageDetail } from './message-detail.tsx';
import { refreshUnread } from './unread.ts';
import { MessageItems, MessageToolbar } from './message-list-parts.tsx';
import './notify.css';
import { notifyKeys } from './query-keys.ts';

const CATEGORY_TABS = ['all', ...NOTIFY_CATEGORIES] as const;

export default function MessagesPage() {
  const { t } = useTranslation('notify');
  const handle = usePageHandle();
  const name = handle?.name ?? 'siteMessages';
  const status: 'unread' | 'all' = name === 'siteMessages_all' ? 'all' : 'unread';
  const navigate = useNavigate();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const [category, setCategory] = useState<string>('all');
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);

  const counts = useQuery({ queryKey: notifyKeys.messageCounts(), queryFn: refreshUnread });
  const query = useInfiniteQuery({
    queryKey: notifyKeys.messageList(status, category),
    queryFn: ({ pageParam, signal }) => listMessages(status, category, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.data), [query.data]);

  // A new message: the list and the counts refresh (the shell's badge refreshes on its own), on the
  // event and whenever the shell's count moves (so the list never lags the bell).
  useEffect(() => subscribe(['site_message.created'], () => void client.invalidateQueries({ queryKey: notifyKeys.messages() })), [client]);
  const bell = useAtomValue(unreadCountAtom);
  useEffect(() => {
    void client.invalidateQueries({ queryKey: notifyKeys.messageLists() });
  }, [bell, client]);

  const byCategory = counts.data ?? {};
  const total = Object.values(byCategory).reduce((a, b) => a + b, 0);
  const countOf = (c: string) => (c === 'all' ? total : (byCategory[c] ?? 0));

  const readAll = async () => {
    await markAllRead();
    Toast.show({ content: t('centre.mark_all_read_done') });
    await refreshUnread();
    await client.invalidateQueries({ queryKey: notifyKeys.messages() });
  };
  const removeSelected = async () => {
    const ids = [...selected];
    const ok = await confirm({
      content: t('centre.delete_confirm', { count: ids.length }),
      confirmText: t('centre.delete'),
      cancelText: t('centre.cancel'),
    });
    if (!ok) return;
    const res = await deleteMessages(ids);
    Toast.show({ content: t('centre.deleted', { count: res.count }) });
    setSelected(new Set());
    setManaging(false);
    if (open && ids.includes(open)) setOpen(null);
    await refreshUnread();
    await client.invalidateQueries({ queryKey: notifyKeys.messages() });
  };
  const openMessage = (m: SiteMessage) => {
    if (managing) {
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(m.id)) next.delete(m.id);
        else next.add(m.id);
        return next;
      });
      return;
    }
    if (bp === 'phone') navigate(`/siteMessagesDetail/${m.id}`);
    else setOpen(m.id);
  };

  const list = (
    <div className="ys-msg-list">
      <Tabs
        activeKey={status}
        onChange={(key) => navigate(key === 'all' ? '/siteMessages/all' : '/siteMessages/unread', { replace: true })}
        className="ys-msg-tabs"
      >
        <Tabs.Tab key="unread" title={t('centre.tab_unread')} />
        <Tabs.Tab key="all" title={t('centre.tab_all')} />
      </Tabs>
      <CapsuleTabs activeKey={category} onChange={setCategory} className="ys-msg-cats">
        {CATEGORY_TABS.map((c) => (
          <CapsuleTabs.Tab
            key={c}
            title={
              <span data-testid={`msg-cat-${c}`}>
                {t(`categories.${c}`)}
                {countOf(c) > 0 && <span className="ys-msg-cats__n">{countOf(c) > 99 ? '99+' : countOf(c)}</span>}
              </span>
            }
          />
        ))}
      </CapsuleTabs>
      <MessageToolbar
        managing={managing}
        allSelected={items.length > 0 && items.every((i) => selected.has(i.id))}
        onSelectAll={(on) => setSelected(on ? new Set(items.map((i) => i.id)) : new Set())}
        selectedCount={selected.size}
        onDelete={() => void removeSelected()}
        onDone={() => (setManaging(false), setSelected(new Set()))}
        total={total}
        onReadAll={() => void readAll()}
        onManage={() => setManaging(true)}
        empty={items.length === 0}
      />
      {query.isPending ? (
        <div className="ys-msg-loading">
          <DotLoading />
        </div>
      ) : items.length === 0 ? (
        <p className="ys-msg-empty">{t(status === 'unread' ? 'centre.empty_unread' : 'centre.empty_all')}</p>
      ) : (
        <MessageItems items={items} managing={managing} selected={selected} open={open} onOpen={openMessage} />
      )}
      {items.length > 0 && (
        <InfiniteScroll hasMore={!!query.hasNextPage} loadMore={async () => void (await query.fetchNextPage())}>
          {query.hasNextPage ? <DotLoading /> : <span className="ys-msg-end">{t('centre.no_more')}</span>}
        </InfiniteScroll>
      )}
    </div>
  );

  return (
    <PageFrame name={name} className="ys-msg-page">
      {bp === 'phone' ? (
        list
      ) : (
        <SplitView
          listWidth={bp === 'desktop' ? 440 : 360}
          list={list}
          detail={
            open ? (
              <MessageDetail key={open} id={open} onDeleted={() => setOpen(null)} />
            ) : (
              <div className="ys-msg-empty">
                <p className="ys-msg-empty__title">{t('centre.title')}</p>
                <p>{t('centre.unread_count', { count: total })}</p>
              </div>
            )
          }
        />
      )}
    </PageFrame>
  );
}
