// The admin lists (ecsAdminManage, volumeAdminManage; seed 000 §6 "admin-style pages"): a kind
// across every tenant for the platform administrators, with each row's tenant, project and tags,
// and the admin tag editor, whose calls name the row's own tenant_id/project_id. Each row offers the
// kind's actions as the tenant's own list does — the same state rules, confirmations and forms, run
// by the engine's route in the row's own tenant and project — where the administrator's roles there
// allow them. Phones get cards (actions in a sheet), wider screens a table; both page by offset
// (seed 000 §9 page sizes).
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, NoticeBar, Tag } from 'antd-mobile';
import { mayEditTagsAsAdmin, tagLabel } from '../../../../domain/schemas/shared-ops.schema.ts';
import { actionBlock, menuActions } from '../../../../domain/kinds/action-block.ts';
import { can, ROLES, type Role } from '../../../../domain/roles.ts';
import type { ListAction } from '../../../../domain/kinds/list-kind.ts';
import { ActionSheet } from '../../../ui/light/overlay.tsx';
import { useActionRunner } from '../actions.tsx';
import { actionLabel } from '../kind-meta.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table/data-table.tsx';
import { Pagination } from '../../../ui/data-table/pagination.tsx';
import { useBreakpoint } from '../../../lib/hooks.ts';
import { territoriesAtom } from '../../../lib/store.ts';
import { displayValue, fieldLabel } from '../kind-meta.ts';
import { CopyId, StatusBadge } from '../parts.tsx';
import { useDebounced } from './desktop-list.tsx';
import { AdminTagEditor } from '../forms/tag-editor.tsx';
import { listAdminResources, listTenantOptions, type AdminRow } from '../ops-api.ts';
import './ops.css';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { fullKind } from '../full-kind.ts';
import { resourceKeys } from '../query-keys.ts';

function TagChips({ row }: { row: AdminRow }) {
  const { t } = useTranslation();
  if (!row.tags.length) return <span className="ys-muted">{t('ops:admin_tags.none')}</span>;
  return (
    <span className="ys-admintags" data-testid="row-tags">
      {row.tags.map((tag) => (
        <Tag key={tag.id} color="primary" fill="outline">
          {tagLabel(tag)}
        </Tag>
      ))}
    </span>
  );
}

/** A row on a phone: name, status, id, tenant / project, tags, and its buttons (标签, 操作). */
function AdminCard({
  def,
  row: r,
  scope,
  onTags,
  onActions,
}: {
  def: ListKind;
  row: AdminRow;
  scope: string;
  onTags: (() => void) | null;
  onActions: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <article className="ys-card ys-admincard" data-testid="admin-card" data-id={r.id}>
      <div className="ys-card__top">
        <div className="ys-card__name">{r.name}</div>
        <StatusBadge def={def} status={r.status} />
      </div>
      {/* Not the 32-hex id on a card (issue 28): 「ID」 with its copy button. */}
      <CopyId id={r.id} shown="ID" label={t('resources:table.copy_id')} />
      <div className="ys-admincard__scope">{scope}</div>
      <TagChips row={r} />
      {onTags || onActions ? (
        <div className="ys-admincard__foot">
          {onTags ? (
            <Button size="mini" color="primary" fill="outline" data-testid="edit-tags" onClick={onTags}>
              {t('ops:admin_list.edit_tags')}
            </Button>
          ) : null}
          {onActions ? (
            <Button size="mini" color="primary" fill="outline" data-testid="row-actions" onClick={onActions}>
              {t('ops:admin_list.actions')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** The phone's sheet of a row's actions: those its state blocks are shown greyed with the reason, as in the tenant's list. */
function RowSheet({
  def,
  row,
  actions,
  extra,
  onClose,
  onRun,
}: {
  def: ListKind;
  row: AdminRow | null;
  actions: ListAction[];
  extra: string | undefined;
  onClose: () => void;
  onRun: (a: ListAction, row: AdminRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionSheet
      visible={row !== null}
      onClose={onClose}
      cancelText={t('resources:common.cancel')}
      extra={extra}
      actions={actions.map((a) => {
        const block = row ? actionBlock(def, a, row) : null;
        return {
          key: a.id,
          text: actionLabel(t, def, a.id),
          danger: a.dialog === 'delete',
          disabled: block !== null,
          description: block ? t(`errors:${block}`, { defaultValue: t('kinds:messages.no_actions') }) : undefined,
          onClick: () => row && onRun(a, row),
        };
      })}
    />
  );
}

/** The admin list's search: name or id, tenant, status. */
function AdminFilters({
  nameInput,
  setNameInput,
  tenant,
  setTenant,
  tenants,
  status,
  setStatus,
  statuses,
}: {
  nameInput: string;
  setNameInput: (v: string) => void;
  tenant: string;
  setTenant: (v: string) => void;
  tenants: { id: string; name: string }[];
  status: string;
  setStatus: (v: string) => void;
  statuses: string[];
}) {
  const { t } = useTranslation();
  return (
    <div className="ys-rlist__search ys-adminlist__search" role="search">
      <input
        className="ys-input"
        placeholder={t('ops:admin_list.search')}
        aria-label={t('ops:admin_list.search')}
        value={nameInput}
        data-testid="search-name"
        onChange={(e) => setNameInput(e.target.value)}
      />
      <select
        className="ys-input"
        aria-label={t('ops:admin_list.tenant')}
        value={tenant}
        data-testid="filter-tenant"
        onChange={(e) => setTenant(e.target.value)}
      >
        <option value="">{t('ops:admin_list.all_tenants')}</option>
        {tenants.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      <select
        className="ys-input"
        aria-label={t('resources:filters.status')}
        value={status}
        data-testid="filter-status"
        onChange={(e) => setStatus(e.target.value)}
      >
        <option value="">{t('resources:filters.all_status')}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {t(`kinds:status.${s}`, { defaultValue: s })}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AdminList({ def: listDef, title }: { def: ListKind; title: string }) {
  const def = fullKind(listDef);
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [tenant, setTenant] = useState('');
  const [status, setStatus] = useState('');
  const [nameInput, setNameInput] = useState('');
  const name = useDebounced(nameInput.trim());
  useEffect(() => {
    setPage(1);
  }, [name, tenant, status]);
  const [editing, setEditing] = useState<AdminRow | null>(null);
  const params = { __limit: pageSize, __offset: (page - 1) * pageSize, tenant_id: tenant || undefined, status: status || undefined, name: name || undefined };
  const q = useQuery({
    queryKey: resourceKeys.admin(def.kind, params),
    queryFn: ({ signal }) => listAdminResources(def, params, signal),
    placeholderData: keepPreviousData,
  });
  const tenants = useQuery({ queryKey: resourceKeys.adminTenants(), queryFn: listTenantOptions, staleTime: 5 * 60_000 });
  const rows = q.data?.data ?? [];
  // The roles held in a row's tenant (platform roles count in every tenant) decide whether it may be tagged.
  const territories = useAtomValue(territoriesAtom);
  const mayTag = (r: AdminRow) => mayEditTagsAsAdmin(territories?.find((x) => x.tenant_id === r.tenant_id)?.roles ?? []);
  const scopeOf = (r: AdminRow) => t('ops:admin_tags.scope', { tenant: r.tenant_name, project: r.project_name });
  // The kind's actions a row offers: those its state allows, and the administrator's roles in the row's tenant permit.
  const runner = useActionRunner(def, {
    scopeOf: (r) => ({ tenant_id: (r as AdminRow).tenant_id, project_id: (r as AdminRow).project_id }),
    onChanged: () => void client.invalidateQueries({ queryKey: resourceKeys.adminOf(def.kind) }),
  });
  const [sheetRow, setSheetRow] = useState<AdminRow | null>(null);
  const rolesIn = (r: AdminRow) =>
    (territories?.find((x) => x.tenant_id === r.tenant_id)?.roles ?? []).filter((x): x is Role => (ROLES as readonly string[]).includes(x));
  const permitted = (r: AdminRow) => menuActions(def).filter((a) => can(rolesIn(r), a.permission, def.entity ?? 'resource'));
  const offered = (r: AdminRow) => permitted(r).filter((a) => actionBlock(def, a, r) === null);
  const label = (a: ListAction) => actionLabel(t, def, a.id);
  const statuses = [...def.statuses.stable, ...def.statuses.inBetween, ...def.statuses.failure];

  const columns: DataColumn<AdminRow>[] = [
    { id: 'name', header: fieldLabel(t, def, 'name'), frozen: true, text: (r) => r.name, cell: (r) => <span>{r.name}</span> },
    { id: 'status', header: fieldLabel(t, def, 'status'), text: (r) => r.status, cell: (r) => <StatusBadge def={def} status={r.status} /> },
    { id: 'tenant', header: t('ops:admin_list.tenant'), text: (r) => r.tenant_name, cell: (r) => <span>{r.tenant_name}</span> },
    { id: 'project', header: t('ops:admin_list.project'), text: (r) => r.project_name, cell: (r) => <span>{r.project_name}</span> },
    {
      id: 'vendor',
      header: fieldLabel(t, def, 'vendor'),
      text: (r) => displayValue(t, def, r, 'vendor'),
      cell: (r) => <span>{displayValue(t, def, r, 'vendor')}</span>,
    },
    { id: 'tags', header: t('ops:admin_list.tags'), text: (r) => r.tags.map(tagLabel).join(', '), cell: (r) => <TagChips row={r} /> },
  ];

  const filters = (
    <AdminFilters
      nameInput={nameInput}
      setNameInput={setNameInput}
      tenant={tenant}
      setTenant={setTenant}
      tenants={tenants.data?.data ?? []}
      status={status}
      setStatus={setStatus}
      statuses={statuses}
    />
  );

  return (
    <div className={`ys-rlist ys-adminlist ${bp === 'phone' ? 'ys-adminlist--phone' : 'ys-rlist--desk'}`} data-kind={def.kind} data-testid="admin-list">
      <div className="ys-rlist__head">
        <h1 className="ys-page__title">{title}</h1>
      </div>
      <NoticeBar className="ys-rlist__notice" wrap content={t('ops:admin_list.notice', { kind: t(`kinds:${def.kind}.name`) })} color="info" />
      {filters}
      {bp === 'phone' ? (
        <div className="ys-adminlist__cards">
          {rows.length ? (
            rows.map((r) => (
              <AdminCard
                key={r.id}
                def={def}
                row={r}
                scope={scopeOf(r)}
                onTags={mayTag(r) ? () => setEditing(r) : null}
                onActions={permitted(r).length ? () => setSheetRow(r) : null}
              />
            ))
          ) : (
            <div className="ys-empty">{q.isLoading ? t('resources:common.loading') : t('ops:admin_list.empty')}</div>
          )}
        </div>
      ) : (
        <DataTable<AdminRow>
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={q.isLoading}
          emptyText={t('ops:admin_list.empty')}
          testId="admin-table"
          rowActions={(r) => [
            ...offered(r).map((a) => ({ key: a.id, label: label(a), danger: a.dialog === 'delete', onClick: () => runner.run(a, [r]) })),
            ...(mayTag(r) ? [{ key: 'tags', label: t('ops:admin_list.edit_tags'), onClick: () => setEditing(r) }] : []),
          ]}
        />
      )}
      <Pagination
        page={page}
        pageSize={pageSize}
        total={q.data?.count}
        pageRows={rows.length}
        onChange={(p, s) => {
          setPage(s === pageSize ? p : 1);
          setPageSize(s);
        }}
      />
      <RowSheet
        def={def}
        row={sheetRow}
        actions={sheetRow ? permitted(sheetRow) : []}
        extra={sheetRow ? `${sheetRow.name} · ${scopeOf(sheetRow)}` : undefined}
        onClose={() => setSheetRow(null)}
        onRun={(a, row) => {
          setSheetRow(null);
          runner.run(a, [row]);
        }}
      />
      {runner.element}
      {editing ? (
        <AdminTagEditor
          target={{ kind: def.kind, id: editing.id, tenant_id: editing.tenant_id, project_id: editing.project_id }}
          name={editing.name}
          scope={scopeOf(editing)}
          onClose={() => setEditing(null)}
          onChanged={() => void client.invalidateQueries({ queryKey: resourceKeys.adminOf(def.kind) })}
        />
      ) : null}
    </div>
  );
}
