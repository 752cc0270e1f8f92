// The desktop list (≥1200px): the seed's shared list page in full — title, notice, help docs,
// search area, batch-operation menu, table, pagination, custom columns saved per route.
import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, NoticeBar, Popover } from 'antd-mobile';
import { AddOutline, DownlandOutline, SetOutline, LoopOutline } from 'antd-mobile-icons';
import { NON_PERSISTENT_COLUMN_ROUTES } from '../../../../domain/schemas/reference.schema.ts';
import { DataTable, type DataColumn, type RowAction } from '../../../ui/data-table/data-table.tsx';
import { Pagination } from '../../../ui/data-table/pagination.tsx';
import { ColumnSettings } from '../../../ui/data-table/column-settings.tsx';
import { decodeVisibility, encodeVisibility } from '../../../ui/data-table/table-rules.ts';
import { HelpDocs } from '../../../ui/help-docs.tsx';
import { manualsOf } from '../../../../domain/kinds/manuals.ts';
import { listResources, loadColumns, queueExport, saveColumns, updateResource } from '../api.ts';
import {
  actionBlock,
  actionLabel,
  offeredBatchActions,
  buyPath,
  detailPath,
  displayValue,
  fieldLabel,
  menuActions,
  routePath,
  selectableRow,
  type PlaceNames,
  type Resource,
} from '../kind-meta.ts';
import { initialListState, listParams, listReducer, type ListFilters } from '../list-state.ts';
import { BarFilters } from './filter-bar.tsx';
import { useDebounced, useUrlFilters } from './url-filters.ts';
import { SEARCH_PARAM } from './filter-model.ts';
import { getPageSize, setPageSize } from '../../../lib/session.ts';
import { formRoutesOf, ROUTE_FORM_TITLES } from '../forms/route-form-names.ts';
import { useActionRunner } from '../actions.tsx';
import { ExportNotice, StatusBadge, usePlaceNames, useExportNotice } from '../parts.tsx';
import { useCreateForm } from '../forms/create-form.tsx';
import { settlePoll } from '../live.ts';
import { refLink } from '../ref-link.ts';
import type { ListAction, ListKind } from '../../../../domain/kinds/list-kind.ts';
import { fullKind } from '../full-kind.ts';
import { resourceKeys } from '../query-keys.ts';

export { useDebounced };

export function DesktopList({ def: listDef, route, title }: { def: ListKind; route: string; title: string }) {
  const def = fullKind(listDef);
  const { t } = useTranslation();
  const client = useQueryClient();
  const places = usePlaceNames();
  // Sort and page are the page's own; the filters live in the URL (reload and back keep them).
  const [state, dispatch] = useReducer(listReducer, undefined, () => initialListState(getPageSize(route, 10)));
  const [filters, setUrlFilters] = useUrlFilters(def);
  const setFilters = (next: ListFilters) => {
    setUrlFilters(next);
    dispatch({ type: 'page', page: 1, pageSize: state.pageSize });
  };
  // The chosen page size outlives a reload (per list).
  useEffect(() => {
    setPageSize(route, state.pageSize);
  }, [route, state.pageSize]);
  const [selected, setSelected] = useState<string[]>([]);
  const [nameInput, setNameInput] = useNameSearch(filters, setFilters);
  const params = listParams({ ...state, filters });
  const q = useQuery({
    queryKey: resourceKeys.list(def.kind, params),
    queryFn: ({ signal }) => listResources(def, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: settlePoll,
  });
  const rows = q.data?.data ?? [];
  useEffect(() => {
    setSelected([]);
  }, [state, filters]);
  // A finished action (batch or single) clears the selection: its rows have moved on (deleted…).
  const runner = useActionRunner(def, { onChanged: () => setSelected([]) });
  const exportNotice = useExportNotice();

  const custom = useColumnChoices(def, route);
  const { shown } = custom;
  const columns = useTableColumns(def, places);

  const rowActions = (r: Resource): RowAction[] =>
    menuActions(def)
      .filter((a) => actionBlock(def, a, r) === null)
      .map((a) => ({ key: a.id, label: actionLabel(t, def, a.id), danger: a.dialog === 'delete', onClick: () => runner.run(a, [r]) }));
  const batchActions = menuActions(def).filter((a) => a.batch);
  const selectedRows = rows.filter((r) => selected.includes(r.id) && selectableRow(r));
  // Only what the state machine allows for at least one selected row (none for hosts awaiting approval).
  const offered = offeredBatchActions(def, batchActions, selectedRows);
  const buy = buyPath(def);
  const forms = formRoutesOf(def);
  const creator = useCreateForm(def, 'desktop');

  const onEdit = async (r: Resource, _col: string, value: string) => {
    const updated = await updateResource(def, r.id, { name: value });
    client.setQueriesData<{ data: Resource[] }>(
      { queryKey: resourceKeys.lists(def.kind) },
      (old) => old && { ...old, data: old.data.map((x) => (x.id === r.id ? { ...x, name: updated.name } : x)) },
    );
  };
  const doExport = async () => {
    const fields = def.columns.filter((c) => c.frozen || shown[c.field] !== false).map((c) => c.field);
    try {
      await queueExport(def, fields, { ...filters });
      exportNotice.show();
    } catch {
      /* notice shown */
    }
  };

  return (
    <div className="ys-rlist ys-rlist--desk" data-kind={def.kind}>
      <div className="ys-rlist__head">
        <h1 className="ys-page__title">{title}</h1>
        <HelpDocs docs={manualsOf(def.kind)} />
      </div>
      <NoticeBar className="ys-rlist__notice" content={t('resources:list.notice', { kind: t(`kinds:${def.kind}.name`) })} color="info" />
      <div className="ys-rlist__search" role="search">
        <input
          className="ys-input"
          placeholder={t(def.search ? 'resources:filters.name_or_ip' : 'resources:filters.name')}
          aria-label={t(def.search ? 'resources:filters.name_or_ip' : 'resources:filters.name')}
          value={nameInput}
          data-testid="search-name"
          onChange={(e) => setNameInput(e.target.value)}
        />
        <BarFilters def={def} filters={filters} onChange={setFilters} />
        <Button
          size="small"
          data-testid="filter-reset"
          onClick={() => {
            setNameInput('');
            setUrlFilters({});
            dispatch({ type: 'reset' });
          }}
        >
          {t('resources:filters.reset')}
        </Button>
      </div>
      <div className="ys-rlist__toolbar">
        <CreateButtons def={def} forms={forms} buy={buy} creator={creator.trigger} />
        {batchActions.length ? (
          <BatchButton def={def} offered={selectedRows.length ? offered : []} count={selectedRows.length} onRun={(a) => runner.run(a, selectedRows)} />
        ) : null}
        <span className="ys-rlist__spacer" />
        <Button size="small" onClick={() => void q.refetch()} aria-label={t('resources:list.refresh')}>
          <LoopOutline />
        </Button>
        <Button size="small" data-testid="export" onClick={doExport}>
          <DownlandOutline /> {t('resources:export.button')}
        </Button>
        <Button size="small" data-testid="columns" onClick={() => custom.setOpen(true)}>
          <SetOutline /> {t('resources:table.columns')}
        </Button>
      </div>
      <ExportNotice visible={exportNotice.visible} onClose={exportNotice.hide} />
      <DataTable<Resource>
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        visibility={shown}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        canSelect={selectableRow}
        sort={state.sort}
        onSort={(s) => dispatch({ type: 'sort', field: s.field, state: s.state })}
        rowActions={rowActions}
        onEdit={onEdit}
        loading={q.isLoading}
        emptyText={t('resources:table.empty')}
        testId="resource-table"
      />
      <Pagination
        page={state.page}
        pageSize={state.pageSize}
        total={q.data?.count}
        pageRows={rows.length}
        onChange={(page, pageSize) => dispatch({ type: 'page', page, pageSize })}
      />
      <ColumnSettings open={custom.open} columns={custom.choices} visible={shown} onClose={() => custom.setOpen(false)} onSave={custom.save} />
      {runner.element}
      {creator.element}
    </div>
  );
}

/** The table's columns: the kind's list columns, their header, text and cell (status badge, links). */
function useTableColumns(def: ListKind, places: PlaceNames): DataColumn<Resource>[] {
  const { t } = useTranslation();
  return useMemo<DataColumn<Resource>[]>(
    () =>
      def.columns.map((c) => ({
        id: c.field,
        header: fieldLabel(t, def, c.field),
        frozen: c.frozen,
        sortable: c.sortable,
        copyable: c.copyable,
        editable: c.editable,
        text: (r) => (c.field === 'name' ? r.name : displayValue(t, def, r, c.field, places)),
        cell: (r) => {
          if (c.field === 'status') return <StatusBadge def={def} status={r.status} />;
          if (c.field === 'name') {
            const to = detailPath(def, r.id);
            return to ? <Link to={to}>{r.name}</Link> : <span>{r.name}</span>;
          }
          // A cloud's ID is long (32 characters in the demo): its head identifies the row, the
          // copy button beside it copies it whole, and the table keeps room for the columns after it.
          if (c.field === 'id')
            return (
              <span className="ys-dt__id" title={r.id}>
                {r.id}
              </span>
            );
          const link = refLink(def, r, c.field);
          const text = displayValue(t, def, r, c.field, places);
          return link && text !== '-' ? <Link to={link}>{text}</Link> : <span title={text.length > 20 ? text : undefined}>{text}</span>;
        },
      })),
    [def, t, places],
  );
}

/** 购买 / the kind's own form routes / the create form's trigger, whichever the kind has. */
function CreateButtons({ def, forms, buy, creator }: { def: ListKind; forms: string[]; buy: string | undefined; creator: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (forms.length)
    return (
      <>
        {forms.map((r, i) => (
          <Button
            key={r}
            size="small"
            color="primary"
            fill={i ? 'outline' : 'solid'}
            data-testid={i ? `form-${r}` : 'buy'}
            onClick={() => navigate(routePath(r)!)}
          >
            <AddOutline /> {t(ROUTE_FORM_TITLES[r]!.titleKey)}
          </Button>
        ))}
      </>
    );
  if (buy)
    return (
      <Button size="small" color="primary" data-testid="buy" onClick={() => navigate(buy)}>
        <AddOutline /> {t('resources:list.buy', { kind: t(`kinds:${def.kind}.name`) })}
      </Button>
    );
  return <>{creator}</>;
}

/** The batch menu: the actions the selection allows, or a disabled button saying to select first. */
function BatchButton({ def, offered, count, onRun }: { def: ListKind; offered: ListAction[]; count: number; onRun: (a: ListAction) => void }) {
  const { t } = useTranslation();
  if (count && offered.length)
    return (
      <Popover.Menu
        trigger="click"
        placement="bottom-start"
        className="ys-dt__more-menu"
        actions={offered.map((a) => ({ key: a.id, text: actionLabel(t, def, a.id), onClick: () => onRun(a) }))}
      >
        <Button size="small" data-testid="batch">
          {t('resources:list.batch', { count })}
        </Button>
      </Popover.Menu>
    );
  return (
    <span className="ys-tip" data-tip={t('kinds:messages.select_first')} title={t('kinds:messages.select_first')}>
      <Button size="small" disabled data-testid="batch">
        {t('resources:list.batch_none')}
      </Button>
    </span>
  );
}

/** Custom columns: what is shown, saved per route except where the seed says no (NON_PERSISTENT_COLUMN_ROUTES). */
function useColumnChoices(def: ListKind, route: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const persistent = !(NON_PERSISTENT_COLUMN_ROUTES as readonly string[]).includes(route);
  const choices = useMemo(() => def.columns.map((c) => ({ id: c.field, label: fieldLabel(t, def, c.field), frozen: c.frozen })), [def, t]);
  const defaults = useMemo(() => Object.fromEntries(def.columns.map((c) => [c.field, c.display !== false])), [def]);
  const saved = useQuery({ queryKey: resourceKeys.columns(route), queryFn: () => loadColumns(route), enabled: persistent, staleTime: Infinity });
  const [visibility, setVisibility] = useState<Record<string, boolean> | null>(null);
  const shown = visibility ?? decodeVisibility(choices, saved.data?.fields_item, defaults);
  const [open, setOpen] = useState(false);
  const save = (v: Record<string, boolean>) => {
    setVisibility(v);
    setOpen(false);
    if (persistent)
      void saveColumns(route, encodeVisibility(choices, v))
        .then(() => client.setQueryData(resourceKeys.columns(route), { route, fields_item: encodeVisibility(choices, v) }))
        .catch(() => undefined);
  };
  return { choices, shown, open, setOpen, save };
}

/** The name box: writes `name` to the filters once typing pauses, and follows the URL when it changes under it (back, reset). */
function useNameSearch(filters: ListFilters, setFilters: (next: ListFilters) => void): [string, (v: string) => void] {
  const [nameInput, setNameInput] = useState(filters[SEARCH_PARAM] ?? '');
  const [lastName, setLastName] = useState(filters[SEARCH_PARAM] ?? '');
  // The URL's name changed under us (back, reset): the box shows it.
  if ((filters[SEARCH_PARAM] ?? '') !== lastName) {
    setLastName(filters[SEARCH_PARAM] ?? '');
    setNameInput(filters[SEARCH_PARAM] ?? '');
  }
  const name = useDebounced(nameInput.trim());
  useEffect(() => {
    if (name !== (filters[SEARCH_PARAM] ?? '')) setFilters({ ...filters, [SEARCH_PARAM]: name });
  }, [name]); // eslint-disable-line react-hooks/exhaustive-deps
  return [nameInput, setNameInput];
}
