// leakHost: the scope's hosts with their open findings by severity, failed baseline items and the
// last scan. leakHostDetail: one host — its findings (every state) and its latest baseline check.
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CardTable } from '../../ui/card-table.tsx';
import { getHost, listHosts, secKeys } from './api.ts';
import { FindingTable } from './finding-pages.tsx';
import { Counts, Loading, PATHS, Rows, SecFrame, Section, StateTag, useOsName, when } from './parts.tsx';

export function HostsPage() {
  const { t } = useTranslation('security');
  const osName = useOsName();
  const q = useQuery({ queryKey: secKeys.hosts(), queryFn: listHosts });
  const rows = q.data?.data ?? [];
  return (
    <SecFrame page="leakHost" tab="hosts" title={t('title.leakHost')}>
      <Loading q={q} empty={rows.length === 0} emptyText={t('no_hosts')} />
      {rows.length ? (
        <CardTable
          rows={rows}
          rowKey={(h) => h.id}
          testid="sec-host"
          columns={[
            {
              key: 'name',
              label: t('col.host'),
              render: (h) => (
                <Link to={PATHS.host(h.id)} className="ys-sec__name">
                  {h.name}
                </Link>
              ),
            },
            { key: 'os', label: t('col.os'), render: (h) => osName(h.image) },
            { key: 'status', label: t('col.host_status'), render: (h) => t(`host_status.${h.status}`, { defaultValue: t('host_status.other') }) },
            { key: 'open', label: t('col.open'), render: (h) => (h.last_scanned_at ? <Counts c={h.open} /> : '—') },
            { key: 'baseline', label: t('col.baseline_failed'), render: (h) => (h.last_scanned_at ? t('failed_n', { n: h.baseline_failed }) : '—') },
            { key: 'scanned', label: t('col.last_scanned'), render: (h) => (h.last_scanned_at ? when(h.last_scanned_at) : t('never_scanned')) },
          ]}
        />
      ) : null}
    </SecFrame>
  );
}

export function HostPage() {
  const { t } = useTranslation('security');
  const { id = '' } = useParams();
  const osName = useOsName();
  const q = useQuery({ queryKey: secKeys.host(id), queryFn: () => getHost(id) });
  const h = q.data;
  return (
    <SecFrame page="leakHostDetail" title={h?.name ?? t('title.leakHostDetail')} back={{ to: PATHS.hosts, label: t('back_hosts') }}>
      <Loading q={q} />
      {h ? (
        <>
          <Section>
            <Rows
              rows={[
                [t('col.os'), osName(h.image)],
                [t('col.host_status'), t(`host_status.${h.status}`, { defaultValue: t('host_status.other') })],
                [t('col.open'), <Counts c={h.open} />],
                [t('col.last_scanned'), h.last_scanned_at ? when(h.last_scanned_at) : t('never_scanned')],
              ]}
            />
          </Section>
          <Section title={t('host.findings')} id="sec-host-findings">
            {h.findings.length ? <FindingTable rows={h.findings} showHost={false} /> : <p className="ys-sec__muted">{t('none_found')}</p>}
          </Section>
          <Section title={t('host.baseline')} id="sec-host-baseline">
            {h.baseline.length ? (
              <Rows rows={h.baseline.map((b) => [t(`item.${b.item}`), <StateTag kind="baseline" state={b.result} />])} />
            ) : (
              <p className="ys-sec__muted">{t('no_baseline')}</p>
            )}
          </Section>
        </>
      ) : null}
    </SecFrame>
  );
}
