// scanStrategy: the project's scan strategies, each with 立即扫描 (the scan opens at once and follows
// the scheduler) and a form for a new one. strategyDetail: one strategy — what it checks, its hosts,
// its scans — with scan now, edit and delete (refused in words while a scan of it runs).
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { createStrategy, deleteStrategy, getStrategy, listScans, listStrategies, secKeys, startScan, updateStrategy, type ScanStrategy } from './api.ts';
import { ScanLine } from './overview-pages.tsx';
import { Loading, PATHS, Rows, SecFrame, Section, StateTag, when } from './parts.tsx';
import { StrategyForm } from './strategy-form.tsx';

function useStart() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startScan,
    onSuccess: (scan) => {
      void qc.invalidateQueries({ queryKey: secKeys.all });
      navigate(PATHS.scan(scan.id));
    },
  });
}

function hostsText(s: ScanStrategy, t: (k: string, o?: Record<string, unknown>) => string) {
  if (s.host_scope === 'all') return t('host_scope.all');
  const names = s.hosts.map((h) => h.name || t('host_deleted'));
  return names.length > 3 ? t('hosts_more', { names: names.slice(0, 3).join('、'), n: names.length }) : names.join('、');
}

function StrategyCard({ s }: { s: ScanStrategy }) {
  const { t } = useTranslation('security');
  const start = useStart();
  return (
    <li className="ys-sec__card" data-testid="strategy-card">
      <Link to={PATHS.strategy(s.id)} className="ys-sec__name">
        {s.name}
      </Link>
      <Rows
        rows={[
          [t('scan.type'), t(`scan_type.${s.scan_type}`)],
          [t('form.hosts'), hostsText(s, t)],
          [t('form.cycle'), s.next_run_at ? t('cycle_next', { cycle: t(`cycle.${s.cycle}`), at: when(s.next_run_at) }) : t(`cycle.${s.cycle}`)],
          [
            t('strategy.last_scan'),
            s.last_scan ? (
              <Link to={PATHS.scan(s.last_scan.id)} className="ys-sec__taglink">
                <StateTag kind="scan" state={s.last_scan.status} />
                {s.last_scan.finished_at ? <span>{when(s.last_scan.finished_at)}</span> : null}
              </Link>
            ) : (
              t('never_run')
            ),
          ],
        ]}
      />
      <div className="ys-sec__actions">
        <Button color="primary" loading={start.isPending} onClick={() => start.mutate(s.id)} data-testid="scan-now">
          {t('strategy.scan_now')}
        </Button>
      </div>
    </li>
  );
}

export function StrategiesPage() {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const q = useQuery({ queryKey: secKeys.strategies(), queryFn: listStrategies });
  const create = useMutation({
    mutationFn: createStrategy,
    onSuccess: (s) => {
      void qc.invalidateQueries({ queryKey: secKeys.all });
      navigate(PATHS.strategy(s.id));
    },
  });
  const rows = q.data?.data ?? [];
  return (
    <SecFrame
      page="scanStrategy"
      tab="strategies"
      title={t('title.scanStrategy')}
      toolbar={
        adding ? undefined : (
          <Button color="primary" onClick={() => setAdding(true)} data-testid="strategy-add">
            {t('strategy.add')}
          </Button>
        )
      }
    >
      {adding ? (
        <Section title={t('strategy.add')} id="sec-new">
          <StrategyForm busy={create.isPending} onCancel={() => setAdding(false)} onSubmit={(v) => create.mutate(v)} />
        </Section>
      ) : null}
      <Loading q={q} empty={rows.length === 0} emptyText={t('no_strategies')} />
      {rows.length ? (
        <ul className="ys-sec__cards">
          {rows.map((s) => (
            <StrategyCard key={s.id} s={s} />
          ))}
        </ul>
      ) : null}
    </SecFrame>
  );
}

function Detail({ s }: { s: ScanStrategy }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const start = useStart();
  const scans = useQuery({ queryKey: secKeys.scans(s.id), queryFn: () => listScans({ strategy_id: s.id }) });
  const save = useMutation({
    mutationFn: (v: Parameters<typeof updateStrategy>[1]) => updateStrategy(s.id, v),
    onSuccess: (d) => {
      qc.setQueryData(secKeys.strategy(s.id), d);
      void qc.invalidateQueries({ queryKey: secKeys.all });
      setEditing(false);
    },
  });
  const remove = () =>
    void Dialog.confirm({
      title: t('strategy.delete_title', { name: s.name }),
      content: t('strategy.delete_hint'),
      confirmText: t('strategy.delete'),
      cancelText: t('cancel'),
      onConfirm: async () => {
        await deleteStrategy(s.id);
        void qc.invalidateQueries({ queryKey: secKeys.all });
        navigate(PATHS.strategies);
      },
    });
  if (editing)
    return (
      <Section title={t('strategy.edit')} id="sec-edit">
        <StrategyForm strategy={s} busy={save.isPending} onCancel={() => setEditing(false)} onSubmit={(v) => save.mutate(v)} />
      </Section>
    );
  return (
    <>
      <Section>
        <Rows
          rows={[
            [t('form.description'), s.description || '—'],
            [t('scan.type'), t(`scan_type.${s.scan_type}`)],
            [t('form.hosts'), hostsText(s, t)],
            ...(s.scan_type !== 'vuln' ? ([[t('form.items'), s.baseline_items.map((i) => t(`item.${i}`)).join('、')]] as [string, string][]) : []),
            [t('form.cycle'), t(`cycle.${s.cycle}`)],
            [t('strategy.next_run'), when(s.next_run_at)],
            [t('strategy.created_at'), when(s.created_at)],
          ]}
        />
        <div className="ys-sec__actions">
          <Button color="danger" fill="outline" onClick={remove}>
            {t('strategy.delete')}
          </Button>
          <Button onClick={() => setEditing(true)}>{t('strategy.edit')}</Button>
          <Button color="primary" loading={start.isPending} onClick={() => start.mutate(s.id)} data-testid="scan-now">
            {t('strategy.scan_now')}
          </Button>
        </div>
      </Section>
      <Section title={t('strategy.scans')} id="sec-strategy-scans">
        <Loading q={scans} empty={(scans.data?.data.length ?? 0) === 0} emptyText={t('never_run')} />
        <ul className="ys-sec__lines">
          {(scans.data?.data ?? []).map((x) => (
            <ScanLine key={x.id} s={x} />
          ))}
        </ul>
      </Section>
    </>
  );
}

export function StrategyPage() {
  const { t } = useTranslation('security');
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: secKeys.strategy(id), queryFn: () => getStrategy(id) });
  return (
    <SecFrame page="strategyDetail" title={q.data?.name ?? t('title.strategyDetail')} back={{ to: PATHS.strategies, label: t('back_strategies') }}>
      <Loading q={q} />
      {q.data ? <Detail s={q.data} /> : null}
    </SecFrame>
  );
}
