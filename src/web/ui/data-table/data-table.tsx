// The table of the shared list page (seed 000 §2 "Shared list page"), on @tanstack/react-table:
// row selection and select-all, the sort cycle normal → ascending → descending → normal (the
// caller sorts on the server), at most two inline row actions else the first plus 「更多」
// (dropdown max height 400px), 「该数据暂无可用操作！」, inline edit saved on blur or Enter after
// 1 s, copy cell, the empty text, and visibility of columns (the custom-columns modal decides).
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import { Popover, SpinLoading } from 'antd-mobile';
import { EditSOutline, FileOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { nextSort, type SortState } from '../../../domain/list-sort.ts';
import { tableEditStatusAtom } from '../../lib/store.ts';
import { EDIT_SAVE_DELAY_MS, splitRowActions } from './table-rules.ts';
import { CellTip } from './cell-tip.tsx';
import { copyToClipboard } from '../copy-value.tsx';
import './data-table.css';

export interface DataColumn<R> {
  id: string;
  header: string;
  /** always shown (the custom-columns modal cannot hide it) */
  frozen?: boolean;
  sortable?: boolean;
  copyable?: boolean;
  editable?: boolean;
  cell: (row: R) => ReactNode;
  /** the plain text (copying, editing, tooltips) */
  text: (row: R) => string;
  width?: number;
}

export interface RowAction {
  key: string;
  label: string;
  disabled?: boolean;
  reason?: string;
  danger?: boolean;
  onClick: () => void;
}

export interface TableSort {
  field: string | null;
  state: SortState;
}

export interface DataTableProps<R> {
  columns: DataColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** column id → shown; missing ids are shown */
  visibility?: Record<string, boolean>;
  selectable?: boolean;
  selected?: string[];
  onSelectedChange?: (ids: string[]) => void;
  /** whether a row may be selected (a deleted row shows but cannot be picked); all by default */
  canSelect?: (row: R) => boolean;
  sort?: TableSort;
  onSort?: (sort: TableSort) => void;
  rowActions?: (row: R) => RowAction[];
  onEdit?: (row: R, columnId: string, value: string) => Promise<unknown>;
  loading?: boolean;
  emptyText?: string;
  testId?: string;
}

function EditableCell({ value, display, onSave }: { value: string; display: ReactNode; onSave: (v: string) => Promise<unknown> }) {
  const { t } = useTranslation('resources');
  const setEditing = useSetAtom(tableEditStatusAtom);
  const [editing, setEditingLocal] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = () => {
    clearTimeout(timer.current);
    setEditingLocal(false);
    setEditing(false);
    if (draft.trim() === value || !draft.trim()) {
      setDraft(value);
      return;
    }
    setSaving(true);
    // Saved a second after blur or Enter (seed 000 §2): a slip of the finger can still be undone.
    timer.current = setTimeout(() => {
      onSave(draft.trim())
        .catch(() => setDraft(value))
        .finally(() => setSaving(false));
    }, EDIT_SAVE_DELAY_MS);
  };
  if (editing) {
    return (
      <input
        className="ys-dt__edit"
        autoFocus
        value={draft}
        aria-label={t('table.edit')}
        data-testid="cell-edit"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          if (e.key === 'Escape') {
            setDraft(value);
            setEditingLocal(false);
            setEditing(false);
          }
        }}
      />
    );
  }
  return (
    <span className="ys-dt__editable">
      {saving ? (
        <>
          <SpinLoading style={{ '--size': '12px' } as CSSProperties} />
          <span>{draft}</span>
        </>
      ) : (
        display
      )}
      <button
        type="button"
        className="ys-dt__copy"
        aria-label={t('table.click_to_edit')}
        title={t('table.click_to_edit')}
        data-testid="cell-edit-start"
        onClick={() => {
          setDraft(value);
          setEditingLocal(true);
          setEditing(true);
        }}
      >
        <EditSOutline fontSize={13} />
      </button>
    </span>
  );
}

function ActionsCell({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation('resources');
  if (!actions.length) return <span className="ys-dt__none">{t('table.no_actions')}</span>;
  const { inline, more } = splitRowActions(actions);
  const button = (a: RowAction) => (
    <button
      key={a.key}
      type="button"
      className={`ys-dt__action${a.danger ? ' is-danger' : ''}`}
      disabled={a.disabled}
      title={a.disabled ? a.reason : undefined}
      data-action={a.key}
      onClick={a.onClick}
    >
      {a.label}
    </button>
  );
  return (
    <span className="ys-dt__actions">
      {inline.map(button)}
      {more.length ? (
        <Popover.Menu
          trigger="click"
          placement="bottom-end"
          className="ys-dt__more-menu"
          actions={more.map((a) => ({
            key: a.key,
            text: a.disabled && a.reason ? `${a.label}（${a.reason}）` : a.label,
            disabled: a.disabled,
            onClick: a.onClick,
          }))}
        >
          <button type="button" className="ys-dt__action" data-action="more">
            {t('table.more')}
            <DownOutline fontSize={10} />
          </button>
        </Popover.Menu>
      ) : null}
    </span>
  );
}

/**
 * The table's columns for @tanstack/react-table: the selection checkboxes, each data column with its
 * sort button, inline edit and copy, and the row actions.
 */
function useColumnDefs<R>({ columns, selectable, sort, onSort, rowActions, onEdit }: DataTableProps<R>): ColumnDef<R>[] {
  const { t } = useTranslation('resources');
  return useMemo<ColumnDef<R>[]>(() => {
    const out: ColumnDef<R>[] = [];
    if (selectable) {
      out.push({
        id: '__select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('table.select_all')}
            data-testid="select-all"
            checked={table.getIsAllRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomeRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('table.select_row')}
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      });
    }
    for (const c of columns) {
      out.push({
        id: c.id,
        header: () => {
          if (!c.sortable || !onSort) return c.header;
          const state: SortState = sort?.field === c.id ? sort.state : 'none';
          return (
            <button
              type="button"
              className={`ys-dt__sort is-${state}`}
              data-sort={state}
              data-testid={`sort-${c.id}`}
              onClick={() => {
                const next = nextSort(state);
                onSort({ field: next === 'none' ? null : c.id, state: next });
              }}
            >
              {c.header}
              <span className="ys-dt__sort-icons" aria-hidden="true">
                <UpOutline fontSize={9} />
                <DownOutline fontSize={9} />
              </span>
            </button>
          );
        },
        cell: ({ row }) => {
          const r = row.original;
          const body =
            c.editable && onEdit ? (
              <EditableCell value={c.text(r)} display={c.cell(r)} onSave={(v) => onEdit(r, c.id, v)} />
            ) : (
              <CellTip text={c.text(r)}>{c.cell(r)}</CellTip>
            );
          return (
            <span className="ys-dt__cell">
              {body}
              {c.copyable ? (
                <button type="button" className="ys-dt__copy" aria-label={t('table.copy')} onClick={() => copyToClipboard(c.text(r), t('table.copied'))}>
                  <FileOutline fontSize={13} />
                </button>
              ) : null}
            </span>
          );
        },
      });
    }
    if (rowActions) {
      out.push({ id: '__actions', header: () => t('table.actions'), cell: ({ row }) => <ActionsCell actions={rowActions(row.original)} /> });
    }
    return out;
  }, [columns, selectable, onSort, sort, onEdit, rowActions, t]);
}

export function DataTable<R>(props: DataTableProps<R>) {
  const { t } = useTranslation('resources');
  const { columns, rows, rowKey, visibility = {}, selectable, selected = [], onSelectedChange, canSelect, loading, emptyText, testId } = props;
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selected.map((id) => [id, true])), [selected]);

  const defs = useColumnDefs(props);

  const columnVisibility = useMemo(() => Object.fromEntries(columns.map((c) => [c.id, c.frozen || visibility[c.id] !== false])), [columns, visibility]);
  const table = useReactTable({
    data: rows,
    columns: defs,
    getRowId: (r) => rowKey(r),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: selectable ? (row) => canSelect?.(row.original) ?? true : false,
    state: { rowSelection, columnVisibility },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      onSelectedChange?.(Object.keys(next).filter((k) => next[k]));
    },
  });

  // When the table scrolls sideways the checkbox and the first frozen column (the name) stay put on
  // the left, the actions on the right.
  const firstFrozen = columns.find((c) => c.frozen && columnVisibility[c.id] !== false)?.id;
  const selectTh = useRef<HTMLTableCellElement | null>(null);
  const [selectWidth, setSelectWidth] = useState(0);
  useLayoutEffect(() => {
    setSelectWidth(selectable ? (selectTh.current?.offsetWidth ?? 0) : 0);
  }, [selectable, rows.length]);
  const cellClass = (id: string, base = '') => {
    const extra = id === '__actions' ? 'ys-dt__sticky' : id === '__select' ? 'ys-dt__freeze' : id === firstFrozen ? 'ys-dt__freeze ys-dt__freeze--edge' : '';
    return [base, extra].filter(Boolean).join(' ') || undefined;
  };
  const cellStyle = (id: string): CSSProperties | undefined => (id === firstFrozen ? { left: selectWidth } : undefined);

  return (
    <div className="ys-dt" data-testid={testId ?? 'data-table'} aria-busy={loading || undefined}>
      <table className="ys-dt__table">
        <thead>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => (
                <th
                  key={h.id}
                  ref={h.column.id === '__select' ? selectTh : undefined}
                  className={cellClass(h.column.id, 'ys-dt__th')}
                  style={cellStyle(h.column.id)}
                >
                  {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-row-id={row.id} className={row.getIsSelected() ? 'is-selected' : undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cellClass(cell.column.id)} style={cellStyle(cell.column.id)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!rows.length && !loading ? (
        <div className="ys-dt__empty" data-testid="table-empty">
          {emptyText ?? t('table.empty')}
        </div>
      ) : null}
      {loading ? (
        <div className="ys-dt__loading">
          <SpinLoading />
        </div>
      ) : null}
    </div>
  );
}
