// The list filters a kind declares (kind.filters) as controls of the phone filter sheet and the
// desktop filter bar, with their labels. Apart from filter-model.ts (the filters' state in the URL,
// on a phone list's first screen) because a full definition is read through its kind's list model
// (list-kind.ts, every kind's: ADR 0057). Pure: unit-tested in tests/unit/filter-model.test.ts.
import { listKindOf, type ListFilter, type ListKind } from '../../../../domain/kinds/list-kind.ts';
import { optionLabel, statusLabel, type T } from '../kind-meta.ts';
import { SEARCH_PARAM, VENDOR_PARAM } from './filter-model.ts';

export type FilterControl =
  | { param: string; key: string; type: 'search' }
  | { param: string; key: string; type: 'text' }
  | { param: string; key: string; type: 'boolean' }
  | { param: string; key: string; type: 'ref'; refKind: string }
  | { param: string; key: string; type: 'vendor' }
  | { param: string; key: string; type: 'enum'; options: readonly string[] };

/**
 * A filter as its control shows it: the kind's list model (list-kind.ts, derived from the
 * registry: an enum's values from the field's options or the create schema, a ref's kind) has them;
 * a full definition given here (desktop tables, tests) is read through its kind's list model.
 */
function listFilterOf(def: ListKind, f: ListFilter): ListFilter {
  if ('options' in f || 'refKind' in f) return f;
  return listKindOf(def.kind)?.filters.find((x) => x.param === f.param) ?? f;
}

/** The controls of a kind's declared filters, in the kind's order. */
export function filterControls(def: ListKind): FilterControl[] {
  return def.filters.map((f): FilterControl => {
    const base = { param: f.param, key: f.key };
    if (f.param === SEARCH_PARAM) return { ...base, type: 'search' };
    if (f.param === VENDOR_PARAM) return { ...base, type: 'vendor' };
    switch (f.type) {
      case 'enum':
        return { ...base, type: 'enum', options: listFilterOf(def, f).options ?? [] };
      case 'boolean':
        return { ...base, type: 'boolean' };
      case 'ref': {
        const refKind = listFilterOf(def, f).refKind;
        // A ref whose kind is not in the registry can still be typed in as an ID.
        return refKind ? { ...base, type: 'ref', refKind } : { ...base, type: 'text' };
      }
      default:
        return { ...base, type: 'text' };
    }
  });
}

/** The label of a filter: the kind's field label (kinds:<kind>.fields.<key>). */
export function filterLabel(t: T, def: ListKind, c: FilterControl): string {
  return t(`kinds:${def.kind}.fields.${c.key}`, { defaultValue: t(`kinds:instance.fields.${c.key}`, { defaultValue: c.key }) });
}

/** The label of an enum or boolean value of a filter. */
export function filterOptionLabel(t: T, def: ListKind, c: FilterControl, value: string): string {
  if (c.key === 'status') return statusLabel(t, value);
  if (c.type === 'boolean') {
    if (c.key === 'locked') return t(value === 'true' ? 'kinds:common.locked' : 'kinds:common.unlocked');
    return t(value === 'true' ? 'kinds:common.yes' : 'kinds:common.no');
  }
  return optionLabel(t, def, c.key, value);
}
