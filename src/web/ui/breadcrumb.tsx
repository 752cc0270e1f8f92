// Breadcrumb of a page: console home › menu group › parent › page.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTE_TABLE } from '../../domain/navigation/route-table.ts';
import { CONSOLE_HOME, PORTAL_HOME } from '../../domain/navigation/rules.ts';
import type { PageHandle } from '../lib/hooks.ts';

export interface Crumb {
  label: string;
  to?: string;
}

export function crumbsOf(handle: PageHandle, t: (key: string) => string): Crumb[] {
  const isConsole = handle.area.startsWith('console');
  const crumbs: Crumb[] = [isConsole ? { label: t('shell:nav.console'), to: CONSOLE_HOME } : { label: t('shell:nav.portal'), to: PORTAL_HOME }];
  if (handle.meta.leader) crumbs.push({ label: t(`shell:areas.${handle.meta.leader}`) });
  const parent = handle.parent ? ROUTE_TABLE.find((r) => r.name === handle.parent) : undefined;
  const menuRoute = handle.meta.previousMenu
    ? ROUTE_TABLE.find((r) => r.path === handle.meta.previousMenu || r.name.endsWith(`_${handle.meta.previousMenu!.slice(1)}`))
    : undefined;
  if (menuRoute && menuRoute.name !== handle.name && menuRoute.name !== parent?.name && !menuRoute.path.includes(':')) {
    crumbs.push({ label: t(`routes:${menuRoute.name}`), to: menuRoute.path });
  }
  if (parent) crumbs.push({ label: t(`routes:${parent.name}`), to: parent.path.includes(':') ? undefined : parent.path });
  crumbs.push({ label: t(handle.meta.title) });
  return crumbs.filter((c, i, all) => i === 0 || c.label !== all[i - 1]!.label);
}

export function Breadcrumb({ handle }: { handle: PageHandle }) {
  const { t } = useTranslation();
  const crumbs = crumbsOf(handle, t);
  return (
    <nav className="ys-breadcrumb" aria-label={t('shell:breadcrumb')}>
      {crumbs.map((c, i) => (
        <span key={`${c.label}-${i}`} className="ys-breadcrumb__item">
          {i > 0 ? (
            <span className="ys-breadcrumb__sep" aria-hidden="true">
              /
            </span>
          ) : null}
          {c.to && i < crumbs.length - 1 ? (
            <Link to={c.to}>{c.label}</Link>
          ) : (
            <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
          )}
        </span>
      ))}
    </nav>
  );
}
