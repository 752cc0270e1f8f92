// The lines of the operation log: cards on a phone, a table from 768px.
import { useTranslation } from 'react-i18next';
import { shanghaiTime } from '../../../domain/notify.ts';
import { CopyValue } from '../../ui/copy-value.tsx';
import type { OplogLine } from './api.ts';

function Result({ line: l }: { line: OplogLine }) {
  return l.success ? (
    <span className="ys-oplog__ok">{l.result_label}</span>
  ) : (
    <span className="ys-oplog__fail">
      {l.result_label}
      {l.error_title ? `：${l.error_title}` : ''}
    </span>
  );
}

/** What the line acted on: its type and name, the id only behind a copy button (never 32 hex digits). */
function Target({ line: l }: { line: OplogLine }) {
  const { t } = useTranslation('notify');
  return (
    <>
      {l.resource_type_label ? `${l.resource_type_label}：` : ''}
      {l.resource_name ?? ''}
      {l.resource_id && <CopyValue value={l.resource_id} shown="ID" label={t('oplog.copy_id')} copied={t('oplog.copied')} />}
    </>
  );
}

const who = (l: OplogLine) => `${l.nickname}（${l.account}）`;

export function OplogCards({ lines }: { lines: OplogLine[] }) {
  return (
    <ul className="ys-oplog__cards" data-testid="oplog-list">
      {lines.map((l) => (
        <li key={l.id} className="ys-oplog__card" data-testid="oplog-line">
          <div className="ys-oplog__card-head">
            <span>{l.action_label}</span>
            <Result line={l} />
          </div>
          {(l.resource_name || l.resource_id) && (
            <div className="ys-oplog__res">
              <Target line={l} />
            </div>
          )}
          <div>{who(l)}</div>
          <div>
            {shanghaiTime(l.created_at, true)} · {l.ip}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function OplogTable({ lines }: { lines: OplogLine[] }) {
  const { t } = useTranslation('notify');
  return (
    <table className="ys-oplog__table" data-testid="oplog-list">
      <thead>
        <tr>
          {(['created_at', 'user', 'action', 'resource', 'ip', 'result'] as const).map((c) => (
            <th key={c} scope="col">
              {t(`oplog.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id} data-testid="oplog-line">
            <td>{shanghaiTime(l.created_at, true)}</td>
            <td>{who(l)}</td>
            <td>{l.action_label}</td>
            <td className="ys-oplog__res">
              <Target line={l} />
            </td>
            <td>{l.ip}</td>
            <td>
              <Result line={l} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
