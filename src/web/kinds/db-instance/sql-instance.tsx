// The console's instance: a native select of the scope's instances (light, and the phone's own
// picker), those the console cannot reach disabled with the reason, and what the page says when
// none is open.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { buyPath, optionLabel, statusLabel, type Resource } from '../../features/resources/kind-meta.ts';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { closedReason } from './sql-api.ts';

const def = () => listKindOf('db_instance')!;
type T = ReturnType<typeof useTranslation>['t'];

function optionText(t: T, row: Resource): string {
  const engine = optionLabel(t, def(), 'engine', String(row.spec.engine));
  const base = `${row.name} · ${engine} ${String(row.spec.version ?? '')}`.trim();
  const why = closedReason(row);
  if (why === 'engine') return `${base}（${t('kinds:db_instance.console.off_engine', { engine })}）`;
  if (why === 'status') return `${base}（${t('kinds:db_instance.console.off_status', { status: statusLabel(t, row.status) })}）`;
  return base;
}

/** Openable instances first, then the others (disabled), each by name. */
const ordered = (rows: readonly Resource[]) =>
  [...rows].sort((a, b) => Number(Boolean(closedReason(a))) - Number(Boolean(closedReason(b))) || a.name.localeCompare(b.name));

export function InstancePicker(props: { rows: readonly Resource[] | undefined; loading: boolean; value: string | undefined; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  if (!props.rows?.length || !props.value) return null;
  return (
    <label className="ys-sql__pick">
      <span className="ys-sql__label ys-sql__label--pick">{t('kinds:db_instance.console.instance')}</span>
      <select className="ys-sql__select" data-testid="sql-instance" value={props.value ?? ''} onChange={(e) => e.target.value && props.onPick(e.target.value)}>
        <option value="" disabled>
          {t('kinds:db_instance.console.pick')}
        </option>
        {ordered(props.rows).map((r) => (
          <option key={r.id} value={r.id} disabled={Boolean(closedReason(r))}>
            {optionText(t, r)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** When none is picked: every instance as a row to tap, those the console cannot reach disabled with the reason. */
function InstanceList({ rows, onPick }: { rows: readonly Resource[]; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="ys-sql__instances">
      {ordered(rows).map((r) => {
        const why = closedReason(r);
        const engine = optionLabel(t, def(), 'engine', String(r.spec.engine));
        return (
          <li key={r.id}>
            <button type="button" className="ys-sql__inst" disabled={Boolean(why)} onClick={() => onPick(r.id)} data-testid="sql-instance-row">
              <span className="ys-sql__instname">{r.name}</span>
              <StatusBadge def={def()} status={r.status} />
              <span className="ys-sql__instmeta">
                {`${engine} ${String(r.spec.version ?? '')}`}
                {why === 'engine' ? ` · ${t('kinds:db_instance.console.off_engine', { engine })}` : null}
                {why === 'status' ? ` · ${t('kinds:db_instance.console.off_status', { status: statusLabel(t, r.status) })}` : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Loading, no instance at all, none picked, or the picked one not running; nothing when it is open. */
export function InstanceState(props: {
  rows: readonly Resource[] | undefined;
  loading: boolean;
  failed: boolean;
  row: Resource | undefined;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  if (props.loading) return <div className="ys-sql__state">{t('kinds:db_instance.console.loading')}</div>;
  if (props.failed) return <div className="ys-sql__state">{t('kinds:db_instance.console.instances_failed')}</div>;
  if (!props.rows?.some((r) => closedReason(r) !== 'engine'))
    return (
      <div className="ys-sql__state" data-testid="sql-none">
        <p>{t('kinds:db_instance.console.none')}</p>
        <Link to={buyPath(def()) ?? '/databaseAdd'} className="adm-button adm-button-primary ys-sql__cta">
          {t('kinds:db_instance.console.buy')}
        </Link>
      </div>
    );
  if (!row)
    return (
      <div className="ys-sql__picklist" data-testid="sql-pick-hint">
        <p className="ys-sql__state">{t('kinds:db_instance.console.pick_hint')}</p>
        <InstanceList rows={props.rows} onPick={props.onPick} />
      </div>
    );
  if (closedReason(row) === 'status')
    return (
      <div className="ys-sql__state ys-sql__state--warn" data-testid="sql-not-running">
        {t('kinds:db_instance.console.not_running', { status: statusLabel(t, row.status) })}
      </div>
    );
  return null;
}
