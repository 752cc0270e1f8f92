// The alarm inbox: firing first by level, filters (state, level, vendor), cursor paging, live over
// the event stream. The first page is kept for reading offline.
import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { subscribe } from '../../lib/server-events.ts';
import { saveSnapshot } from '../../offline/snapshots.ts';
import { useSnapshot } from '../../offline/hooks.ts';
import { listAlarms, type AlarmPage } from './api.ts';
import { AlarmCard } from './alarm-parts.tsx';

const STATES = ['', 'firing', 'acknowledged', 'resolved'] as const;
const LEVELS = ['', 'high', 'medium', 'low'] as const;
const VENDORS = ['', 'openstack', 'ali', 'tencent', 'ctyun', 'hwyun', 'vmware'] as const;

export function useAlarmsLive() {
  const qc = useQueryClient();
  useEffect(() => subscribe('alarm.changed', () => void qc.invalidateQueries({ queryKey: ['alarms'] })), [qc]);
}

export function Inbox({ initialState = '', onOpen }: { initialState?: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation('alarms');
  const [state, setState] = useState(initialState);
  const [level, setLevel] = useState('');
  const [vendor, setVendor] = useState('');
  useAlarmsLive();
  const q = useInfiniteQuery({
    queryKey: ['alarms', 'list', state, level, vendor],
    queryFn: ({ pageParam }) =>
      listAlarms({ state: state || undefined, level: level || undefined, vendor: vendor || undefined, __limit: 20, __cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AlarmPage) => last.next_cursor ?? undefined,
  });
  const snapKey = `alarms:inbox:${state}:${level}:${vendor}`;
  const offline = useSnapshot<AlarmPage>(snapKey);
  const first = q.data?.pages[0];
  useEffect(() => {
    if (first) void saveSnapshot(snapKey, first);
  }, [first, snapKey]);
  const pages = q.data?.pages ?? (offline ? [offline.value] : []);
  const rows = pages.flatMap((p) => p.data);
  const chip = (group: string, value: string, current: string, set: (v: string) => void, label: string) => (
    <button key={`${group}-${value}`} type="button" aria-pressed={current === value} className={current === value ? 'is-on' : ''} onClick={() => set(value)}>
      {label}
    </button>
  );
  return (
    <section className="ys-al-inbox" aria-label={t('inbox.title')}>
      <div className="ys-al-filters">
        <div className="ys-al-chips" role="group" aria-label={t('inbox.state')}>
          {STATES.map((s) => chip('state', s, state, setState, s ? t(`states.${s}`) : t('inbox.all_states')))}
        </div>
        <div className="ys-al-chips" role="group" aria-label={t('inbox.level')}>
          {LEVELS.map((l) => chip('level', l, level, setLevel, l ? t(`levels_long.${l}`) : t('inbox.all_levels')))}
        </div>
        <label className="ys-al-select">
          <span>{t('inbox.vendor')}</span>
          <select value={vendor} onChange={(e) => setVendor(e.target.value)}>
            {VENDORS.map((v) => (
              <option key={v} value={v}>
                {v ? t(`kinds:vendors.${v}`) : t('inbox.all_vendors')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="ys-al-count">{t('inbox.count', { n: first?.count ?? offline?.value.count ?? 0 })}</p>
      {q.isPending && !offline ? (
        <div className="ys-al-empty">
          <DotLoading />
        </div>
      ) : q.isError && !offline ? (
        <ErrorBlock status="default" title={t('common.load_failed')} description="" />
      ) : rows.length === 0 ? (
        <div className="ys-al-empty">{t('inbox.empty')}</div>
      ) : (
        <ul className="ys-al-list">
          {rows.map((a) => (
            <AlarmCard key={a.id} alarm={a} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {q.hasNextPage ? (
        <Button block fill="outline" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t('inbox.more')}
        </Button>
      ) : null}
    </section>
  );
}
