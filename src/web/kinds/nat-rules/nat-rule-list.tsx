// The rules of one NAT gateway (SNAT / DNAT / IPv6 tab of natDetail): the list call carries
// nat_gateway_id, so the server narrows it inside the caller's tenant and project. Phone: cards in
// a cursor-paged infinite list with an action sheet per card; wider: a table with row and batch
// actions and offset pagination. Status changes arrive live (the query keys start with
// ['res', kind], which live.ts patches). The notice above the list says when a new rule takes
// effect in the current project: at once, or after approval at the hour the server names
// (GET /api/v1/approval-requirements: 22:00 for NAT rules, 18:00 in finance production).
import { useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { ActionSheet, Button, NoticeBar, Popover } from 'antd-mobile';
import { AddOutline, LoopOutline, MoreOutline } from 'antd-mobile-icons';
import type { ListAction, ListKind } from '../../../domain/kinds/list-kind.ts';
import { DataTable, type DataColumn, type RowAction } from '../../ui/data-table/data-table.tsx';
import { Pagination } from '../../ui/data-table/pagination.tsx';
import { useBreakpoint } from '../../lib/hooks.ts';
import { ensureErrorTexts, get } from '../../lib/request.ts';
import { projectAtom, tenantAtom } from '../../lib/store.ts';
import { listResources } from '../../features/resources/api.ts';
import { actionBlock, actionLabel, displayValue, fieldLabel, menuActions, type Resource } from '../../features/resources/kind-meta.ts';
import { useActionRunner } from '../../features/resources/actions.tsx';
import { CopyId, PagedListEnd, StatusBadge } from '../../features/resources/parts.tsx';
import { issueNotice, ruleCardKeys, type ApprovalRequirement } from './nat-rules.ts';
import { settlePoll } from '../../features/resources/live.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import './nat-rules.css';

export const RULE_PAGE_SIZE = 20;

/** When a rule of `kind` added here takes effect; nothing until the server has said (never a wrong promise). */
function IssueNotice({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  const q = useQuery({
    queryKey: resourceKeys.approvalRequirements(tenant?.id, project?.id, kind),
    queryFn: ({ signal }) => get<{ data: ApprovalRequirement[] }>('v1/approval-requirements', { types: kind }, { isNeedloading: false, notice: false, signal }),
    staleTime: 60_000,
  });
  const r = q.data?.data.find((d) => d.type === kind);
  if (!r) return null;
  const { key, hour } = issueNotice(r);
  return (
    <NoticeBar
      className="ys-rlist__notice"
      data-testid="rule-issue-notice"
      data-approval={r.needs_approval ? 'yes' : 'no'}
      wrap
      content={t(`nat:list.${key}`, { hour })}
      color="info"
    />
  );
}

interface ListProps {
  def: ListKind;
  gateway: Resource;
  onAdd: () => void;
  onEdit: (row: Resource) => void;
  compact?: boolean;
}

function useRowMenu(def: ListKind, onEdit: (row: Resource) => void) {
  const { t } = useTranslation();
  const runner = useActionRunner(def);
  const actions = menuActions(def);
  const editable = (r: Resource) => !actionBlockedByState(def, r);
  return {
    runner,
    batch: actions.filter((a) => a.batch),
    items: (r: Resource): RowAction[] => [
      { key: 'edit', label: t('resources:table.edit'), disabled: !editable(r), onClick: () => onEdit(r) },
      ...actions.map((a: ListAction) => {
        const block = actionBlock(def, a, r);
        return {
          key: a.id,
          label: actionLabel(t, def, a.id),
          disabled: block !== null,
          danger: a.dialog === 'delete',
          reason: block ? t(`errors:${block}`, { defaultValue: t('kinds:messages.no_actions') }) : undefined,
          onClick: () => runner.run(a, [r]),
        };
      }),
    ],
  };
}

/** A rule is edited (name, description) only in a stable state, as the server requires. */
function actionBlockedByState(def: ListKind, r: Resource): boolean {
  return !def.statuses.stable.includes(r.status) && !def.statuses.failure.includes(r.status);
}

function RuleCards({ def, gateway, onAdd, onEdit }: ListProps) {
  const { t } = useTranslation();
  const params = { nat_gateway_id: gateway.id };
  const q = useInfiniteQuery({
    queryKey: resourceKeys.gatewayCards(def.kind, gateway.id),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => listResources(def, { ...params, __limit: RULE_PAGE_SIZE, __cursor: pageParam }, signal),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: settlePoll,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.data) ?? [], [q.data]);
  const menu = useRowMenu(def, onEdit);
  const [sheetRow, setSheetRow] = useState<Resource | null>(null);
  // The sheet says why an action is refused in the error texts: they load with the first tap (as on a kind's list).
  const openSheet = (r: Resource) => void ensureErrorTexts().then(() => setSheetRow(r));
  const keys = ruleCardKeys(def);
  return (
    <div className="ys-natrules ys-natrules--phone" data-kind={def.kind} data-testid="rule-list">
      <IssueNotice kind={def.kind} />
      <div className="ys-natrules__bar">
        <span className="ys-natrules__title">{t(`kinds:${def.kind}.name`)}</span>
        <button type="button" className="ys-iconbtn" aria-label={t('nat:list.refresh')} onClick={() => void q.refetch()}>
          <LoopOutline fontSize={18} />
        </button>
        <Button size="small" color="primary" data-testid="rule-add" onClick={onAdd}>
          <AddOutline /> {t('nat:list.add')}
        </Button>
      </div>
      {rows.map((r) => (
        <article key={r.id} className="ys-card ys-natrules__card" data-testid="rule-card" data-id={r.id} data-status={r.status} onClick={() => openSheet(r)}>
          <div className="ys-card__top">
            <div className="ys-card__name">{r.name}</div>
            <StatusBadge def={def} status={r.status} />
            <button
              type="button"
              className="ys-card__more"
              aria-label={t('resources:list.actions')}
              data-testid="card-more"
              onClick={(e) => {
                e.stopPropagation();
                openSheet(r);
              }}
            >
              <MoreOutline fontSize={18} />
            </button>
          </div>
          {/* Not the 32-hex id on a card (issue 28): 「ID」 with its copy button. */}
          <CopyId id={r.id} shown="ID" label={t('resources:table.copy_id')} />
          <dl className="ys-natrules__spec">
            {keys.map((k) => (
              <div key={k} className="ys-card__kv">
                <dt>{fieldLabel(t, def, k)}</dt>
                <dd>{displayValue(t, def, r, k)}</dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
      {!q.isLoading && !rows.length ? (
        <div className="ys-empty" data-testid="list-empty">
          {t('resources:table.empty')}
        </div>
      ) : null}
      <PagedListEnd q={q} count={rows.length} />
      <ActionSheet
        visible={sheetRow !== null}
        onClose={() => setSheetRow(null)}
        cancelText={t('resources:common.cancel')}
        extra={sheetRow?.name}
        actions={
          sheetRow
            ? menu.items(sheetRow).map((a) => ({
                key: a.key,
                text: a.label,
                danger: a.danger,
                disabled: a.disabled,
                description: a.reason,
                onClick: () => {
                  setSheetRow(null);
                  a.onClick();
                },
              }))
            : []
        }
      />
      {menu.runner.element}
    </div>
  );
}

function RuleTable({ def, gateway, onAdd, onEdit }: ListProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const params = { nat_gateway_id: gateway.id, __limit: page.pageSize, __offset: (page.page - 1) * page.pageSize };
  const q = useQuery({
    queryKey: resourceKeys.gatewayPage(def.kind, gateway.id, params),
    queryFn: ({ signal }) => listResources(def, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: settlePoll,
  });
  const rows = q.data?.data ?? [];
  const menu = useRowMenu(def, onEdit);
  const selectedRows = rows.filter((r) => selected.includes(r.id));
  const columns = useMemo<DataColumn<Resource>[]>(
    () =>
      def.columns.map((c) => ({
        id: c.field,
        header: fieldLabel(t, def, c.field),
        frozen: c.frozen,
        copyable: c.copyable,
        text: (r) => (c.field === 'name' ? r.name : displayValue(t, def, r, c.field)),
        cell: (r) =>
          c.field === 'status' ? <StatusBadge def={def} status={r.status} /> : <span>{c.field === 'name' ? r.name : displayValue(t, def, r, c.field)}</span>,
      })),
    [def, t],
  );
  const rowActions = (r: Resource): RowAction[] => menu.items(r).filter((a) => !a.disabled);
  return (
    <div className="ys-natrules ys-natrules--desk" data-kind={def.kind} data-testid="rule-list">
      <IssueNotice kind={def.kind} />
      <div className="ys-rlist__toolbar">
        <Button size="small" color="primary" data-testid="rule-add" onClick={onAdd}>
          <AddOutline /> {t('nat:list.add')}
        </Button>
        {menu.batch.length ? (
          selectedRows.length ? (
            <Popover.Menu
              trigger="click"
              placement="bottom-start"
              className="ys-dt__more-menu"
              actions={menu.batch.map((a) => ({
                key: a.id,
                text: actionLabel(t, def, a.id),
                onClick: () => {
                  menu.runner.run(a, selectedRows);
                  setSelected([]);
                },
              }))}
            >
              <Button size="small" data-testid="batch">
                {t('resources:list.batch', { count: selectedRows.length })}
              </Button>
            </Popover.Menu>
          ) : (
            <span className="ys-tip" data-tip={t('kinds:messages.select_first')} title={t('kinds:messages.select_first')}>
              <Button size="small" disabled data-testid="batch">
                {t('resources:list.batch_none')}
              </Button>
            </span>
          )
        ) : null}
        <span className="ys-rlist__spacer" />
        <Button size="small" onClick={() => void q.refetch()} aria-label={t('nat:list.refresh')}>
          <LoopOutline />
        </Button>
      </div>
      <DataTable<Resource>
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        rowActions={rowActions}
        loading={q.isLoading}
        emptyText={t('resources:table.empty')}
        testId="rule-table"
      />
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={q.data?.count}
        pageRows={rows.length}
        onChange={(p, size) => setPage({ page: size !== page.pageSize ? 1 : p, pageSize: size })}
        small
      />
      {menu.runner.element}
    </div>
  );
}

export function NatRuleList(props: ListProps) {
  const bp = useBreakpoint();
  // Cards on phones and in the tablet split view's narrow detail pane; a table where there is room.
  return bp === 'phone' || props.compact ? <RuleCards {...props} /> : <RuleTable {...props} />;
}
