// The phone list (<768px; also the left pane on tablets): a cursor-paged infinite list of cards
// (TanStack useInfiniteQuery over __cursor, windowed with @tanstack/react-virtual once it grows
// long), pull to refresh, a filter sheet of the kind's declared filters (filter-bar.tsx; kept in
// the URL), name search debounced 300 ms, an action sheet per card, multi-select for batch actions.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, SearchBar } from 'antd-mobile';
import { ActionSheet, Popup } from '../../../ui/light/overlay.tsx';
import { PullToRefresh } from '../../../ui/light/pull-to-refresh.tsx';
import { AddOutline, DownlandOutline, FilterOutline, MoreOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ListAction, ListKind } from '../../../../domain/kinds/list-kind.ts';
import { listResources, queueExport } from '../api.ts';
import {
  actionBlock,
  actionLabel,
  buyPath,
  cardAddress,
  cardSpecKeys,
  detailPath,
  displayValue,
  fieldLabel,
  menuActions,
  routePath,
  selectableRow,
  type PlaceNames,
  type Resource,
  offeredBatchActions,
} from '../kind-meta.ts';
import type { ListFilters } from '../list-state.ts';
import { activeFilterCount, SEARCH_PARAM } from './filter-model.ts';
import { useDebounced, useUrlFilters } from './url-filters.ts';
import { formRoutesOf, ROUTE_FORM_TITLES } from '../forms/route-form-names.ts';
import { useActionRunner } from '../actions.tsx';
import { CopyId, ExportNotice, PagedListEnd, StatusBadge, useExportNotice, usePlaceNames } from '../parts.tsx';
import { useCreateForm } from '../forms/create-form.tsx';
import { settlePoll } from '../live.ts';
import { ensureErrorTexts } from '../../../lib/request.ts';
import { resourceKeys } from '../query-keys.ts';

export const PHONE_PAGE_SIZE = 50;
/** Cards are windowed beyond this many rows (the first pages render whole). */
export const VIRTUALIZE_AFTER = 100;
// The virtualizer's chunk loads when a list first grows past VIRTUALIZE_AFTER (virtual-rows.tsx).
const VirtualRows = lazy(() => import('./virtual-rows.tsx'));
// The filter sheet's controls (and the kit's selector, switch and input) load when it first opens.
const SheetFilters = lazy(() => import('./filter-bar.tsx').then((m) => ({ default: m.SheetFilters })));

function Card({
  def,
  row,
  places,
  selecting,
  checked,
  onToggle,
  onOpen,
  onMore,
}: {
  def: ListKind;
  row: Resource;
  places: PlaceNames;
  selecting: boolean;
  checked: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const address = cardAddress(def, row);
  const place = [displayValue(t, def, row, 'vendor'), row.region_id ? places.regions[row.region_id] : null].filter((x) => x && x !== '-').join(' · ');
  return (
    <article
      className={`ys-card${checked ? ' is-checked' : ''}`}
      data-testid="resource-card"
      data-id={row.id}
      data-status={row.status}
      onClick={selecting ? onToggle : onOpen}
    >
      <div className="ys-card__top">
        {selecting ? (
          <Checkbox checked={checked} disabled={!selectableRow(row)} onClick={(e) => e.stopPropagation()} onChange={onToggle} aria-label={row.name} />
        ) : null}
        <div className="ys-card__name">{row.name}</div>
        <StatusBadge def={def} status={row.status} />
        {!selecting ? (
          <button
            type="button"
            className="ys-card__more"
            aria-label={t('resources:list.actions')}
            data-testid="card-more"
            onClick={(e) => {
              e.stopPropagation();
              onMore();
            }}
          >
            <MoreOutline fontSize={18} />
          </button>
        ) : null}
      </div>
      {/* Not the 32-hex id: the address people search by, else 「ID」 with its copy button (issue 28). */}
      {address ? <CopyId id={address} label={t('resources:table.copy_address')} /> : <CopyId id={row.id} shown="ID" label={t('resources:table.copy_id')} />}
      {place ? <div className="ys-card__place">{place}</div> : null}
      <dl className="ys-card__spec">
        {cardSpecKeys(def).map((k) => (
          <div key={k} className="ys-card__kv">
            <dt>{fieldLabel(t, def, k)}</dt>
            <dd>{displayValue(t, def, row, k, places)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

function FilterSheet({
  def,
  open,
  filters,
  onClose,
  onApply,
}: {
  def: ListKind;
  open: boolean;
  filters: ListFilters;
  onClose: () => void;
  onApply: (f: ListFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const [lastOpen, setLastOpen] = useState(open);
  const [opened, setOpened] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setDraft(filters);
      setOpened(true);
    }
  }
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}>
      <div className="ys-sheet ys-sheet--filters" data-testid="filter-sheet">
        <div className="ys-sheet__title">{t('resources:filters.title')}</div>
        {opened ? (
          <Suspense fallback={<div className="ys-sheet__loading">{t('resources:common.loading')}</div>}>
            <SheetFilters def={def} filters={draft} onChange={setDraft} />
          </Suspense>
        ) : null}
        <div className="ys-sheet__foot">
          <Button onClick={() => setDraft(draft[SEARCH_PARAM] ? { [SEARCH_PARAM]: draft[SEARCH_PARAM] } : {})}>{t('resources:filters.reset')}</Button>
          <Button color="primary" data-testid="filter-apply" onClick={() => onApply(draft)}>
            {t('resources:filters.apply')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

export function PhoneList({ def, onSelect, activeId }: { def: ListKind; onSelect?: (row: Resource) => void; activeId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const places = usePlaceNames();
  // The filters live in the URL (reload and back keep them); the search box writes `name` there once typing pauses.
  const [filters, setFilters] = useUrlFilters(def);
  const [search, setSearch] = useState(filters[SEARCH_PARAM] ?? '');
  const name = useDebounced(search.trim());
  useEffect(() => {
    if (name !== (filters[SEARCH_PARAM] ?? '')) setFilters({ ...filters, [SEARCH_PARAM]: name });
  }, [name]); // eslint-disable-line react-hooks/exhaustive-deps
  const params = filters;
  const q = useInfiniteQuery({
    queryKey: resourceKeys.infinite(def.kind, params),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => listResources(def, { ...params, __limit: PHONE_PAGE_SIZE, __cursor: pageParam }, signal),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: settlePoll,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.data) ?? [], [q.data]);
  const runner = useActionRunner(def, { onChanged: () => setChecked([]) });
  const [sheetRow, setSheetRow] = useState<Resource | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const virtual = rows.length > VIRTUALIZE_AFTER;
  // Fetched a few pages ahead of the threshold, so the switch to windowed rows does not wait for it.
  const nearVirtual = rows.length > VIRTUALIZE_AFTER / 2;
  useEffect(() => {
    if (nearVirtual) void import('./virtual-rows.tsx');
  }, [nearVirtual]);
  const buy = buyPath(def);
  const forms = formRoutesOf(def);
  const [formsOpen, setFormsOpen] = useState(false);
  const creator = useCreateForm(def, 'phone');
  const filterCount = activeFilterCount(filters);

  const open = (r: Resource) => {
    if (onSelect) onSelect(r);
    else {
      const to = detailPath(def, r.id);
      if (to) navigate(to);
    }
  };
  const toggle = (id: string) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const card = (r: Resource) => (
    <Card
      def={def}
      row={r}
      places={places}
      selecting={selecting}
      checked={checked.includes(r.id) || activeId === r.id}
      onToggle={() => {
        if (selectableRow(r)) toggle(r.id);
      }}
      onOpen={() => open(r)}
      // The sheet names why an action is refused (errors.json): those texts are not part of the
      // list's first load (PAGE_NAMESPACES), so the sheet opens once they are there.
      onMore={() => void ensureErrorTexts().then(() => setSheetRow(r))}
    />
  );
  const batchActions = menuActions(def).filter((a) => a.batch);
  const exportNotice = useExportNotice();
  const doExport = async () => {
    const fields = def.columns.filter((c) => c.frozen || c.display !== false).map((c) => c.field);
    try {
      await queueExport(def, fields, { ...params });
      exportNotice.show();
    } catch {
      /* notice shown */
    }
  };
  const checkedRows = rows.filter((r) => checked.includes(r.id) && selectableRow(r));

  return (
    <div className="ys-rlist ys-rlist--phone" data-kind={def.kind}>
      <PhoneListBar
        def={def}
        search={search}
        setSearch={setSearch}
        filterCount={filterCount}
        onFilter={() => setFilterOpen(true)}
        selecting={batchActions.length ? selecting : null}
        onSelecting={() => {
          setSelecting((x) => !x);
          setChecked([]);
        }}
        onExport={doExport}
        onBuy={buy ? () => (forms.length > 1 ? setFormsOpen(true) : navigate(buy)) : null}
        creator={creator.trigger}
      />
      <ExportNotice visible={exportNotice.visible} onClose={exportNotice.hide} />
      <CardList q={q} rows={rows} card={card} virtual={virtual} />
      {selecting ? <BatchBar rows={rows} checkedRows={checkedRows} setChecked={setChecked} onBatch={() => setBatchOpen(true)} /> : null}
      <RowActionSheet
        def={def}
        row={sheetRow}
        onClose={() => setSheetRow(null)}
        onRun={(a, row) => {
          setSheetRow(null);
          runner.run(a, [row]);
        }}
      />
      <ActionSheet
        visible={formsOpen}
        onClose={() => setFormsOpen(false)}
        cancelText={t('resources:common.cancel')}
        data-testid="forms-sheet"
        actions={forms.map((r) => ({
          key: r,
          text: t(ROUTE_FORM_TITLES[r]!.titleKey),
          onClick: () => {
            setFormsOpen(false);
            navigate(routePath(r)!);
          },
        }))}
      />
      <BatchSheet
        def={def}
        open={batchOpen}
        actions={batchActions}
        rows={checkedRows}
        onClose={() => setBatchOpen(false)}
        onRun={(a) => {
          setBatchOpen(false);
          runner.run(a, checkedRows);
        }}
      />
      <FilterSheet
        def={def}
        open={filterOpen}
        filters={filters}
        onClose={() => setFilterOpen(false)}
        onApply={(f) => {
          setFilters({ ...f, ...(filters[SEARCH_PARAM] ? { [SEARCH_PARAM]: filters[SEARCH_PARAM] } : {}) });
          setFilterOpen(false);
        }}
      />
      {runner.element}
      {creator.element}
    </div>
  );
}

/** The more-actions sheet of a card: every menu action, the refused ones greyed with the reason. */
function RowActionSheet({
  def,
  row,
  onClose,
  onRun,
}: {
  def: ListKind;
  row: Resource | null;
  onClose: () => void;
  onRun: (a: ListAction, row: Resource) => void;
}) {
  const { t } = useTranslation();
  const actions = row
    ? menuActions(def).map((a: ListAction) => {
        const block = actionBlock(def, a, row);
        return {
          key: a.id,
          text: actionLabel(t, def, a.id),
          danger: a.dialog === 'delete',
          disabled: block !== null,
          description: block ? t(`errors:${block}`, { defaultValue: t('kinds:messages.no_actions') }) : undefined,
          onClick: () => onRun(a, row),
        };
      })
    : [];
  return <ActionSheet visible={row !== null} onClose={onClose} cancelText={t('resources:common.cancel')} extra={row?.name} actions={actions} />;
}

/** The bar under a list in multi-select mode: select all, how many, and the batch button. */
function BatchBar({
  rows,
  checkedRows,
  setChecked,
  onBatch,
}: {
  rows: Resource[];
  checkedRows: Resource[];
  setChecked: (ids: string[]) => void;
  onBatch: () => void;
}) {
  const { t } = useTranslation();
  const selectable = rows.filter(selectableRow);
  return (
    <div className="ys-rlist__batchbar" data-testid="batch-bar">
      <Checkbox
        checked={checkedRows.length > 0 && checkedRows.length === selectable.length}
        indeterminate={checkedRows.length > 0 && checkedRows.length < selectable.length}
        onChange={(c) => setChecked(c ? selectable.map((r) => r.id) : [])}
      >
        {t('resources:list.selected', { count: checkedRows.length })}
      </Checkbox>
      <Button size="small" color="primary" disabled={!checkedRows.length} data-testid="batch" onClick={onBatch}>
        {checkedRows.length ? t('resources:list.batch_none') : t('kinds:messages.select_first')}
      </Button>
    </div>
  );
}

interface BatchSheetProps {
  def: ListKind;
  open: boolean;
  actions: readonly ListAction[];
  rows: Resource[];
  onClose: () => void;
  onRun: (a: ListAction) => void;
}

/** The batch actions the state machine allows for at least one checked row. */
function BatchSheet({ def, open, actions, rows, onClose, onRun }: BatchSheetProps) {
  const { t } = useTranslation();
  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      cancelText={t('resources:common.cancel')}
      extra={t('resources:list.selected', { count: rows.length })}
      actions={offeredBatchActions(def, actions, rows).map((a) => ({
        key: a.id,
        text: actionLabel(t, def, a.id),
        danger: a.dialog === 'delete',
        onClick: () => onRun(a),
      }))}
    />
  );
}

interface PhoneListBarProps {
  def: ListKind;
  search: string;
  setSearch: (v: string) => void;
  filterCount: number;
  onFilter: () => void;
  /** whether multi-select is on; null when the kind has no batch action */
  selecting: boolean | null;
  onSelecting: () => void;
  onExport: () => void;
  /** 购买 (or the sheet of the kind's form routes); null when the kind is created in a form */
  onBuy: (() => void) | null;
  creator: ReactNode;
}

/** The bar above the cards: search, filters, multi-select, export, buy or create. */
function PhoneListBar({ def, search, setSearch, filterCount, onFilter, selecting, onSelecting, onExport, onBuy, creator }: PhoneListBarProps) {
  const { t } = useTranslation();
  return (
    <div className="ys-rlist__bar">
      <SearchBar
        className="ys-rlist__searchbar"
        placeholder={t(def.search ? 'resources:filters.name_or_ip' : 'resources:filters.name')}
        value={search}
        onChange={setSearch}
        data-testid="search-name"
      />
      <button
        type="button"
        className={`ys-iconbtn${filterCount ? ' is-active' : ''}`}
        aria-label={t('resources:filters.title')}
        data-testid="filter-open"
        onClick={onFilter}
      >
        <FilterOutline fontSize={20} />
        {filterCount ? <span className="ys-rlist__count">{filterCount}</span> : null}
      </button>
      {selecting !== null ? (
        <button
          type="button"
          className={`ys-iconbtn${selecting ? ' is-active' : ''}`}
          aria-label={t('resources:list.multi')}
          aria-pressed={selecting}
          data-testid="multi-select"
          onClick={onSelecting}
        >
          <UnorderedListOutline fontSize={20} />
        </button>
      ) : null}
      <button type="button" className="ys-iconbtn" aria-label={t('resources:export.button')} data-testid="export" onClick={onExport}>
        <DownlandOutline fontSize={20} />
      </button>
      {onBuy ? (
        <button
          type="button"
          className="ys-iconbtn ys-iconbtn--primary"
          aria-label={t('resources:list.buy', { kind: t(`kinds:${def.kind}.name`) })}
          data-testid="buy"
          onClick={onBuy}
        >
          <AddOutline fontSize={20} />
        </button>
      ) : (
        creator
      )}
    </div>
  );
}

/** What the card list reads of the infinite query. */
type PagedQuery = Parameters<typeof PagedListEnd>[0]['q'] & { refetch: () => Promise<unknown> };

interface CardListProps {
  q: PagedQuery;
  rows: Resource[];
  card: (r: Resource) => ReactNode;
  /** long lists draw only the cards in view (the virtualizer loads when a list first grows long) */
  virtual: boolean;
}

/** The cards, pulled to refresh, with the end-of-list line that fetches the next page. */
function CardList({ q, rows, card, virtual }: CardListProps) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await q.refetch();
      }}
      pullingText={t('resources:list.pull')}
      canReleaseText={t('resources:list.release')}
      refreshingText={t('resources:common.loading')}
      completeText={t('resources:list.refreshed')}
    >
      <div className="ys-rlist__cards" data-testid="card-list">
        {virtual ? (
          <Suspense
            fallback={rows.map((r) => (
              <div key={r.id}>{card(r)}</div>
            ))}
          >
            <VirtualRows rows={rows} card={card} />
          </Suspense>
        ) : (
          rows.map((r) => <div key={r.id}>{card(r)}</div>)
        )}
        {!q.isLoading && !rows.length ? (
          <div className="ys-empty" data-testid="list-empty">
            {t('resources:table.empty')}
          </div>
        ) : null}
      </div>
      <PagedListEnd q={q} count={rows.length} />
    </PullToRefresh>
  );
}
