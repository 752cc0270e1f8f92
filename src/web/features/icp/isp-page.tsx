// isp (not login-protected): ICP filing. Anyone may look up a domain's completed filing; a signed-in
// tenant user also sees the tenant's filings with their progress and files a new one (ispAdd).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { loginUrl } from '../../../domain/navigation/rules.ts';
import { getToken } from '../../lib/session.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { listFilings, lookupDomain, type IcpLookup } from './api.ts';
import { icpKeys } from './query-keys.ts';
import { FilingCard, IcpFrame, PATHS, Rows, when } from './icp-parts.tsx';

function Lookup() {
  const { t } = useTranslation('icp');
  const [domain, setDomain] = useState('');
  const [asked, setAsked] = useState('');
  const q = useQuery({ queryKey: icpKeys.lookup(asked), queryFn: () => lookupDomain(asked), enabled: Boolean(asked), retry: false });
  const found: IcpLookup | undefined = q.data;
  return (
    <section className="ys-icp__section" aria-labelledby="icp-lookup">
      <h2 id="icp-lookup">{t('lookup.title')}</h2>
      <form
        className="ys-icp__lookup"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(domain.trim().toLowerCase());
        }}
      >
        <Input
          aria-label={t('lookup.label')}
          placeholder={t('lookup.placeholder')}
          value={domain}
          onChange={setDomain}
          clearable
          data-testid="icp-lookup-input"
        />
        <Button type="submit" color="primary" loading={q.isFetching} disabled={!domain.trim()}>
          {t('lookup.submit')}
        </Button>
      </form>
      {asked && q.isError ? <p className="ys-icp__muted">{t('lookup.not_found', { domain: asked })}</p> : null}
      {found ? (
        <Rows
          rows={[
            [t('lookup.number'), found.icp_number],
            [t('lookup.sponsor'), found.sponsor_name],
            [t('lookup.nature'), t(`nature.${found.nature}`)],
            [t('lookup.site'), found.site_name],
            [t('lookup.domain'), found.domain],
            [t('lookup.completed_at'), when(found.completed_at)],
          ]}
        />
      ) : null}
    </section>
  );
}

function Mine() {
  const { t } = useTranslation('icp');
  const q = useQuery({ queryKey: icpKeys.list(), queryFn: listFilings });
  const rows = q.data?.data ?? [];
  return (
    <section aria-labelledby="icp-mine">
      <h2 id="icp-mine" className="ys-icp__heading">
        {t('mine.title')}
      </h2>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={rows.length === 0}
        loadingText={t('mine.loading')}
        failedText={t('mine.failed')}
        emptyText={t('mine.empty')}
      />
      {rows.length ? (
        <ul className="ys-icp__cards">
          {rows.map((f) => (
            <FilingCard key={f.id} filing={f} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export default function IspPage() {
  const { t } = useTranslation('icp');
  const signedIn = Boolean(getToken());
  const navigate = useNavigate();
  const add = signedIn ? (
    <Button color="primary" onClick={() => navigate(PATHS.add)} data-testid="icp-add">
      {t('mine.add')}
    </Button>
  ) : undefined;
  return (
    <IcpFrame page="isp" title={t('title')} back={{ to: signedIn ? '/homeOperation' : '/portal', label: t('back') }} toolbar={add}>
      <p className="ys-icp__muted">{t('intro')}</p>
      <Lookup />
      {signedIn ? (
        <Mine />
      ) : (
        <section className="ys-icp__section">
          <p>{t('mine.signin')}</p>
          <Button color="primary" onClick={() => navigate(loginUrl(PATHS.list))}>
            {t('mine.signin_action')}
          </Button>
        </section>
      )}
    </IcpFrame>
  );
}
