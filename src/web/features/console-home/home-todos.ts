// What the console home lists as to-dos (seed 001 §1: "to-do work orders and approvals, latest
// notices"): requests waiting for the caller's decision and work orders waiting for the caller's
// confirmation, each only where the caller has its menu. Pure, unit-tested.

export interface TodoDef {
  key: 'approvals' | 'workorders';
  /** the menu that opens the list (the item is shown only when the caller has it) */
  menuUrl: string;
  /** the list the item opens */
  path: string;
}

export const TODOS: readonly TodoDef[] = [
  { key: 'approvals', menuUrl: '/selfApprovalManage', path: '/selfApprovalManage' },
  { key: 'workorders', menuUrl: '/workorderList', path: '/workorderList' },
];

/** Latest notices shown on the home (the portal's announcements, newest first). */
export const HOME_NOTICES = 3;

export interface TodoItem extends TodoDef {
  /** undefined while loading; null when the count could not be read */
  count: number | null | undefined;
}

/** The to-dos the caller may open, with their counts. */
export function todoItems(allowed: ReadonlySet<string>, counts: Partial<Record<TodoDef['key'], number | null>>): TodoItem[] {
  return TODOS.filter((d) => allowed.has(d.menuUrl)).map((d) => ({ ...d, count: counts[d.key] }));
}

/** The number of a to-do as shown: 「…」 loading, 「-」 unknown, the count capped at 99+. */
export function todoCountText(count: number | null | undefined): string {
  if (count === undefined) return '…';
  if (count === null) return '-';
  return count > 99 ? '99+' : String(count);
}
