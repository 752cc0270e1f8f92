// Unknown paths (after the 32-hex-id rule found no route): data-page="not-found".
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame.tsx';
import './not-found.css';

export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  return (
    <PageFrame name="not-found" className="ys-nf">
      <div className="ys-nf__code" aria-hidden="true">
        404
      </div>
      <h1 className="ys-nf__title">{t('not_found.title')}</h1>
      <p className="ys-nf__text">{t('not_found.text')}</p>
      <code className="ys-nf__path">{location.pathname}</code>
      <div className="ys-nf__actions">
        <Link className="ys-btn ys-btn--primary" to="/portal">
          {t('nav.back_portal')}
        </Link>
        <Link className="ys-btn" to="/homeOperation">
          {t('nav.console_home')}
        </Link>
      </div>
    </PageFrame>
  );
}
