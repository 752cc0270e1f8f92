// One alarm: what fired, the chart around its time, who has it, and what to do — acknowledge,
// claim (我来处理), silence, and the resource's own operations through the resource engine
// (resource-actions.tsx; its guards decide, a refusal comes back as the engine's message). Read offline from the last copy seen.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { confirm } from '../../ui/light/confirm.tsx';
import { ActionSheet } from '../../ui/light/overlay.tsx';
import { Toast } from '../../ui/light/toast.ts';
import { minutesUntilTomorrowNine } from '../../../domain/alarms/evaluate.ts';
import { subscribe } from '../../lib/server-events.ts';
import { rememberResource, saveSnapshot } from '../../offline/snapshots.ts';
import { useSnapshot } from '../../offline/hooks.ts';
import { ackAlarm, claimAlarm, getAlarm, getResourceRow, resourceAction, silenceAlarm, type AlarmDetail, type LinkScope } from './api.ts';
import { LevelTag, StateTag } from './alarm-parts.tsx';
import { AlarmFacts } from './alarm-facts.tsx';
import { MetricView } from './metric-view.tsx';
import { fullTime } from './format.ts';
import { alarmKeys } from './query-keys.ts';

const SETTLED = new Set(['running', 'stopped', 'error', 'deleted']);

// The resource's operations come after the alarm has drawn (they read every kind's list model).
const ResourceActions = lazy(() => import('./resource-actions.tsx'));

export function AlarmDetailView({ id, autoAck, onClose, scope }: { id: string; autoAck: boolean; onClose: () => void; scope?: LinkScope }) {
  const { t } = useTranslation('alarms');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: alarmKeys.detail(id),
    queryFn: () => getAlarm(id, scope),
    // The event stream follows the working scope; a deep link into another scope polls while its host is between states.
    refetchInterval: (query) => (scope && query.state.data?.resource && !SETTLED.has(query.state.data.resource.status) ? 2000 : false),
  });
  const offline = useSnapshot<AlarmDetail>(`alarm:${id}`);
  useEffect(() => {
    if (q.data) void saveSnapshot(`alarm:${id}`, q.data);
  }, [q.data, id]);
  useRememberHost(q.data, scope);
  // The alarm and its host change under our eyes: alarm events and the host's status events.
  useEffect(
    () =>
      subscribe(['alarm.changed', 'resource.status'], (e) => {
        if (e.id === id || (e.type === 'resource.status' && e.id === q.data?.resource_id)) void qc.invalidateQueries({ queryKey: alarmKeys.detail(id) });
      }),
    [id, q.data?.resource_id, qc],
  );
  const refresh = () => qc.invalidateQueries({ queryKey: alarmKeys.all });
  const act = useMutation({
    mutationFn: (f: () => Promise<unknown>) => f(),
    onSuccess: () => {
      Toast.show({ content: t('detail.done'), position: 'bottom' });
      void refresh();
    },
  });
  const a = q.data ?? offline?.value;
  const asked = useRef(false);
  const [silencing, setSilencing] = useState(false);
  useEffect(() => {
    if (!autoAck || asked.current || !q.data || q.data.state !== 'firing') return;
    asked.current = true;
    void confirm({
      content: t('detail.ack_confirm', { name: q.data.resource_name }),
      confirmText: t('actions.ack'),
      cancelText: t('common.cancel'),
    }).then((ok) => ok && act.mutate(() => ackAlarm(id, scope)));
  }, [autoAck, q.data, id, t, act, scope]);

  if (!a) {
    return q.isError ? <LoadFailed title={t('common.load_failed')} /> : <DotLoading />;
  }
  const firedMs = new Date(a.fired_at).getTime();
  const end = Math.min(Date.now(), firedMs + 30 * 60_000);
  const open = a.state !== 'resolved';
  const silence = (key: string | number) => {
    const minutes = key === 'tomorrow' ? minutesUntilTomorrowNine(new Date()) : Number(key);
    act.mutate(() => silenceAlarm(id, minutes, scope));
  };
  const runAction = (collection: string, action: string) => act.mutate(() => resourceAction(collection, a.resource!.id, action, scope));
  return (
    <article className="ys-al-detail" data-alarm-state={a.state}>
      <div className="ys-al-detail__bar">
        <Button size="small" fill="none" onClick={onClose} className="ys-al-back">
          {t('detail.back')}
        </Button>
        {!q.data && offline ? <span className="ys-al-offline">{t('detail.offline_copy', { at: fullTime(offline.savedAt) })}</span> : null}
      </div>
      <header className="ys-al-detail__head">
        <LevelTag level={a.level} />
        <StateTag state={a.state} />
        <h2>
          {a.resource?.detail_path ? (
            <Link to={a.resource.detail_path} data-testid="alarm-resource-link">
              {a.resource_name}
            </Link>
          ) : (
            a.resource_name
          )}
        </h2>
      </header>
      <AlarmFacts alarm={a} />
      {open ? (
        <div className="ys-al-actions">
          <Button color="primary" disabled={a.state !== 'firing' || act.isPending} onClick={() => act.mutate(() => ackAlarm(id, scope))}>
            {t('actions.ack')}
          </Button>
          <Button disabled={act.isPending} onClick={() => act.mutate(() => claimAlarm(id, scope))}>
            {t('actions.claim')}
          </Button>
          <Button disabled={act.isPending} onClick={() => setSilencing(true)}>
            {t('actions.silence')}
          </Button>
        </div>
      ) : null}
      <h3 className="ys-al-sub">{t('detail.chart')}</h3>
      <MetricView kind={a.resource_kind} resourceIds={[a.resource_id]} initialMetric={a.metric} initialRange="1h" end={end} marker={firedMs} scope={scope} />
      {a.resource ? (
        <Suspense fallback={null}>
          <ResourceActions resource={a.resource} busy={act.isPending} run={runAction} />
        </Suspense>
      ) : null}
      <h3 className="ys-al-sub">{t('detail.history')}</h3>
      <ol className="ys-al-history">
        {a.history.map((h) => (
          <li key={h.id}>
            <time>{fullTime(h.at)}</time> {t(`changes.${h.change}`)}
            {h.user_name ? ` · ${h.user_name}` : ''}
          </li>
        ))}
      </ol>
      <ActionSheet
        visible={silencing}
        cancelText={t('common.cancel')}
        actions={[
          { key: '30', text: t('silence.m30') },
          { key: '120', text: t('silence.h2') },
          { key: 'tomorrow', text: t('silence.tomorrow') },
        ]}
        onAction={(x) => silence(x.key)}
        onClose={() => setSilencing(false)}
        closeOnAction
      />
    </article>
  );
}

// The alarm's host joins the recently viewed resources, as its own detail page records it, so it stays readable offline.
function useRememberHost(alarm: AlarmDetail | undefined, scope: LinkScope | undefined) {
  const hostId = alarm?.resource?.id;
  const hostKind = alarm?.resource?.kind;
  const linkTenant = scope?.tenant;
  const linkProject = scope?.project ?? null;
  useEffect(() => {
    if (!hostId || !hostKind) return;
    void (async () => {
      const def = (await import('../../../domain/kinds/registry.ts')).kindOf(hostKind);
      if (!def) return;
      const row = await getResourceRow(def.collection, hostId, linkTenant ? { tenant: linkTenant, project: linkProject } : undefined);
      await rememberResource({ id: row.id, kind: def.kind, route: def.routes.detail ?? def.routes.list, title: row.name, data: row });
    })().catch(() => undefined);
  }, [hostId, hostKind, linkTenant, linkProject]);
}
