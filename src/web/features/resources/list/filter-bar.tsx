// The controls of a kind's declared filters (filter-model.ts) on both lists: the phone filter
// sheet's selectors and the desktop filter bar's selects, inputs and switches. The filters live
// in the URL's search params (url-filters.ts), so reload, back and a shared link keep them. The
// phone list loads this module when its filter sheet first opens (phone-list.tsx).
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Input, Selector, Switch } from 'antd-mobile';
import { listKindOf, type ListKind } from '../../../../domain/kinds/list-kind.ts';
import { listResources } from '../api.ts';
import { setFilter } from './filter-model.ts';
import { filterControls, filterLabel, filterOptionLabel, type FilterControl } from './filter-controls.ts';
import { useDebounced } from './url-filters.ts';
import type { ListFilters } from '../list-state.ts';
import { usePlaceOptions } from '../parts.tsx';
import { resourceKeys } from '../query-keys.ts';

/** Resources of a ref filter's kind in the current scope, for its picker. */
function useRefRows(refKind: string | undefined) {
  const target = refKind ? listKindOf(refKind) : undefined;
  const q = useQuery({
    queryKey: resourceKeys.filterOptions(refKind),
    queryFn: ({ signal }) => listResources(target!, { __limit: 100 }, signal),
    enabled: Boolean(target),
    staleTime: 30_000,
  });
  return q.data?.data ?? [];
}

const BOOLEAN_VALUES = ['true', 'false'] as const;

function SheetControl({
  def,
  c,
  filters,
  onChange,
}: {
  def: ListKind;
  c: FilterControl;
  filters: ListFilters;
  onChange: (param: string, v: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const refRows = useRefRows(c.type === 'ref' ? c.refKind : undefined);
  const opts = usePlaceOptions(c.type === 'vendor' ? filters[c.param] : undefined, filters['az.region_id']);
  const label = filterLabel(t, def, c);
  const one = (v: string[]) => v[0];
  const pick = (param: string, options: { label: string; value: string }[], columns = 2) => (
    <Selector columns={columns} value={filters[param] ? [filters[param]] : []} options={options} onChange={(v) => onChange(param, one(v))} />
  );
  switch (c.type) {
    case 'search':
      return null;
    case 'vendor':
      return (
        <>
          <div className="ys-sheet__label">{t('resources:filters.vendor')}</div>
          {pick(
            c.param,
            opts.vendors.map((v) => ({ label: t(`kinds:vendors.${v.id}`, { defaultValue: v.name_cn }), value: v.id })),
          )}
          {def.placement === 'vendor' ? null : (
            <>
              <div className="ys-sheet__label">{t('resources:filters.region')}</div>
              {filters[c.param] ? (
                pick(
                  'az.region_id',
                  opts.regions.map((r) => ({ label: r.name, value: r.id })),
                )
              ) : (
                <div className="ys-sheet__hint">{t('resources:filters.region_needs_vendor')}</div>
              )}
              <div className="ys-sheet__label">{t('resources:filters.zone')}</div>
              {filters['az.region_id'] ? (
                pick(
                  'az.id',
                  opts.zones.map((z) => ({ label: z.name, value: z.id })),
                )
              ) : (
                <div className="ys-sheet__hint">{t('resources:filters.zone_needs_region')}</div>
              )}
            </>
          )}
        </>
      );
    case 'enum':
      return (
        <div data-testid={`filter-${c.param}`}>
          <div className="ys-sheet__label">{label}</div>
          {pick(
            c.param,
            c.options.map((o) => ({ label: filterOptionLabel(t, def, c, o), value: o })),
            c.key === 'status' ? 3 : 2,
          )}
        </div>
      );
    case 'boolean':
      return (
        <div data-testid={`filter-${c.param}`}>
          <div className="ys-sheet__label">{label}</div>
          {pick(
            c.param,
            BOOLEAN_VALUES.map((o) => ({ label: filterOptionLabel(t, def, c, o), value: o })),
          )}
        </div>
      );
    case 'ref':
      return (
        <div data-testid={`filter-${c.param}`}>
          <div className="ys-sheet__label">{label}</div>
          {refRows.length ? (
            <div className="ys-sheet__refs">
              {pick(
                c.param,
                refRows.map((r) => ({ label: r.name, value: r.id })),
              )}
            </div>
          ) : (
            <div className="ys-sheet__hint">{t('resources:filters.none_to_pick', { label })}</div>
          )}
        </div>
      );
    case 'text':
      return (
        <div data-testid={`filter-${c.param}`}>
          <div className="ys-sheet__label">{label}</div>
          <Input
            className="ys-sheet__input"
            value={filters[c.param] ?? ''}
            placeholder={t('resources:form.enter', { label })}
            clearable
            onChange={(v) => onChange(c.param, v.trim() || undefined)}
          />
        </div>
      );
  }
}

/** The phone filter sheet's controls: every declared filter but the search box (drawn above the list). */
export function SheetFilters({ def, filters, onChange }: { def: ListKind; filters: ListFilters; onChange: (next: ListFilters) => void }) {
  const controls = useMemo(() => filterControls(def), [def]);
  const change = (param: string, v: string | undefined) => onChange(setFilter(filters, param, v));
  return (
    <>
      {controls.map((c) => (
        <SheetControl key={c.param} def={def} c={c} filters={filters} onChange={change} />
      ))}
    </>
  );
}

/** A text filter of the bar: applied once typing pauses, like the search box. */
function BarText({
  value,
  label,
  placeholder,
  testId,
  onChange,
}: {
  value: string;
  label: string;
  placeholder: string;
  testId: string;
  onChange: (v: string | undefined) => void;
}) {
  const [text, setText] = useState(value);
  const [last, setLast] = useState(value);
  // The URL changed under us (reset, back): show its value.
  if (value !== last) {
    setLast(value);
    setText(value);
  }
  const debounced = useDebounced(text.trim());
  useEffect(() => {
    if (debounced !== value) onChange(debounced || undefined);
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <input className="ys-input" aria-label={label} placeholder={placeholder} value={text} data-testid={testId} onChange={(e) => setText(e.target.value)} />
  );
}

function BarControl({
  def,
  c,
  filters,
  onChange,
}: {
  def: ListKind;
  c: FilterControl;
  filters: ListFilters;
  onChange: (param: string, v: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const refRows = useRefRows(c.type === 'ref' ? c.refKind : undefined);
  const opts = usePlaceOptions(c.type === 'vendor' ? filters[c.param] : undefined, filters['az.region_id']);
  const label = filterLabel(t, def, c);
  const all = t('resources:filters.all', { label });
  const select = (param: string, aria: string, first: string, options: { label: string; value: string }[], disabled = false) => (
    <select
      className="ys-input"
      aria-label={aria}
      disabled={disabled}
      value={filters[param] ?? ''}
      data-testid={`filter-${param}`}
      onChange={(e) => onChange(param, e.target.value || undefined)}
    >
      <option value="">{first}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  switch (c.type) {
    case 'search':
      return null;
    case 'vendor':
      return (
        <>
          {select(
            c.param,
            t('resources:filters.vendor'),
            t('resources:filters.all_vendor'),
            opts.vendors.map((v) => ({ label: t(`kinds:vendors.${v.id}`, { defaultValue: v.name_cn }), value: v.id })),
          )}
          {def.placement === 'vendor'
            ? null
            : select(
                'az.region_id',
                t('resources:filters.region'),
                t('resources:filters.all_region'),
                opts.regions.map((r) => ({ label: r.name, value: r.id })),
                !filters[c.param],
              )}
          {def.placement === 'vendor'
            ? null
            : select(
                'az.id',
                t('resources:filters.zone'),
                t('resources:filters.all_zone'),
                opts.zones.map((z) => ({ label: z.name, value: z.id })),
                !filters['az.region_id'],
              )}
        </>
      );
    case 'enum':
      return select(
        c.param,
        label,
        c.key === 'status' ? t('resources:filters.all_status') : all,
        c.options.map((o) => ({ label: filterOptionLabel(t, def, c, o), value: o })),
      );
    case 'ref':
      return select(
        c.param,
        label,
        all,
        refRows.map((r) => ({ label: r.name, value: r.id })),
      );
    case 'boolean':
      return (
        <label className="ys-rlist__switch" data-testid={`filter-${c.param}`}>
          <Switch checked={filters[c.param] === 'true'} onChange={(on) => onChange(c.param, on ? 'true' : undefined)} />
          <span>{c.key === 'locked' ? t('kinds:common.locked') : label}</span>
        </label>
      );
    case 'text':
      return <BarText value={filters[c.param] ?? ''} label={label} placeholder={label} testId={`filter-${c.param}`} onChange={(v) => onChange(c.param, v)} />;
  }
}

/** The desktop filter bar's controls: every declared filter but the search box (drawn first by the list). */
export function BarFilters({ def, filters, onChange }: { def: ListKind; filters: ListFilters; onChange: (next: ListFilters) => void }) {
  const controls = useMemo(() => filterControls(def), [def]);
  const change = (param: string, v: string | undefined) => onChange(setFilter(filters, param, v));
  return (
    <>
      {controls.map((c) => (
        <BarControl key={c.param} def={def} c={c} filters={filters} onChange={change} />
      ))}
    </>
  );
}
