// The rule (or resource, or quota) before and after a request, as rows for a clear diff (pure,
// unit-tested): added, removed, changed or unchanged, values already shown as text, the rows that
// change first.
import { BOOKKEEPING_FIELDS } from '../../../domain/approvals/request-fields.ts';

export type DiffKind = 'added' | 'removed' | 'changed' | 'same';
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  kind: DiffKind;
}

/**
 * Not part of the rule's content: places, the reason (shown on its own) and the request's own
 * bookkeeping. The rule's stored spec has no vendor or name (they are resource columns), so a
 * request naming them is not a change of the rule.
 */
const HIDDEN = new Set([...BOOKKEEPING_FIELDS, 'region_id', 'az_id', 'reason']);
const COLUMNS = new Set(['name', 'vendor', 'description']);

export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return v.map((x) => valueText(x)).join(', ');
  if (typeof v === 'object')
    return Object.values(v as Record<string, unknown>)
      .map((x) => valueText(x))
      .join(' ');
  return String(v);
}

export type FormatValue = (field: string, value: unknown) => string;

const ORDER: Record<DiffKind, number> = { changed: 0, added: 1, removed: 2, same: 3 };

/**
 * One row per field of either side (the after side's order, then fields only the before had),
 * changed, added and removed rows first. Compared on the raw values' text, shown through `format`.
 */
export function diffRows(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  format: FormatValue = (_f, v) => valueText(v),
): DiffRow[] {
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))]
    .filter((k) => !HIDDEN.has(k))
    .filter((k) => !before || !COLUMNS.has(k) || k in b);
  const rows = fields.map((field) => {
    const bt = valueText(b[field]);
    const at = valueText(a[field]);
    const kind: DiffKind = !before ? 'added' : bt === at ? 'same' : bt === '' ? 'added' : at === '' ? 'removed' : 'changed';
    return { field, before: bt === '' ? '' : format(field, b[field]), after: at === '' ? '' : format(field, a[field]), kind };
  });
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => ORDER[x.r.kind] - ORDER[y.r.kind] || x.i - y.i)
    .map(({ r }) => r);
}
