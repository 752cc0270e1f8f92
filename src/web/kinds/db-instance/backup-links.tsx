// Above an instance's derived detail (databaseDetail/outline/:id): the SQL console's link and the
// way to the instance's backups, for the engines both reach (the detail's own query fills the row).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { isSqlConsoleEngine } from '../../../domain/kinds/db-instance/db-instance.rules.ts';
import { getResource } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { SqlConsoleLink } from './sql-console-link.tsx';
import { T, backupPath } from './backup-frame.tsx';

export function InstanceLinks({ id }: { id: string }) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  const backups = q.data && isSqlConsoleEngine(q.data.spec.engine);
  return (
    <div className="ys-bk__links">
      <SqlConsoleLink id={id} />
      {backups ? (
        <div className="ys-sqllink">
          <Link
            to={backupPath('databaseDetail_backup', id)}
            className="adm-button adm-button-default adm-button-small ys-sqllink__btn"
            data-testid="backup-link"
          >
            {t(`${T}.open`)}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
