// The params form of an action (actions.tsx opens it): fields from the action's zod params. A chunk
// of its own, loaded when the form first opens, so a list's first load carries no form code.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Toast } from 'antd-mobile';
import { runAction, runBatch, type RowScope } from '../api.ts';
import { paramRefFilters } from '../forms/screen-rules.ts';
import { actionLabel, fieldLabel, type Resource } from '../kind-meta.ts';
import { FormFields, exists } from '../forms/form-fields.tsx';
import { fieldsOf, initialValues, validateAll } from '../forms/zod-fields.ts';
import type { ListAction, ListKind } from '../../../../domain/kinds/list-kind.ts';
import { fullAction, fullKind } from '../full-kind.ts';

export default function ParamsForm({
  def: listDef,
  action: listAction,
  rows,
  scope,
  onDone,
  onCancel,
}: {
  def: ListKind;
  action: ListAction;
  rows: Resource[];
  /** a lone row's own scope (the admin lists), else the session's */
  scope?: RowScope;
  onDone: () => void;
  onCancel: () => void;
}) {
  const def = fullKind(listDef);
  const action = fullAction(listDef, listAction);
  const { t } = useTranslation();
  const fields = fieldsOf(action.params!, def);
  const [values, setValues] = useState<Record<string, unknown>>(() => {
    const init = initialValues(fields);
    // An expansion starts from the current size; a change (a DNS record's value) from what it is now.
    for (const f of fields) {
      const current = rows[0]?.spec[f.key];
      if (current === undefined || current === null) continue;
      if ((f.kind === 'number' && init[f.key] === undefined) || (rows.length === 1 && (f.kind === 'text' || f.kind === 'enum'))) init[f.key] = current;
    }
    return init;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const label = (key: string) => (exists(`kinds:${def.kind}.fields.${key}`) ? fieldLabel(t, def, key) : t(`resources:params.${key}`, { defaultValue: key }));
  const submit = async () => {
    if (busy) return;
    const errs = validateAll(action.params!, values, label, t, exists);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined));
      if (rows.length > 1)
        await runBatch(
          def,
          rows.map((r) => r.id),
          action.id,
          clean,
        );
      else {
        const res = await runAction(def, rows[0]!.id, action.id, clean, scope);
        Toast.show({ content: res.message ?? t('resources:messages.done') });
      }
      onDone();
    } catch {
      /* the notice shows why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-sheet" data-testid="action-params">
      <div className="ys-sheet__title">{actionLabel(t, def, action.id)}</div>
      <div className="ys-sheet__sub">{rows.map((r) => r.name).join('、')}</div>
      <FormFields
        def={def}
        fields={fields}
        values={values}
        errors={errors}
        labelOf={label}
        onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
        onError={(k, m) =>
          setErrors((s) => {
            const n = { ...s };
            if (m) n[k] = m;
            else delete n[k];
            return n;
          })
        }
        refFilters={(f) => paramRefFilters(def, action, f, rows[0])}
      />
      <div className="ys-sheet__foot">
        <Button onClick={onCancel}>{t('resources:common.cancel')}</Button>
        <Button color="primary" loading={busy} disabled={busy} data-testid="params-submit" onClick={submit}>
          {t('resources:common.confirm')}
        </Button>
      </div>
    </div>
  );
}
