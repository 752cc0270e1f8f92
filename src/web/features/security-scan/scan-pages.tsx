// leakHistory: the scans, newest first, with their state and what they found. leakHistoryDetail: one
// scan — while queued or running it is read again every two seconds (the scheduler moves it; a read
// never does) — its hosts (an unreachable one says so), its findings by score and its baseline.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ACTIVE_SCAN_STATES } from '../../../domain/security-scan/security-scan.ts';
import { CardTable } from '../../ui/card-table.tsx';
import { getScan, listScans, secKeys, type ScanDetail } from './api.ts';
import { ScanLine } from './overview-pages.tsx';
import { Counts, Loading, PATHS, Rows, SecFrame, Section, SeverityTag, StateTag, when } from './parts.tsx';

export function HistoryPage() {
  const { t } = useTranslation('security');
  const q = useQuery({ queryKey: secKeys.scans(), queryFn: () => listScans() });
  const rows = q.data?.data ?? [];
  return (
    <SecFrame page="leakHistory" tab="history" title={t('title.leakHistory')}>
      <Loading q={q} empty={rows.length === 0} emptyText={t('no_scans')} />
      {rows.length ? (
        <Section>
          <ul className="ys-sec__lines">
            {rows.map((s) => (
              <ScanLine key={s.id} s={s} />
            ))}
          </ul>
        </Section>
      ) : null}
    </SecFrame>
  );
}

function Body({ s }: { s: ScanDetail }) {
  const { t } = useTranslation('security');
  const failed = s.baseline.filter((b) => b.result === 'fail');
  return (
    <>
      <Section>
        <div className="ys-sec__tags">
          <StateTag kind="scan" state={s.status} />
        </div>
        <Rows
          rows={[
            [t('scan.strategy'), s.strategy_id ? <Link to={PATHS.strategy(s.strategy_id)}>{s.strategy_name}</Link> : s.strategy_name],
            [t('scan.type'), t(`scan_type.${s.scan_type}`)],
            [t('scan.trigger'), t(`trigger.${s.trigger}`)],
            [t('scan.created_at'), when(s.created_at)],
            [t('scan.started_at'), when(s.started_at)],
            [t('scan.finished_at'), when(s.finished_at)],
            [t('scan.hosts'), t('scanned_of', { n: s.scanned_hosts, total: s.host_count })],
            [t('scan.found'), <Counts c={s.vulns} />],
          ]}
        />
      </Section>
      {s.hosts.length ? (
        <Section title={t('scan.host_results')} id="sec-scan-hosts">
          <CardTable
            rows={s.hosts}
            rowKey={(h) => h.host_id}
            testid="scan-host"
            columns={[
              { key: 'name', label: t('col.host'), render: (h) => <Link to={PATHS.host(h.host_id)}>{h.host_name || t('host_deleted')}</Link> },
              { key: 'reach', label: t('col.result'), render: (h) => (h.reachable ? t('reachable') : t('unreachable')) },
              ...(s.scan_type !== 'baseline'
                ? [{ key: 'vulns', label: t('col.found'), render: (h: ScanDetail['hosts'][number]) => (h.reachable ? <Counts c={h.vulns} /> : '—') }]
                : []),
              ...(s.scan_type !== 'vuln'
                ? [
                    {
                      key: 'baseline',
                      label: t('col.baseline'),
                      render: (h: ScanDetail['hosts'][number]) => (h.reachable ? t('baseline_pf', { p: h.baseline_passed, f: h.baseline_failed }) : '—'),
                    },
                  ]
                : []),
            ]}
          />
        </Section>
      ) : null}
      {s.status === 'completed' && s.scan_type !== 'baseline' ? (
        <Section title={t('scan.findings_n', { n: s.findings.length })} id="sec-scan-findings">
          <ul className="ys-sec__lines" data-testid="scan-findings">
            {s.findings.map((f) => (
              <li key={`${f.host_id}-${f.cve_id}`} className="ys-sec__line" data-testid="scan-finding">
                <span className="ys-sec__link">
                  <span className="ys-sec__title">{f.title}</span>
                  <span className="ys-sec__sub">
                    {f.cve_id} · {f.host_name}
                  </span>
                </span>
                <SeverityTag severity={f.severity} score={f.score} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {failed.length ? (
        <Section title={t('scan.baseline_failed_n', { n: failed.length })} id="sec-scan-baseline">
          <Rows
            rows={[...new Set(failed.map((b) => b.host_name))].map((h) => [
              h,
              failed
                .filter((b) => b.host_name === h)
                .map((b) => t(`item.${b.item}`))
                .join('、'),
            ])}
          />
        </Section>
      ) : null}
    </>
  );
}

export function ScanPage() {
  const { t } = useTranslation('security');
  const { id = '' } = useParams();
  const q = useQuery({
    queryKey: secKeys.scan(id),
    queryFn: () => getScan(id),
    refetchInterval: (query) => (query.state.data && (ACTIVE_SCAN_STATES as readonly string[]).includes(query.state.data.status) ? 2000 : false),
  });
  return (
    <SecFrame
      page="leakHistoryDetail"
      title={q.data ? t('scan.title_of', { name: q.data.strategy_name }) : t('title.leakHistoryDetail')}
      back={{ to: PATHS.history, label: t('back_history') }}
    >
      <Loading q={q} />
      {q.data ? <Body s={q.data} /> : null}
    </SecFrame>
  );
}
