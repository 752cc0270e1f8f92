// An instance's disaster recovery and data-lake tabs in the kind's slots (ADR 0060), and the
// instance detail's links: the existing ones (SQL console, accounts, backups) and these two.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InstanceLinks } from './backup-screens.tsx';
import { dpPaths } from './dataprotect-api.ts';
import { DrTab } from './dr-tab.tsx';
import { LakeTab } from './lake-tab.tsx';

export const dataProtectScreens = {
  databaseDetail_disasterTolerant: DrTab,
  databaseDetail_dbToLake: LakeTab,
};

export function InstanceLinksWithDp({ id }: { id: string }) {
  const { t } = useTranslation();
  const link = (to: string, label: string, testId: string) => (
    <Link to={to} className="adm-button adm-button-default adm-button-small ys-sqllink__btn" data-testid={testId}>
      {label}
    </Link>
  );
  return (
    <>
      <InstanceLinks id={id} />
      <div className="ys-sqllink">
        {link(dpPaths.dr(id), t('dataprotect:links.dr'), 'dr-link')}
        {link(dpPaths.lake(id), t('dataprotect:links.lake'), 'lake-link')}
      </div>
    </>
  );
}
