// Above a MongoDB instance's detail (documentDatabaseDetail): 「备份管理」, the backup centre's MongoDB
// page (/backupCenter/mongo), where its backup strategies, records and restores are.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../features/resources/kind-meta.ts';
import './doc-instance.css';

export function BackupLink() {
  const { t } = useTranslation();
  return (
    <nav className="ys-doclinks" aria-label={t('kinds:doc_instance.links')} data-testid="doc-links">
      <Link
        to={routePath('backupCenter', { product: 'mongo' }) ?? '/backupCenter/mongo'}
        className="adm-button adm-button-default adm-button-small ys-doclinks__btn"
        data-testid="doc-backup-link"
      >
        {t('kinds:doc_instance.backup_link')}
      </Link>
    </nav>
  );
}
