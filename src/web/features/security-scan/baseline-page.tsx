// baselineCheck: each host's latest baseline check — pass rate per item across hosts, and per host the
// items that failed (a host never checked is named so).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CardTable } from '../../ui/card-table.tsx';
import { getBaseline, secKeys } from './api.ts';
import { Loading, PATHS, SecFrame, Section, when } from './parts.tsx';

export function BaselinePage() {
  const { t } = useTranslation('security');
  const q = useQuery({ queryKey: secKeys.baseline(), queryFn: getBaseline });
  const d = q.data;
  const hosts = d ? [...new Map(d.data.map((r) => [r.host_id, r.host_name]))] : [];
  const items = d ? d.items.filter((i) => d.data.some((r) => r.item === i && r.result !== 'not_applicable')) : [];
  return (
    <SecFrame page="baselineCheck" tab="baseline" title={t('title.baselineCheck')}>
      <Loading q={q} empty={hosts.length === 0} emptyText={t('no_baseline')} />
      {d && hosts.length ? (
        <>
          <Section title={t('baseline.by_item')} id="sec-items">
            <CardTable
              rows={items}
              rowKey={(i) => i}
              testid="baseline-item"
              columns={[
                { key: 'item', label: t('baseline.item'), wrap: true, render: (i) => <strong>{t(`item.${i}`)}</strong> },
                {
                  key: 'rate',
                  label: t('baseline.pass_rate'),
                  render: (i) => {
                    const rows = d.data.filter((r) => r.item === i && r.result !== 'not_applicable');
                    const pass = rows.filter((r) => r.result === 'pass').length;
                    return t('baseline.rate_value', { pass, total: rows.length });
                  },
                },
                {
                  key: 'failed',
                  label: t('baseline.failed_hosts'),
                  wrap: true,
                  render: (i) =>
                    d.data
                      .filter((r) => r.item === i && r.result === 'fail')
                      .map((r) => r.host_name)
                      .join('、') || '—',
                },
              ]}
            />
          </Section>
          <Section title={t('baseline.by_host')} id="sec-by-host">
            <CardTable
              rows={hosts}
              rowKey={([id]) => id}
              testid="baseline-host"
              columns={[
                { key: 'host', label: t('col.host'), render: ([id, name]) => <Link to={PATHS.host(id)}>{name}</Link> },
                {
                  key: 'failed',
                  label: t('baseline.failed_items'),
                  wrap: true,
                  render: ([id]) =>
                    d.data
                      .filter((r) => r.host_id === id && r.result === 'fail')
                      .map((r) => t(`item.${r.item}`))
                      .join('、') || t('baseline.all_passed'),
                },
                { key: 'at', label: t('baseline.checked_at'), render: ([id]) => when(d.checked_at[id]) },
              ]}
            />
          </Section>
        </>
      ) : null}
    </SecFrame>
  );
}
