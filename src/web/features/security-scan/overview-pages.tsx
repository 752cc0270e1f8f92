// leakOverview: open findings by severity, hosts at risk, the repair states, the latest baseline, the
// five most severe open findings and the latest scans. operationalData: found and fixed per month,
// the repair rate and time, open findings by component, the scans run.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { getOperations, getOverview, secKeys, type Finding, type ScanSummary } from './api.ts';
import { Counts, Loading, PATHS, Rows, SecFrame, Section, SeverityTag, StateTag, when } from './parts.tsx';

export function FindingLine({ f, showHost = true }: { f: Finding; showHost?: boolean }) {
  const { t } = useTranslation('security');
  return (
    <li className="ys-sec__line" data-testid="finding">
      <Link to={PATHS.finding(f.id)} className="ys-sec__link">
        <span className="ys-sec__title">{f.title}</span>
        <span className="ys-sec__sub">
          {f.cve_id}
          {showHost ? ` · ${f.host_name}` : ''}
        </span>
      </Link>
      <span className="ys-sec__tags">
        <SeverityTag severity={f.severity} score={f.score} />
        {f.status !== 'open' ? <StateTag kind="vuln" state={f.status} /> : null}
        <span className="ys-sec__sr">{t(`vuln_state.${f.status}`)}</span>
      </span>
    </li>
  );
}

export function ScanLine({ s }: { s: ScanSummary }) {
  const { t } = useTranslation('security');
  return (
    <li className="ys-sec__line" data-testid="scan">
      <Link to={PATHS.scan(s.id)} className="ys-sec__link">
        <span className="ys-sec__title">{s.strategy_name}</span>
        <span className="ys-sec__sub">
          {t(`trigger.${s.trigger}`)} · {when(s.finished_at ?? s.created_at)} · {t('host_n', { n: s.host_count })}
        </span>
      </Link>
      <span className="ys-sec__tags">
        <StateTag kind="scan" state={s.status} />
        {s.status === 'completed' ? <Counts c={s.vulns} /> : null}
      </span>
    </li>
  );
}

export function OverviewPage() {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const q = useQuery({ queryKey: secKeys.overview(), queryFn: getOverview });
  const o = q.data;
  return (
    <SecFrame
      page="leakOverview"
      tab="overview"
      title={t('title.leakOverview')}
      toolbar={
        <Button color="primary" onClick={() => navigate(PATHS.strategies)}>
          {t('overview.scan_now')}
        </Button>
      }
    >
      <Loading q={q} />
      {o ? (
        <>
          <div className="ys-sec__stats" data-testid="severity-stats">
            {(['critical', 'high', 'medium', 'low'] as const).map((k) => (
              <Link key={k} to={`${PATHS.manage}?severity=${k}`} className={`ys-sec__stat ys-sec__stat--${k}`}>
                <strong>{o.open[k]}</strong>
                <span>{t(`severity.${k}`)}</span>
              </Link>
            ))}
          </div>
          <Section title={t('overview.hosts')} id="sec-hosts">
            <Rows
              rows={[
                [t('overview.hosts_total'), t('host_n', { n: o.hosts.total })],
                [t('overview.hosts_scanned'), t('host_n', { n: o.hosts.scanned })],
                [t('overview.hosts_at_risk'), t('host_n', { n: o.hosts.at_risk })],
                [t('overview.baseline'), t('overview.baseline_value', { passed: o.baseline.passed, failed: o.baseline.failed })],
                [t('overview.states'), (['open', 'fixed', 'verified', 'ignored'] as const).map((s) => `${t(`vuln_state.${s}`)} ${o.states[s]}`).join('　')],
              ]}
            />
          </Section>
          <Section title={t('overview.top')} id="sec-top">
            {o.top.length ? (
              <ul className="ys-sec__lines">
                {o.top.map((f) => (
                  <FindingLine key={f.id} f={f} />
                ))}
              </ul>
            ) : (
              <p className="ys-sec__muted">{t('none_open')}</p>
            )}
          </Section>
          <Section title={t('overview.recent')} id="sec-recent">
            <ul className="ys-sec__lines">
              {o.recent.map((s) => (
                <ScanLine key={s.id} s={s} />
              ))}
            </ul>
          </Section>
        </>
      ) : null}
    </SecFrame>
  );
}

export function OperationsPage() {
  const { t } = useTranslation('security');
  const q = useQuery({ queryKey: secKeys.operations(), queryFn: getOperations });
  const d = q.data;
  const peak = Math.max(1, ...(d?.months ?? []).flatMap((m) => [m.found, m.fixed]));
  return (
    <SecFrame page="operationalData" tab="operations" title={t('title.operationalData')}>
      <Loading q={q} />
      {d ? (
        <>
          <div className="ys-sec__stats">
            <div className="ys-sec__stat">
              <strong>{d.repair_rate.toFixed(1)}%</strong>
              <span>{t('ops.repair_rate')}</span>
            </div>
            <div className="ys-sec__stat">
              <strong>{d.mean_repair_hours === null ? '—' : t('ops.hours', { n: d.mean_repair_hours })}</strong>
              <span>{t('ops.mean_repair')}</span>
            </div>
            <div className="ys-sec__stat">
              <strong>{d.scans.total}</strong>
              <span>{t('ops.scans', { completed: d.scans.completed, failed: d.scans.failed })}</span>
            </div>
          </div>
          <Section title={t('ops.monthly')} id="sec-months">
            <ul className="ys-sec__bars" aria-label={t('ops.monthly')}>
              {d.months.map((m) => (
                <li key={m.month}>
                  <span className="ys-sec__bar-label">{m.month}</span>
                  <span className="ys-sec__bar-rows">
                    <span className="ys-sec__bar-row">
                      <span className="ys-sec__bar ys-sec__bar--found" style={{ width: `${(m.found / peak) * 70}%` }} />
                      <span className="ys-sec__bar-value">{t('ops.found_n', { n: m.found })}</span>
                    </span>
                    <span className="ys-sec__bar-row">
                      <span className="ys-sec__bar ys-sec__bar--fixed" style={{ width: `${(m.fixed / peak) * 70}%` }} />
                      <span className="ys-sec__bar-value">{t('ops.fixed_n', { n: m.fixed })}</span>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t('ops.components')} id="sec-components">
            {d.by_component.length ? (
              <Rows rows={d.by_component.map((c) => [c.component, t('ops.open_n', { n: c.open })])} />
            ) : (
              <p className="ys-sec__muted">{t('none_open')}</p>
            )}
          </Section>
        </>
      ) : null}
    </SecFrame>
  );
}
