// Draws the fields of a zod schema (zod-fields.ts): red asterisk on required fields, validation on
// blur with the seed's 'label + message', enums as selectors, *_id params as pickers of the
// referenced kind's resources (narrowed by the caller's filters).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Input, Selector, Switch } from 'antd-mobile';
import type { KindDefinition } from '../../../domain/kinds/kind.ts';
import { kindOf } from '../../../domain/kinds/registry.ts';
import { i18next } from '../../lib/i18n.ts';
import { listResources, type Filters } from './api.ts';
import { fieldLabel, optionLabel, statusLabel } from './kind-meta.ts';
import { validateField, type FormField } from './zod-fields.ts';

export const exists = (key: string) => i18next.exists(key);

export interface FieldsProps {
  def: KindDefinition;
  fields: FormField[];
  values: Record<string, unknown>;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
  onError: (key: string, message: string | null) => void;
  /** filters of the picker of a ref field (e.g. the zone's region, the host's zone) */
  refFilters?: (f: FormField) => Filters;
  /** labels of params that are not fields of the kind (snapshot_name, iso…) */
  labelOf?: (key: string) => string;
}

function RefPicker({ f, value, filters, onChange, onBlur, label }: { f: FormField; value: unknown; filters: Filters; onChange: (v: string) => void; onBlur: () => void; label: string }) {
  const { t } = useTranslation();
  const target = kindOf(f.refKind!)!;
  const q = useQuery({
    queryKey: ['res', target.kind, 'options', filters],
    queryFn: () => listResources(target, { ...filters, __limit: 100 } as never),
  });
  const rows = q.data?.data ?? [];
  return (
    <>
      <select className="ys-form__select" aria-label={label} name={f.key} data-testid={`field-${f.key}`} value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
        <option value="">{q.isLoading ? t('resources:common.loading') : t('resources:form.choose', { label })}</option>
        {rows.map((r) => <option key={r.id} value={r.id}>{`${r.name}（${statusLabel(t, r.status)}）`}</option>)}
      </select>
      {!q.isLoading && !rows.length ? <div className="ys-form__notice" role="status">{t('resources:form.no_ref', { label })}</div> : null}
    </>
  );
}

export function FormFields({ def, fields, values, errors, onChange: change, onError, refFilters, labelOf }: FieldsProps) {
  const { t } = useTranslation();
  // Typing clears the field's message (it comes back on blur if still wrong), so the layout does
  // not jump under the pointer when a later blur would have removed it.
  const onChange = (key: string, value: unknown) => { change(key, value); if (errors[key]) onError(key, null); };
  const label = (key: string) => labelOf?.(key) ?? fieldLabel(t, def, key);
  const blur = (f: FormField, v: unknown = values[f.key]) => onError(f.key, validateField(f, v, label(f.key), t, exists));
  return (
    <div className="ys-form">
      {fields.map((f) => {
        const l = label(f.key);
        const v = values[f.key];
        let control: React.ReactNode = null;
        switch (f.kind) {
          case 'enum':
            control = (
              <Selector columns={f.options!.length > 4 ? 2 : Math.max(2, f.options!.length)} value={v === undefined ? [] : [String(v)]} data-testid={`field-${f.key}`}
                options={f.options!.map((o) => ({ label: optionLabel(t, def, f.key, o), value: o }))}
                onChange={(arr) => { const next = arr[0]; if (next !== undefined) { onChange(f.key, next); blur(f, next); } }} />
            );
            break;
          case 'boolean':
            control = <Switch checked={Boolean(v)} onChange={(c) => onChange(f.key, c)} />;
            break;
          case 'ref':
            control = <RefPicker f={f} value={v} label={l} filters={refFilters?.(f) ?? {}} onChange={(x) => { onChange(f.key, x); blur(f, x); }} onBlur={() => blur(f)} />;
            break;
          case 'list':
            return null;
          default:
            control = (
              <Input name={f.key} data-testid={`field-${f.key}`} type={f.kind === 'password' ? 'password' : f.kind === 'number' ? 'number' : 'text'}
                value={v === undefined || v === null ? '' : String(v)} placeholder={t('resources:form.enter', { label: l })} clearable
                onChange={(x) => onChange(f.key, f.kind === 'number' && x !== '' ? Number(x) : x)} onBlur={() => blur(f)} />
            );
        }
        return (
          <div key={f.key} className={`ys-form__item${errors[f.key] ? ' has-error' : ''}`} data-field={f.key}>
            <label className="ys-form__label">
              {f.required ? <span className="ys-form__required" aria-hidden="true">*</span> : null}
              {l}
            </label>
            <div className="ys-form__control">{control}</div>
            {errors[f.key] ? <div className="ys-form__error" role="alert">{errors[f.key]}</div> : null}
          </div>
        );
      })}
    </div>
  );
}
