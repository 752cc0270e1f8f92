// 远程连接 above a host's detail: opens the host's web console (/ecsCaeHostConnect/{id}), where the
// server decides whether the host's state allows one and says why not.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import './remote-connect.css';

export function RemoteConnect({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  return (
    <nav className="ys-remote-connect" aria-label={t('kinds:instance.console.label')}>
      <Link className="ys-btn ys-btn--primary ys-remote-connect__btn" to={`/ecsCaeHostConnect/${id}`} data-testid="host-remote-connect">
        {t('kinds:instance.console.open')}
      </Link>
      <span className="ys-remote-connect__hint">{t('kinds:instance.console.hint')}</span>
    </nav>
  );
}
