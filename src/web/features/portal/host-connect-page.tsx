// /ecsCaeHostConnect/{id}: how to connect to one cloud host — its name, private address, system and
// the command or client to use (SSH on port 22, Remote Desktop on 3389 for Windows). Reading the
// host needs a session: a visitor is sent to sign in and comes back here.
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginUrl } from '../../../domain/navigation/rules.ts';
import { get } from '../../lib/request.ts';
import { loginStateAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './site.css';

interface Host {
  id: string;
  name: string;
  status: string;
  spec: { private_ip?: string; image?: string };
}

export default function HostConnectPage() {
  const { t } = useTranslation(['site_tools', 'site']);
  const { id = '' } = useParams();
  const location = useLocation();
  const loggedIn = useAtomValue(loginStateAtom);
  const [host, setHost] = useState<Host | null | 'missing'>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    get<Host>(`instances/${encodeURIComponent(id)}`, undefined, { isNeedloading: false, notice: false }).then(
      (h) => live && setHost(h),
      () => live && setHost('missing'),
    );
    return () => {
      live = false;
    };
  }, [id, loggedIn]);
  const windows = host && host !== 'missing' && (host.spec.image ?? '').startsWith('windows');
  const ip = host && host !== 'missing' ? (host.spec.private_ip ?? '') : '';
  return (
    <PageFrame name="ecsCaeHostConnect" className="ys-gitsign">
      <div className="ys-gitsign__box ys-gitsign__box--wide">
        <h1 className="ys-gitsign__title">{t('connect.title')}</h1>
        {!loggedIn ? (
          <>
            <p className="ys-gitsign__lead">{t('connect.login_first')}</p>
            <Link className="ys-btn ys-btn--primary ys-btn--block ys-btn--tall" to={loginUrl(location.pathname)}>
              {t('connect.login')}
            </Link>
          </>
        ) : host === null ? (
          <p className="ys-state ys-state--loading" role="status">
            <span className="ys-state__spin" aria-hidden="true" />
            {t('site:state.loading')}
          </p>
        ) : host === 'missing' ? (
          <p className="ys-state" role="alert" data-testid="page-state-error">
            {t('connect.missing')}
          </p>
        ) : (
          <>
            <dl className="ys-kv" data-testid="host-connect">
              <div>
                <dt>{t('connect.name')}</dt>
                <dd>{host.name}</dd>
              </div>
              <div>
                <dt>{t('connect.ip')}</dt>
                <dd>{ip || t('connect.none')}</dd>
              </div>
              <div>
                <dt>{t('connect.state')}</dt>
                <dd>{host.status === 'running' ? t('connect.running') : t('connect.not_running')}</dd>
              </div>
              <div>
                <dt>{t('connect.method')}</dt>
                <dd>{windows ? t('connect.rdp') : t('connect.ssh')}</dd>
              </div>
            </dl>
            <pre className="ys-code">{windows ? `mstsc /v:${ip}:3389` : `ssh root@${ip} -p 22`}</pre>
            <p className="ys-gitsign__lead">{t('connect.hint')}</p>
          </>
        )}
        <p className="ys-gitsign__foot">
          <Link to="/ecsManage">{t('connect.back')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
