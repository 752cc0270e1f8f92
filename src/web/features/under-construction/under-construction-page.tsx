// The page of a route whose feature is not built yet: its title, breadcrumb, sibling tabs and a
// clear 「功能建设中」 notice — never blank, never the not-found page.
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { ROUTE_TABLE } from '../../../domain/navigation/route-table.ts';
import { backAction, CONSOLE_HOME, PORTAL_HOME } from '../../../domain/navigation/rules.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import './under-construction.css';

export default function UnderConstructionPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (!handle) return null;
  const group = handle.parent ?? (ROUTE_TABLE.some((r) => r.parent === handle.name) ? handle.name : undefined);
  const tabs = group ? ROUTE_TABLE.filter((r) => r.parent === group && !r.path.includes(':')) : [];
  const isConsole = handle.area.startsWith('console');
  const goBack = () => {
    const action = backAction(handle.meta, location.key !== 'default');
    if (action.kind === 'history') navigate(-1);
    else navigate(action.to);
  };
  return (
    <PageFrame name={handle.name} className="ys-uc" marks={{ 'data-under-construction': 'true' }}>
      <Breadcrumb handle={handle} />
      <h1 className="ys-page__title">{t(handle.meta.title)}</h1>
      {tabs.length > 0 ? (
        <nav className="ys-uc__tabs" aria-label={t('shell:uc.sections')}>
          {tabs.map((r) => (
            <Link key={r.name} to={r.path} className={`ys-uc__tab${r.path === location.pathname ? ' is-active' : ''}`}>
              {t(`routes:${r.name}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      <section className="ys-uc__card" role="status" data-testid="under-construction">
        <ClockCircleOutline className="ys-uc__icon" />
        <h2 className="ys-uc__title">{t('shell:uc.title')}</h2>
        <p className="ys-uc__text">{t('shell:uc.text', { page: t(handle.meta.title) })}</p>
        <div className="ys-uc__actions">
          <Button size="small" onClick={goBack}>
            {t('shell:nav.back')}
          </Button>
          <Button size="small" color="primary" onClick={() => navigate(isConsole ? CONSOLE_HOME : PORTAL_HOME)}>
            {isConsole ? t('shell:nav.console_home') : t('shell:nav.back_portal')}
          </Button>
        </div>
      </section>
    </PageFrame>
  );
}
