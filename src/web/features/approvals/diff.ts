// The rule (or resource, or quota) before and after a request, as rows for a clear diff (pure,
// unit-tested): added, removed, changed or unchanged, values already shown as text.
export type DiffKind = 'added' | 'removed' | 'changed' | 'same';
export interface DiffRow { field: string; before: string; after: string; kind: DiffKind }

/** Fields that are bookkeeping, not part of what the approver decides on. */
const HIDDEN = new Set(['rule_id', 'approval_request_id', 'nat_gateway_id', 'resource_id', 'eip_id', 'issued_at', 'region_id', 'az_id']);

export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return v.map((x) => valueText(x)).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One row per field of either side, in the after side's order, then fields only the before had. */
export function diffRows(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): DiffRow[] {
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))].filter((k) => !HIDDEN.has(k));
  return fields.map((field) => {
    const bt = valueText(b[field]);
    const at = valueText(a[field]);
    const kind: DiffKind = !before ? 'added' : bt === at ? 'same' : bt === '' ? 'added' : at === '' ? 'removed' : 'changed';
    return { field, before: bt, after: at, kind };
  });
}
