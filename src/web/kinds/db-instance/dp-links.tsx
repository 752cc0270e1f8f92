// The instance detail's links: the existing ones (SQL console, accounts, backups) and the disaster
// recovery and data-lake tabs (ADR 0060). Apart from the tabs, so the outline does not load them.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InstanceLinks } from './backup-links.tsx';
import { dpPaths } from './dataprotect-api.ts';

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
