// The 账号管理 tab of a document (MongoDB) or cache (Redis) database (ADR 0076): the managed
// databases' accounts panel on /api/v1/docinstances/:id/accounts or /api/v1/cacheinstances/:id/accounts
// — MongoDB's 只读/读写/管理 on typed database names, Redis' 只读/读写 on key prefixes. While the
// instance is not running the list shows and the changes do not.
import { useTranslation } from 'react-i18next';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import { statusLabel } from '../../features/resources/kind-meta.ts';
import { AccountsPanel } from '../db-instance/accounts-page.tsx';
import { accountCalls } from '../db-instance/accounts-api.ts';

const FAMILIES = {
  doc_instance: { engine: 'mongodb', calls: accountCalls('docinstances') },
  cache_instance: { engine: 'redis', calls: accountCalls('cacheinstances') },
} as const;

export function CloudAccountsTab({ kind, id, status }: DetailTabProps) {
  const { t } = useTranslation();
  const family = FAMILIES[kind as keyof typeof FAMILIES];
  if (!family) return null;
  return (
    <div className="ys-dba ys-dba--tab" data-testid="cloud-accounts">
      <AccountsPanel
        id={id}
        engine={family.engine}
        calls={family.calls}
        writable={status === 'running'}
        notice={t('kinds:db_instance.accounts.not_running_cloud', { status: statusLabel(t, status) })}
      />
    </div>
  );
}
