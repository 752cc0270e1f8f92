// The tab bar over usbManageTab's two lists: the devices (the tab route itself shows them) and the hubs.
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../features/resources/kind-meta.ts';

const USB_TABS = ['usbManageTab_usbManage', 'usbManageTab_usbManageHub'] as const;

export function UsbTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onTabRoot = pathname === routePath('usbManageTab');
  return (
    <nav className="ys-cdn-tabs" aria-label={t('kinds:usb_device.name')} data-testid="usb-tabs">
      {USB_TABS.map((route, i) => (
        <NavLink
          key={route}
          to={routePath(route)!}
          end
          className={({ isActive }) => `ys-cdn-tabs__tab${isActive || (onTabRoot && i === 0) ? ' is-active' : ''}`}
        >
          {t(`kinds:usb_tabs.${route.split('_')[1]}`)}
        </NavLink>
      ))}
    </nav>
  );
}
