// Draws the fields of a zod schema (zod-fields.ts): red asterisk on required fields, validation on
// blur with the seed's 'label + message', enums as selectors, *_id params as pickers of the
// referenced kind's resources (narrowed by the caller's filters), arrays of objects as repeatable
// groups of rows (add row, remove row, at most the schema's count).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button, Input, Selector, Switch, TextArea } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { fieldShown, type KindDefinition } from '../../../../domain/kinds/kind.ts';
import { kindOf } from '../../../../domain/kinds/registry.ts';
import { i18next } from '../../../lib/i18n.ts';
import { listRegions, listResources, type Filters } from '../api.ts';
import { fieldLabel, optionLabel, statusLabel } from '../kind-meta.ts';
import { canAddRow, itemKey, newListRow, rowsOf, validateField, type FormField } from './zod-fields.ts';
import './forms.css';
import { resourceKeys } from '../query-keys.ts';

export const exists = (key: string) => i18next.exists(key);

/** The label of a row's field of a list field (容量 of 数据盘), from forms:items.<list>.<field>. */
export function itemLabel(t: TFunction, def: KindDefinition, listKey: string, key: string): string {
  return t(`forms:items.${listKey}.${key}`, { defaultValue: fieldLabel(t, def, key) });
}

/** A row field's option text (SSD 云硬盘), from forms:items.<list>.options.<field>.<value>. */
export function itemOptionLabel(t: TFunction, def: KindDefinition, listKey: string, key: string, value: string): string {
  return t(`forms:items.${listKey}.options.${key}.${value}`, { defaultValue: optionLabel(t, def, key, value) });
}

/** The label of a form key, rows of list fields included: `data_disks.1.size` → 数据盘 2 容量. */
export function pathLabel(t: TFunction, def: KindDefinition, key: string, plain: (key: string) => string = (k) => fieldLabel(t, def, k)): string {
  const m = /^(\w+)\.(\d+)\.(\w+)$/.exec(key);
  return m ? `${plain(m[1]!)} ${Number(m[2]) + 1} ${itemLabel(t, def, m[1]!, m[3]!)}` : plain(key);
}

/** The text of a list value on a summary: 「SSD 云硬盘 100GB；普通云硬盘 200GB」. */
export function listSummary(t: TFunction, def: KindDefinition, f: FormField, value: unknown): string {
  const rows = rowsOf(value);
  if (!rows.length) return '-';
  return rows
    .map((row) =>
      (f.item ?? [])
        .map((sub) => {
          const v = row[sub.key];
          if (v === undefined || v === '') return null;
          if (sub.kind === 'enum') return itemOptionLabel(t, def, f.key, sub.key, String(v));
          const unit = t(`forms:items.${f.key}.units.${sub.key}`, { defaultValue: '' });
          return unit ? `${String(v)} ${unit}` : String(v);
        })
        .filter(Boolean)
        .join(' '),
    )
    .join(t('forms:list.separator'));
}

function ListField({
  def,
  f,
  value,
  label,
  errors,
  onChange,
  onError,
}: {
  def: KindDefinition;
  f: FormField;
  value: unknown;
  label: string;
  errors: Record<string, string>;
  onChange: (rows: Record<string, unknown>[]) => void;
  onError: (key: string, message: string | null) => void;
}) {
  const { t } = useTranslation();
  const rows = rowsOf(value);
  const unit = t(`forms:items.${f.key}.unit`, { defaultValue: t('forms:list.unit') });
  const clearRowErrors = () => {
    for (const k of Object.keys(errors)) if (k === f.key || k.startsWith(`${f.key}.`)) onError(k, null);
  };
  const setRow = (i: number, key: string, v: unknown) => {
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
    if (errors[itemKey(f.key, i, key)]) onError(itemKey(f.key, i, key), null);
  };
  const blurRow = (i: number, sub: FormField, v: unknown) =>
    onError(itemKey(f.key, i, sub.key), validateField(sub, v, `${label} ${i + 1} ${itemLabel(t, def, f.key, sub.key)}`, t, exists));
  const remove = (i: number) => {
    clearRowErrors();
    onChange(rows.filter((_, j) => j !== i));
  };
  const add = () => {
    if (canAddRow(f, rows)) {
      if (errors[f.key]) onError(f.key, null);
      onChange([...rows, newListRow(f)]);
    }
  };
  const left = f.max === undefined ? null : Math.max(0, f.max - rows.length);
  // The hint's numbers come from the row schema (size_min, size_max…), never retyped.
  const hint = t(`forms:items.${f.key}.hint`, {
    defaultValue: '',
    ...Object.fromEntries(
      (f.item ?? []).flatMap((s) => [
        [`${s.key}_min`, s.min],
        [`${s.key}_max`, s.max],
      ]),
    ),
  });
  return (
    <div className="ys-listfield" data-testid={`field-${f.key}`}>
      {rows.map((row, i) => (
        <div className="ys-listfield__row" key={i} data-testid={`${f.key}-row`} data-index={i}>
          <div className="ys-listfield__head">
            <span className="ys-listfield__title">{`${label} ${i + 1}`}</span>
            <Button
              size="mini"
              fill="none"
              className="ys-listfield__remove"
              data-testid={`${f.key}-remove`}
              aria-label={t('forms:list.remove_row', { label: `${label} ${i + 1}` })}
              onClick={() => remove(i)}
            >
              <DeleteOutline /> {t('forms:list.remove')}
            </Button>
          </div>
          {(f.item ?? []).map((sub) => {
            const k = itemKey(f.key, i, sub.key);
            const v = row[sub.key];
            const subLabel = itemLabel(t, def, f.key, sub.key);
            const subUnit = t(`forms:items.${f.key}.units.${sub.key}`, { defaultValue: '' });
            return (
              <div key={sub.key} className={`ys-listfield__item${errors[k] ? ' has-error' : ''}`} data-field={k}>
                <label className="ys-listfield__label">
                  {sub.required ? (
                    <span className="ys-form__required" aria-hidden="true">
                      *
                    </span>
                  ) : null}
                  {subLabel}
                </label>
                {sub.kind === 'ref' && sub.refKind ? (
                  // A row naming a resource (a host to authorise) picks it by name, never by id.
                  <RefPicker
                    f={{ ...sub, key: k }}
                    value={v}
                    label={`${label} ${i + 1} ${subLabel}`}
                    filters={{}}
                    onChange={(x) => {
                      setRow(i, sub.key, x);
                      blurRow(i, sub, x);
                    }}
                    onBlur={() => blurRow(i, sub, v)}
                  />
                ) : sub.kind === 'enum' ? (
                  <Selector
                    columns={Math.min(3, Math.max(2, sub.options!.length))}
                    value={v === undefined ? [] : [String(v)]}
                    data-testid={`field-${k}`}
                    options={sub.options!.map((o) => ({ label: itemOptionLabel(t, def, f.key, sub.key, o), value: o }))}
                    onChange={(arr) => {
                      const next = arr[0];
                      if (next !== undefined) {
                        setRow(i, sub.key, next);
                        blurRow(i, sub, next);
                      }
                    }}
                  />
                ) : (
                  <div className="ys-listfield__input">
                    <Input
                      name={k}
                      data-testid={`field-${k}`}
                      type={sub.kind === 'number' ? 'number' : 'text'}
                      aria-label={`${label} ${i + 1} ${subLabel}`}
                      value={v === undefined || v === null ? '' : String(v)}
                      placeholder={t('resources:form.enter', { label: subLabel })}
                      onChange={(x) => setRow(i, sub.key, sub.kind === 'number' && x !== '' ? Number(x) : x)}
                      onBlur={() => blurRow(i, sub, v)}
                    />
                    {subUnit ? <span className="ys-listfield__unit">{subUnit}</span> : null}
                  </div>
                )}
                {errors[k] ? (
                  <div className="ys-form__error" role="alert">
                    {errors[k]}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
      <div className="ys-listfield__foot">
        <Button size="small" fill="outline" color="primary" data-testid={`${f.key}-add`} disabled={!canAddRow(f, rows)} onClick={add}>
          <AddOutline /> {t('forms:list.add', { label })}
        </Button>
        {left !== null ? (
          <span className="ys-form__hint" data-testid={`${f.key}-left`}>
            {t('forms:list.left', { count: left, unit })}
          </span>
        ) : null}
      </div>
      {hint ? <div className="ys-form__hint">{hint}</div> : null}
    </div>
  );
}

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

function RefPicker({
  f,
  value,
  filters,
  onChange,
  onBlur,
  label,
}: {
  f: FormField;
  value: unknown;
  filters: Filters;
  onChange: (v: string) => void;
  onBlur: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  const target = kindOf(f.refKind!)!;
  const q = useQuery({
    queryKey: resourceKeys.options(target.kind, filters),
    queryFn: () => listResources(target, { ...filters, __limit: 100 } as never),
  });
  const rows = q.data?.data ?? [];
  return (
    <>
      <select
        className="ys-form__select"
        aria-label={label}
        name={f.key}
        data-testid={`field-${f.key}`}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{q.isLoading ? t('resources:common.loading') : t('resources:form.choose', { label })}</option>
        {rows.map((r) => {
          // A subnet shows its free addresses; one with none left cannot be chosen (「可用IP数为0，无法购买」).
          const free = typeof r.spec?.free_ips === 'number' ? r.spec.free_ips : null;
          const text = free === null ? `${r.name}（${statusLabel(t, r.status)}）` : `${r.name}（${t('forms:ref.free_ips', { count: free })}）`;
          return (
            <option key={r.id} value={r.id} disabled={free === 0}>
              {text}
            </option>
          );
        })}
      </select>
      {!q.isLoading && !rows.length ? (
        <div className="ys-form__notice" role="status">
          {t('resources:form.no_ref', { label })}
        </div>
      ) : null}
    </>
  );
}

/** Several regions of one vendor (refFilters names it as public_cloud_provider), as a multiple choice. */
function RegionsPicker({ f, value, vendor, onChange }: { f: FormField; value: unknown; vendor: string | undefined; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: resourceKeys.regions(vendor), queryFn: () => listRegions(vendor), enabled: Boolean(vendor), staleTime: 600_000 });
  const rows = q.data?.data ?? [];
  if (q.isLoading) return <div className="ys-form__hint">{t('resources:common.loading')}</div>;
  return (
    <Selector
      multiple
      columns={2}
      data-testid={`field-${f.key}`}
      value={Array.isArray(value) ? (value as string[]) : []}
      options={rows.map((r) => ({ label: r.name, value: r.id }))}
      onChange={(arr) => onChange(arr)}
    />
  );
}

/** Texts longer than this get a text area. */
const LONG_TEXT = 2000;

export function FormFields({ def, fields, values, errors, onChange: change, onError, refFilters, labelOf }: FieldsProps) {
  const { t } = useTranslation();
  // Typing clears the field's message (it comes back on blur if still wrong), so the layout does
  // not jump under the pointer when a later blur would have removed it.
  const onChange = (key: string, value: unknown) => {
    change(key, value);
    if (errors[key]) onError(key, null);
  };
  const label = (key: string) => labelOf?.(key) ?? fieldLabel(t, def, key);
  const blur = (f: FormField, v: unknown = values[f.key]) => onError(f.key, validateField(f, v, label(f.key), t, exists));
  return (
    <div className="ys-form">
      {fields.map((f) => {
        if (!fieldShown(def, f.key, values)) return null;
        const l = label(f.key);
        const v = values[f.key];
        let control: React.ReactNode = null;
        switch (f.kind) {
          case 'enum':
            control = (
              <Selector
                columns={f.options!.length > 4 ? 2 : Math.max(2, f.options!.length)}
                value={v === undefined ? [] : [String(v)]}
                data-testid={`field-${f.key}`}
                options={f.options!.map((o) => ({ label: optionLabel(t, def, f.key, o), value: o }))}
                onChange={(arr) => {
                  const next = arr[0];
                  if (next !== undefined) {
                    onChange(f.key, next);
                    blur(f, next);
                  }
                }}
              />
            );
            break;
          case 'boolean':
            control = <Switch checked={Boolean(v)} onChange={(c) => onChange(f.key, c)} />;
            break;
          case 'ref':
            control = (
              <RefPicker
                f={f}
                value={v}
                label={l}
                filters={refFilters?.(f) ?? {}}
                onChange={(x) => {
                  onChange(f.key, x);
                  blur(f, x);
                }}
                onBlur={() => blur(f)}
              />
            );
            break;
          case 'regions':
            control = (
              <RegionsPicker
                f={f}
                value={v}
                vendor={refFilters?.(f).public_cloud_provider as string | undefined}
                onChange={(ids) => {
                  onChange(f.key, ids);
                  blur(f, ids);
                }}
              />
            );
            break;
          case 'list':
            if (!f.item) return null;
            control = <ListField def={def} f={f} value={v} label={l} errors={errors} onChange={(rows) => change(f.key, rows)} onError={onError} />;
            break;
          default:
            // Long texts (a PEM certificate or key) keep their line breaks in a text area.
            if (f.kind === 'text' && (f.max ?? 0) > LONG_TEXT) {
              control = (
                <TextArea
                  data-testid={`field-${f.key}`}
                  value={v === undefined || v === null ? '' : String(v)}
                  placeholder={t('resources:form.enter', { label: l })}
                  rows={5}
                  onChange={(x) => onChange(f.key, x)}
                  onBlur={() => blur(f)}
                />
              );
              break;
            }
            control = (
              <Input
                name={f.key}
                data-testid={`field-${f.key}`}
                type={f.kind === 'password' ? 'password' : f.kind === 'number' ? 'number' : 'text'}
                value={v === undefined || v === null ? '' : String(v)}
                placeholder={t('resources:form.enter', { label: l })}
                clearable
                onChange={(x) => onChange(f.key, f.kind === 'number' && x !== '' ? Number(x) : x)}
                onBlur={() => blur(f)}
              />
            );
        }
        return (
          <div key={f.key} className={`ys-form__item${errors[f.key] ? ' has-error' : ''}`} data-field={f.key}>
            <label className="ys-form__label">
              {f.required ? (
                <span className="ys-form__required" aria-hidden="true">
                  *
                </span>
              ) : null}
              {l}
            </label>
            <div className="ys-form__control">{control}</div>
            {errors[f.key] ? (
              <div className="ys-form__error" role="alert">
                {errors[f.key]}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
