// 参数设置 (databaseDetail_setupParams, ADR 0058): the instance's whitelisted parameters as its engine
// has them, with type, unit and range from the engine's metadata; a change is checked here by the
// same rules as the server's, then saved (PostgreSQL applies it at once; MySQL keeps it).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog, Tag, Toast } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { useWide } from './admin-frame.tsx';
import { O, OpsFrame, OpsState, refusalText } from './ops-frame.tsx';
import { listParams, opsKeys, saveParam, type DbParam } from './ops-api.ts';

const P = `${O}.params`;

function rangeText(t: (k: string, o?: Record<string, unknown>) => string, p: DbParam): string {
  if (p.options?.length) return p.options.join(' / ');
  if (p.min !== null && p.max !== null) return `${p.min} ~ ${p.max}${p.unit ? ` ${p.unit}` : ''}`;
  return t(`${P}.types.${p.type}`);
}

/** The first rule the value breaks (the server checks the same, ADR 0058), or null. */
function problem(t: (k: string, o?: Record<string, unknown>) => string, p: DbParam, v: string): string | null {
  if (!v.trim() && p.type !== 'set') return t(`${P}.rule_required`);
  if (p.type === 'integer' && !/^-?\d+$/.test(v.trim())) return t(`${P}.rule_integer`);
  if (p.type === 'real' && !/^-?\d+(\.\d+)?$/.test(v.trim())) return t(`${P}.rule_number`);
  const n = Number(v);
  if ((p.type === 'integer' || p.type === 'real') && ((p.min !== null && n < p.min) || (p.max !== null && n > p.max)))
    return t(`${P}.rule_range`, { min: p.min, max: p.max });
  return null;
}

function ValueState({ p }: { p: DbParam }) {
  const { t } = useTranslation();
  if (!p.editable) return <Tag fill="outline">{t(`${P}.readonly`)}</Tag>;
  if (!p.saved) return null;
  return p.saved.applied ? (
    <Tag color="success" fill="outline">
      {t(`${P}.applied`)}
    </Tag>
  ) : (
    <Tag color="warning" fill="outline" aria-label={t(`${P}.kept_hint`)}>
      {t(`${P}.kept`, { value: p.saved.value })}
    </Tag>
  );
}

function Editor({ id, p, onClose }: { id: string; p: DbParam; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [value, setValue] = useState(p.saved?.value ?? p.value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = p.type === 'bool' ? ['ON', 'OFF'] : p.type === 'enum' ? (p.options ?? []) : null;
  const submit = async () => {
    const bad = problem(t, p, value);
    if (bad) return setError(bad);
    setBusy(true);
    try {
      const res = await saveParam(id, p.name, value);
      Toast.show({ content: t(res.applied ? `${P}.saved_applied` : `${P}.saved_kept`) });
      void client.invalidateQueries({ queryKey: opsKeys.params(id) });
      onClose();
    } catch (e) {
      setError(refusalText(e, t(`${O}.failed`)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      visible
      onClose={onClose}
      title={t(`${P}.edit_title`, { name: p.name })}
      content={
        <div className="ys-ops__form" data-testid="param-editor">
          <label className="ys-ops__label">
            {t(`${P}.new_value`)}
            {choices ? (
              <select className="ys-ops__input" value={value} onChange={(e) => (setValue(e.target.value), setError(null))} data-testid="param-value">
                {choices.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className="ys-ops__input"
                value={value}
                inputMode={p.type === 'integer' || p.type === 'real' ? 'decimal' : 'text'}
                onChange={(e) => (setValue(e.target.value), setError(null))}
                data-testid="param-value"
              />
            )}
          </label>
          <p className="ys-ops__hint">
            {t(`${P}.range`)}：{rangeText(t, p)}
          </p>
          {error ? (
            <p className="ys-ops__error" role="alert" data-testid="param-error">
              {error}
            </p>
          ) : null}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t(`${O}.cancel`), onClick: onClose },
          { key: 'ok', text: t(`${P}.save`), bold: true, disabled: busy, onClick: () => void submit() },
        ],
      ]}
    />
  );
}

function ParamsBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const wide = useWide();
  const q = useQuery({ queryKey: opsKeys.params(id), queryFn: () => listParams(id) });
  const [editing, setEditing] = useState<DbParam | null>(null);
  if (q.isPending) return <OpsState loading text={t(`${O}.loading`)} />;
  if (q.isError) return <OpsState text={refusalText(q.error, t(`${O}.failed_load`))} />;
  const rows = q.data.data;
  if (!rows.length) return <OpsState text={t(`${P}.empty`)} />;
  const edit = (p: DbParam) =>
    p.editable ? (
      <button type="button" className="ys-ops__act" onClick={() => setEditing(p)} data-testid={`param-edit-${p.name}`}>
        {t(`${P}.edit`)}
      </button>
    ) : null;
  const updated = (p: DbParam) => (p.saved ? formatDateTime(p.saved.updated_at) : '—');
  return (
    <>
      <p className="ys-ops__note">{t(q.data.engine === 'mysql' ? `${P}.hint_mysql` : `${P}.hint_pg`)}</p>
      {wide ? (
        <table className="ys-ops__table" data-testid="params-table">
          <thead>
            <tr>
              <th>{t(`${P}.name`)}</th>
              <th>{t(`${P}.value`)}</th>
              <th>{t(`${P}.range`)}</th>
              <th>{t(`${P}.state`)}</th>
              <th>{t(`${P}.updated_at`)}</th>
              <th>{t(`${O}.actions`)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.name} data-param={p.name}>
                <td className="ys-ops__mono">{p.name}</td>
                <td className="ys-ops__mono">{p.value === '' ? '—' : `${p.value}${p.unit ? ` ${p.unit}` : ''}`}</td>
                <td className="ys-ops__range">{rangeText(t, p)}</td>
                <td>
                  <ValueState p={p} />
                </td>
                <td>{updated(p)}</td>
                <td>{edit(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="ys-ops__cards" data-testid="params-cards">
          {rows.map((p) => (
            <article key={p.name} className="ys-ops__card" data-param={p.name}>
              <div className="ys-ops__card-top">
                <span className="ys-ops__mono ys-ops__strong">{p.name}</span>
                <ValueState p={p} />
              </div>
              <div className="ys-ops__kv">
                <span>{t(`${P}.value`)}</span>
                <span className="ys-ops__mono">{p.value === '' ? '—' : `${p.value}${p.unit ? ` ${p.unit}` : ''}`}</span>
              </div>
              <div className="ys-ops__kv">
                <span>{t(`${P}.range`)}</span>
                <span className="ys-ops__range">{rangeText(t, p)}</span>
              </div>
              {p.saved ? (
                <div className="ys-ops__kv">
                  <span>{t(`${P}.updated_at`)}</span>
                  <span>{updated(p)}</span>
                </div>
              ) : null}
              <div className="ys-ops__card-actions">{edit(p)}</div>
            </article>
          ))}
        </div>
      )}
      {editing ? <Editor id={id} p={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export function ParamsPage({ id }: KindPageProps<true>) {
  return (
    <OpsFrame id={id} page="databaseDetail_setupParams">
      {() => <ParamsBody id={id} />}
    </OpsFrame>
  );
}
