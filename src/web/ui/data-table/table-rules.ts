// Pure rules of the shared list page's table (seed 000 §2, §3, §9), kept apart from the React
// parts so unit tests run them without a DOM.
import { PAGE_SIZES } from '../../../domain/constants.ts';

/** Inline actions: up to two shown, else the first plus the rest under 「更多」. */
export function splitRowActions<A>(actions: A[]): { inline: A[]; more: A[] } {
  return actions.length <= 2 ? { inline: actions, more: [] } : { inline: actions.slice(0, 1), more: actions.slice(1) };
}

export const EDIT_SAVE_DELAY_MS = 1000;

/** Page sizes offered: 10, 20, 30, 40 with a custom size inserted in order. */
export function pageSizeOptions(custom?: number, base: readonly number[] = PAGE_SIZES): number[] {
  const set = new Set<number>(base);
  if (custom && custom > 0) set.add(custom);
  return [...set].sort((a, b) => a - b);
}

/** The second pager of seed 000 §9 (lists inside a detail): 5 or 10 a page, no total, hidden for one page. */
export const SMALL_PAGE_SIZES = [5, 10] as const;

/** Whether the small pager shows: only when the rows need more than one page (or their count is unknown). */
export function smallPagerShown(p: { page: number; pageSize: number; total?: number }): boolean {
  return p.total === undefined || p.page > 1 || p.total > p.pageSize;
}

/** Next is possible: within the total, or (no total) when the page came back full. */
export function hasNextPage(p: { page: number; pageSize: number; total?: number; pageRows: number }): boolean {
  if (p.total === undefined) return p.pageRows === p.pageSize;
  return p.page * p.pageSize < p.total;
}

/** Page numbers to show around the current one (1 … 4 5 [6] 7 8 … 20). */
export function pageWindow(page: number, pages: number): (number | '…')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const out: (number | '…')[] = [1];
  const from = Math.max(2, page - 2);
  const to = Math.min(pages - 1, page + 2);
  if (from > 2) out.push('…');
  for (let i = from; i <= to; i++) out.push(i);
  if (to < pages - 1) out.push('…');
  out.push(pages);
  return out;
}

export interface ColumnChoice {
  id: string;
  label: string;
  frozen?: boolean;
}

/** Visibility as the seed's 1/0 string, in column order (frozen columns are always 1). */
export function encodeVisibility(columns: readonly ColumnChoice[], visible: Record<string, boolean>): string {
  return columns.map((c) => (c.frozen || visible[c.id] !== false ? '1' : '0')).join('');
}
/** Reads a 1/0 string back; a string of another length (the columns changed) is ignored. */
export function decodeVisibility(
  columns: readonly ColumnChoice[],
  fieldsItem: string | null | undefined,
  defaults: Record<string, boolean>,
): Record<string, boolean> {
  if (!fieldsItem || fieldsItem.length !== columns.length || /[^01]/.test(fieldsItem)) return { ...defaults };
  return Object.fromEntries(columns.map((c, i) => [c.id, c.frozen ? true : fieldsItem[i] === '1']));
}
