// Smart DNS's own pieces (the rest are the kinds' derived screens): a domain's records by
// resolution line (smartDns/domain/:id) and, above the domain's derived overview
// (smartDns/domainDetail/:id), the way to them.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SMART_LINES } from '../../../domain/kinds/smart-dns/smart-dns.kind.ts';
import { fullKindOf } from '../../features/resources/full-kind.ts';
import { getResource } from '../../features/resources/api.ts';
import { optionLabel, routePath } from '../../features/resources/kind-meta.ts';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { ChildList } from '../../features/resources/detail/child-list.tsx';
import { resourceKeys } from '../../features/resources/query-keys.ts';

/** smartDns/domain/:id: the domain's records, one resolution line at a time or all of them. */
export function SmartDnsDomain({ id }: { id: string }) {
  const { t } = useTranslation();
  const def = fullKindOf('smart_dns_domain')!;
  const recordDef = fullKindOf('smart_dns_record')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  const [line, setLine] = useState<string>('');
  if (q.isError)
    return (
      <div className="ys-empty" data-testid="detail-missing">
        {t('resources:detail.missing')}
      </div>
    );
  const domain = q.data;
  return (
    <div className="ys-dnsadv" data-testid="smart-dns-domain">
      <section className="ys-dnsadv__head">
        <h1 className="ys-natd__name" data-testid="detail-name">
          {domain?.name ?? ''}
        </h1>
        {domain ? <StatusBadge def={def} status={domain.status} /> : null}
        <Link to={routePath('smartDns_domainDetail', { id }) ?? '/smartDns'} className="ys-dnsadv__link">
          {t('kinds:dns_adv.overview')}
        </Link>
      </section>
      <div className="ys-dnsadv__lines" role="tablist" data-testid="smart-lines">
        {['', ...SMART_LINES].map((l) => (
          <button
            key={l || 'all'}
            type="button"
            role="tab"
            aria-selected={line === l}
            className={`ys-dnsadv__chip${line === l ? ' is-active' : ''}`}
            onClick={() => setLine(l)}
          >
            {l ? `${optionLabel(t, recordDef, 'line', l)} ${String(domain?.spec[`line_${l}`] ?? 0)}` : t('kinds:dns_adv.all_lines')}
          </button>
        ))}
      </div>
      <ChildList
        key={line}
        kind="smart_dns_record"
        parentParam="zone_id"
        parentId={id}
        canAdd={domain?.status === 'enabled'}
        filters={line ? { line } : {}}
        cardKeys={['line', 'type', 'value', 'ttl']}
      />
    </div>
  );
}

/** Above the generic overview of a smart DNS domain: the way to its records. */
export function SmartDnsDetailLinks({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="ys-rlist__toolbar">
      <Link
        to={routePath('smartDns_domain', { id }) ?? '/smartDns'}
        className="adm-button adm-button-primary adm-button-small"
        data-testid="smart-records-link"
      >
        {t('kinds:dns_adv.open_records')}
      </Link>
    </div>
  );
}
