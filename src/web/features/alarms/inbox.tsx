// The alarm inbox: firing first by level, filters (state, level, vendor, project, resource), cursor paging, live over
// the event stream. The first page is kept for reading offline.
import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { subscribe } from '../../lib/server-events.ts';
import { tenantAtom, territoriesAtom } from '../../lib/store.ts';
import { saveSnapshot } from '../../offline/snapshots.ts';
import { useSnapshot } from '../../offline/hooks.ts';
import { getMonitored, listAlarms, type AlarmPage } from './api.ts';
import { AlarmCard } from './alarm-parts.tsx';
import { alarmKeys } from './query-keys.ts';

const STATES = ['', 'firing', 'acknowledged', 'resolved'] as const;
const LEVELS = ['', 'high', 'medium', 'low'] as const;
const VENDORS = ['', 'openstack', 'ali', 'tencent', 'ctyun', 'hwyun', 'vmware'] as const;

export function useAlarmsLive() {
  const qc = useQueryClient();
  useEffect(() => subscribe('alarm.changed', () => void qc.invalidateQueries({ queryKey: alarmKeys.all })), [qc]);
}

export function Inbox({ initialState = '', onOpen }: { initialState?: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation('alarms');
  const [state, setState] = useState(initialState);
  const [level, setLevel] = useState('');
  const [vendor, setVendor] = useState('');
  const [project, setProject] = useState('');
  const [resource, setResource] = useState('');
  useAlarmsLive();
  // Project choices: the signed-in user's projects of the working tenant (the scope picker's territories).
  const territories = useAtomValue(territoriesAtom);
  const tenant = useAtomValue(tenantAtom);
  const projects = useMemo(() => territories?.find((tt) => tt.tenant_id === tenant?.id)?.projects ?? [], [territories, tenant]);
  // Resource choices: the monitored resources (of the chosen project, when one is chosen).
  const monitored = useQuery({ queryKey: alarmKeys.monitored(), queryFn: () => getMonitored() });
  const resources = (monitored.data?.data ?? []).filter((r) => r.status !== 'deleted' && (!project || r.project_id === project));
  const pickProject = (id: string) => {
    setProject(id);
    setResource('');
  };
  const q = useInfiniteQuery({
    queryKey: alarmKeys.list(state, level, vendor, project, resource),
    queryFn: ({ pageParam }) =>
      listAlarms({
        state: state || undefined,
        level: level || undefined,
        vendor: vendor || undefined,
        project_id: project || undefined,
        resource_id: resource || undefined,
        __limit: 20,
        __cursor: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AlarmPage) => last.next_cursor ?? undefined,
  });
  const snapKey = `alarms:inbox:${state}:${level}:${vendor}:${project}:${resource}`;
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
        <label className="ys-al-select">
          <span>{t('inbox.project')}</span>
          <select value={project} onChange={(e) => pickProject(e.target.value)}>
            <option value="">{t('inbox.all_projects')}</option>
            {projects.map((p) => (
              <option key={p.project_id} value={p.project_id}>
                {p.project_name_zh || p.project_name}
              </option>
            ))}
          </select>
        </label>
        <label className="ys-al-select">
          <span>{t('inbox.resource')}</span>
          <select value={resource} onChange={(e) => setResource(e.target.value)}>
            <option value="">{t('inbox.all_resources')}</option>
            {resources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
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
        <LoadFailed title={t('common.load_failed')} />
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
