// /ecsCaeHostConnect/{id}: a cloud host's web console (issue 30, ADR 0070) — the terminal (its own
// lazy chunk with xterm.js) over a WebSocket opened by a single-use ticket, with the other ways to
// connect (SSH on port 22, Remote Desktop on 3389 for Windows) below. The console route without an
// id lists the caller's running hosts to choose from. Reading a host needs a session: a visitor is
// sent to sign in and comes back here.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginUrl } from '../../../domain/navigation/rules.ts';
import { get } from '../../lib/request.ts';
import { loginStateAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './site.css';
import './host-console.css';

const HostTerminal = lazy(() => import('./host-terminal.tsx'));

interface Host {
  id: string;
  name: string;
  status: string;
  spec: { private_ip?: string; image?: string };
}

function useHost(id: string, enabled: boolean) {
  const [host, setHost] = useState<Host | null | 'missing'>(null);
  useEffect(() => {
    if (!enabled || !id) return;
    let live = true;
    get<Host>(`instances/${encodeURIComponent(id)}`, undefined, { isNeedloading: false, notice: false }).then(
      (h) => live && setHost(h),
      () => live && setHost('missing'),
    );
    return () => {
      live = false;
    };
  }, [id, enabled]);
  return host;
}

function Loading() {
  const { t } = useTranslation('site');
  return (
    <p className="ys-state ys-state--loading" role="status">
      <span className="ys-state__spin" aria-hidden="true" />
      {t('state.loading')}
    </p>
  );
}

export default function HostConnectPage() {
  const { t } = useTranslation(['site_tools', 'site']);
  const { id = '' } = useParams();
  const location = useLocation();
  const loggedIn = useAtomValue(loginStateAtom);
  const host = useHost(id, loggedIn);
  if (!loggedIn) {
    return (
      <PageFrame name="ecsCaeHostConnect" className="ys-gitsign">
        <div className="ys-gitsign__box ys-gitsign__box--wide">
          <h1 className="ys-gitsign__title">{t('connect.title')}</h1>
          <p className="ys-gitsign__lead">{t('connect.login_first')}</p>
          <Link className="ys-btn ys-btn--primary ys-btn--block ys-btn--tall" to={loginUrl(location.pathname)}>
            {t('connect.login')}
          </Link>
        </div>
      </PageFrame>
    );
  }
  const found = host && host !== 'missing' ? host : null;
  return (
    <PageFrame name="ecsCaeHostConnect" className="ys-hostconsole">
      <header className="ys-hostconsole__head">
        <Link className="ys-hostconsole__back" to={found ? `/ecsDetail/${found.id}` : '/ecsManage'} aria-label={t('connect.back')}>
          {t('console.back')}
        </Link>
        <h1 className="ys-hostconsole__title">{found ? found.name : t('connect.title')}</h1>
        {found ? (
          <p className="ys-hostconsole__meta">
            {found.spec.private_ip ?? t('connect.none')} · {found.status === 'running' ? t('connect.running') : t('connect.not_running')}
          </p>
        ) : null}
      </header>
      <main className="ys-hostconsole__body">
        {!id ? <HostPicker /> : host === null ? <Loading /> : host === 'missing' ? <Missing /> : <HostConsole host={host} />}
      </main>
    </PageFrame>
  );
}

function Missing() {
  const { t } = useTranslation('site_tools');
  return (
    <p className="ys-state" role="alert" data-testid="page-state-error">
      {t('connect.missing')}
    </p>
  );
}

function HostConsole({ host }: { host: Host }) {
  const { t } = useTranslation('site_tools');
  const windows = (host.spec.image ?? '').startsWith('windows');
  const ip = host.spec.private_ip ?? '';
  return (
    <>
      <Suspense fallback={<Loading />}>
        <HostTerminal hostId={host.id} />
      </Suspense>
      <details className="ys-hostconsole__other">
        <summary className="ys-hostconsole__tip">{t('console.other_ways')}</summary>
        <p className="ys-hostconsole__tip">{windows ? t('connect.rdp') : t('connect.ssh')}</p>
        <pre className="ys-code">{windows ? `mstsc /v:${ip}:3389` : `ssh root@${ip} -p 22`}</pre>
        <p className="ys-hostconsole__tip">{t('connect.hint')}</p>
      </details>
    </>
  );
}

/** The console route without a host: the caller's running hosts, each opening its console. */
function HostPicker() {
  const { t } = useTranslation('site_tools');
  const [hosts, setHosts] = useState<Host[] | null>(null);
  useEffect(() => {
    let live = true;
    get<{ data: Host[] }>('instances', { status: 'running', __limit: 50 }, { isNeedloading: false }).then(
      (r) => live && setHosts(r.data),
      () => live && setHosts([]),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!hosts) return <Loading />;
  return (
    <>
      <p className="ys-hostconsole__tip">{hosts.length ? t('console.pick') : t('console.none_running')}</p>
      <ul className="ys-hostconsole__hosts" data-testid="host-console-picker">
        {hosts.map((h) => (
          <li key={h.id}>
            <Link to={`/ecsCaeHostConnect/${h.id}`}>
              <span>{h.name}</span>
              <small>{h.spec.private_ip ?? ''}</small>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
