// Above an instance's derived detail (databaseDetail/outline/:id): the way into its SQL console,
// for the engines the console reaches, and to its accounts and databases (ADR 0055). The detail's own query fills the row (same key).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { getResource } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { isSqlConsoleEngine } from '../../../domain/kinds/db-instance/db-instance.rules.ts';
import { consolePath } from './sql-paths.ts';
import { adminPaths } from './accounts-api.ts';
import './sql-console.css';

export function SqlConsoleLink({ id }: { id: string }) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  if (!q.data || !isSqlConsoleEngine(q.data.spec.engine)) return null;
  return (
    <div className="ys-sqllink">
      <Link to={consolePath(id)} className="adm-button adm-button-primary adm-button-small ys-sqllink__btn" data-testid="sql-console-link">
        {t('kinds:db_instance.console.open')}
      </Link>
      <Link to={adminPaths.accounts(id)} className="adm-button adm-button-default adm-button-small ys-sqllink__btn" data-testid="accounts-link">
        {t('kinds:db_instance.admin.accounts')}
      </Link>
      <Link to={adminPaths.databases(id)} className="adm-button adm-button-default adm-button-small ys-sqllink__btn" data-testid="databases-link">
        {t('kinds:db_instance.admin.databases')}
      </Link>
    </div>
  );
}
