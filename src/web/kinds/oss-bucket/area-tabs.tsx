// Above the bucket and package lists (the engine's derived screens): the object-storage area's tabs
// — 概览 / 存储桶 / 容量包 / 密钥 / 同步管理 — the same as on the area's own pages, so every page of
// the area is one tap from the others on a phone.
import { Link } from 'react-router';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { useOssTexts } from './bucket-frame.tsx';

const TABS = [
  { key: 'overview', to: '/ossOverview', route: 'ossOverview' },
  { key: 'buckets', to: '/ossBuckets', route: 'ossBuckets' },
  { key: 'packages', to: '/ossPackages', route: 'ossPackages' },
  { key: 'keys', to: '/ossKeys', route: 'ossKeys' },
  { key: 'sync', to: '/syncManage', route: 'syncManage' },
] as const;

export function AreaTabs({ route }: KindPageProps) {
  const { t } = useOssTexts();
  return (
    <nav className="ys-ossb__area" aria-label={t('tabs_label')} data-testid="oss-area-tabs">
      {TABS.map((x) => (
        <Link key={x.key} to={x.to} className="ys-ossb__areatab" aria-current={x.route === route ? 'page' : undefined}>
          {t(`tabs.${x.key}`)}
        </Link>
      ))}
    </nav>
  );
}
