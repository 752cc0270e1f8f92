// The public portal layout: header (logo 云枢, 产品, 帮助中心, 登录 or 控制台), the page, footer.
import { Link, NavLink, Outlet } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CONSOLE_HOME } from '../../../domain/navigation/rules.ts';
import { loginStateAtom } from '../../lib/store.ts';
import { LanguageSwitch } from '../../ui/shell/language-switch.tsx';
import { DeferredOfflineBanner } from './deferred-offline-banner.tsx';
import './portal-layout.css';

export function PortalLayout() {
  const { t } = useTranslation('shell');
  const loggedIn = useAtomValue(loginStateAtom);
  const year = new Date().getFullYear();
  return (
    <div className="ys-portal">
      <header className="ys-portal__header">
        <div className="ys-portal__bar">
          <Link to="/portal" className="ys-brand ys-brand--portal" aria-label={t('brand_full')}>
            <img src="/icons/icon.svg" alt="" width={28} height={28} className="ys-brand__logo" />
            <span className="ys-brand__name">{t('brand')}</span>
          </Link>
          <nav className="ys-portal__nav" aria-label={t('nav.portal')}>
            <NavLink to="/allProducts">{t('portal_nav.products')}</NavLink>
            <NavLink to="/helpCenter">{t('portal_nav.help')}</NavLink>
          </nav>
          <div className="ys-portal__actions">
            <span className="ys-portal__lang">
              <LanguageSwitch compact />
            </span>
            {loggedIn ? (
              <Link className="ys-btn ys-btn--primary" to={CONSOLE_HOME} data-testid="portal-console">
                {t('portal_nav.console')}
              </Link>
            ) : (
              <Link className="ys-btn ys-btn--primary" to="/login" data-testid="portal-login">
                {t('portal_nav.login')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <DeferredOfflineBanner />
      <main className="ys-portal__main">
        <Outlet />
      </main>
      <footer className="ys-portal__footer">
        <nav className="ys-portal__footer-links" aria-label={t('portal_nav.footer')}>
          <Link to="/about">{t('portal_nav.about')}</Link>
          <Link to="/contact-us">{t('portal_nav.contact')}</Link>
          <Link to="/serviceAnnouncement">{t('portal_nav.announcements')}</Link>
          <Link to="/cloudDynamic">{t('routes:cloudDynamic')}</Link>
          <Link to="/userManual">{t('routes:userManual')}</Link>
          <Link to="/support">{t('routes:support')}</Link>
          <a href="/docs/privacy/manual.html">{t('portal_nav.privacy')}</a>
          <a href="/docs/whitepaper/manual.html">{t('portal_nav.whitepaper')}</a>
        </nav>
        <div className="ys-portal__footer-lang">
          <LanguageSwitch />
        </div>
        <p className="ys-portal__copy">{t('portal_nav.copyright', { year })}</p>
      </footer>
    </div>
  );
}
