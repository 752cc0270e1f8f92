// The console menu from the stored menu data: groups with their entries; the current page's
// menu (or the menu it belongs to, `previousMenu`) is highlighted.
import { useState } from 'react';
import { NavLink } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import { menuTarget } from '../../../domain/navigation/rules.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { menuListAtom } from '../../lib/store.ts';
import { MenuIcon } from '../../ui/menu-icon.tsx';

export function SideMenu({ collapsed = false }: { collapsed?: boolean }) {
  const groups = useAtomValue(menuListAtom);
  const handle = usePageHandle();
  const { t } = useTranslation('shell');
  const active = handle?.meta.previousMenu;
  const [closed, setClosed] = useState<Record<string, boolean>>({});
  return (
    <nav className={`ys-menu${collapsed ? ' is-collapsed' : ''}`} aria-label={t('nav.menu')} data-testid="side-menu">
      {groups.map((g) => {
        // Folded to icons there are no group titles to reopen a group with: every entry shows.
        const isClosed = !collapsed && closed[g.code] && !g.menus.some((m) => m.menuUrl === active);
        return (
          <div key={g.code} className="ys-menu__group">
            <button
              type="button"
              className="ys-menu__group-title"
              aria-expanded={!isClosed}
              aria-label={g.name}
              title={g.name}
              onClick={() => setClosed((c) => ({ ...c, [g.code]: !c[g.code] }))}
            >
              <MenuIcon name={g.icon} className="ys-menu__icon" />
              <span className="ys-menu__text">{g.name}</span>
              {isClosed ? <RightOutline className="ys-menu__caret" /> : <DownOutline className="ys-menu__caret" />}
            </button>
            {isClosed
              ? null
              : g.menus.map((m) => (
                  <NavLink
                    key={m.code}
                    to={menuTarget(m.menuUrl)}
                    data-menu-url={m.menuUrl}
                    className={({ isActive }) => `ys-menu__item${isActive || m.menuUrl === active ? ' is-active' : ''}`}
                    title={m.name}
                    aria-label={m.name}
                  >
                    <MenuIcon name={m.icon} code={m.code} className="ys-menu__icon" />
                    <span className="ys-menu__text">{m.name}</span>
                  </NavLink>
                ))}
          </div>
        );
      })}
    </nav>
  );
}
