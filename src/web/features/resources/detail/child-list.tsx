// A kind's rows inside their parent's page (the records of a smart DNS domain, the address pools and
// access policies of a GTM instance): cards with an action sheet on a phone, a table from the
// tablet width up, each row's actions refused as the server refuses them, and an add form drawn
// from the kind's zod rules (or a form schema where the create schema is transformed) with the
// parent named in the body. Status changes arrive live.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button, Popup, Toast } from 'antd-mobile';
import { AddOutline, MoreOutline } from 'antd-mobile-icons';
import type { z } from 'zod';
import { fullKindOf } from '../full-kind.ts';
import type { FullKind } from '../../../../domain/kinds/kind-schemas.ts';
import { useBreakpoint } from '../../../lib/hooks.ts';
import { DataTable, type RowAction } from '../../../ui/data-table/data-table.tsx';
import { createResource, listResources } from '../api.ts';
import { displayValue, fieldLabel, type Resource } from '../kind-meta.ts';
import { useActionRunner } from '../actions.tsx';
import { StatusBadge } from '../parts.tsx';
import { rowActions, useShownColumns } from './child-table.tsx';
import { FormFields, exists } from '../forms/form-fields.tsx';
import { fieldsOf, initialValues, validateAll } from '../forms/zod-fields.ts';
import { settlePoll } from '../live.ts';
import { resourceKeys } from '../query-keys.ts';

interface ChildListProps {
  kind: string;
  /** the create body's key naming the parent (zone_id, gtm_id) */
  parentParam: string;
  parentId: string;
  canAdd: boolean;
  /** extra list filters (a line) and the values a new row starts with */
  filters?: Record<string, string>;
  cardKeys: readonly string[];
  /** the form schema when the kind's create schema is transformed */
  formSchema?: z.ZodObject<any>;
  title?: string;
  /** the field a card and its action sheet are titled by (default: the name) */
  titleField?: string;
}

function AddChild({
  def,
  schema,
  parentParam,
  parentId,
  preset,
  onDone,
  onCancel,
}: {
  def: FullKind;
  schema: z.ZodObject<any>;
  parentParam: string;
  parentId: string;
  preset: Record<string, string>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => fieldsOf(schema, def, new Set([parentParam])), [def, schema, parentParam]);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...initialValues(fields), ...preset }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const label = (k: string) => fieldLabel(t, def, k);
  const submit = async () => {
    if (busy) return;
    const body = { ...values, [parentParam]: parentId };
    const errs = validateAll(schema, body, label, t, exists);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const created = await createResource(def, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined)));
      Toast.show({ content: created.message ?? t('kinds:dns_adv.added') });
      onDone();
    } catch {
      /* the notice shows the server's reason */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-sheet" data-testid="child-form" data-kind={def.kind}>
      <div className="ys-sheet__title">{t(`kinds:${def.kind}.actions.create`)}</div>
      {exists(`kinds:${def.kind}.hint`) ? (
        <div className="ys-form__notice" role="note">
          {t(`kinds:${def.kind}.hint`)}
        </div>
      ) : null}
      <FormFields
        def={def}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
        refFilters={() => ({ [parentParam]: parentId, status: 'enabled' })}
        onError={(k, m) =>
          setErrors((s) => {
            const n = { ...s };
            if (m) n[k] = m;
            else delete n[k];
            return n;
          })
        }
      />
      <div className="ys-sheet__foot">
        <Button onClick={onCancel}>{t('resources:common.cancel')}</Button>
        <Button color="primary" loading={busy} disabled={busy} data-testid="child-submit" onClick={submit}>
          {t('kinds:dns_adv.submit')}
        </Button>
      </div>
    </div>
  );
}

export function ChildList({ kind, parentParam, parentId, canAdd, filters = {}, cardKeys, formSchema, title, titleField }: ChildListProps) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const def = fullKindOf(kind)!;
  const key = resourceKeys.underParent(def.kind, parentId, filters);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listResources(def, { [parentParam]: parentId, ...filters, __limit: 100, __orders: 'name' }, signal),
    refetchInterval: settlePoll,
  });
  const rows = q.data?.data ?? [];
  const runner = useActionRunner(def, { onChanged: () => void client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) }) });
  const [adding, setAdding] = useState(false);
  const [sheetRow, setSheetRow] = useState<Resource | null>(null);
  const items = (r: Resource): RowAction[] => rowActions(t, def, r, runner.run);
  const columns = useShownColumns(t, def);
  const cardTitle = (r: Resource) => (titleField ? displayValue(t, def, r, titleField) : r.name);
  return (
    <section className="ys-dnsrecords" data-testid="child-list" data-kind={def.kind}>
      <div className="ys-rlist__toolbar">
        {title ? <h2 className="ys-dnsadv__title">{title}</h2> : null}
        <Button size="small" color="primary" data-testid="child-add" disabled={!canAdd} onClick={() => setAdding(true)}>
          <AddOutline /> {t(`kinds:${def.kind}.actions.create`)}
        </Button>
      </div>
      {bp === 'phone' ? (
        <div className="ys-dnsrecords__cards">
          {rows.map((r) => (
            <article key={r.id} className="ys-card" data-testid="child-card" data-id={r.id} onClick={() => setSheetRow(r)}>
              <div className="ys-card__top">
                <div className="ys-card__name">{cardTitle(r)}</div>
                <StatusBadge def={def} status={r.status} />
                <button
                  type="button"
                  className="ys-card__more"
                  aria-label={t('resources:list.actions')}
                  onClick={(e) => {
                    e.stopPropagation();
                    setSheetRow(r);
                  }}
                >
                  <MoreOutline fontSize={18} />
                </button>
              </div>
              <dl>
                {cardKeys.map((k) => (
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
        </div>
      ) : (
        <DataTable<Resource>
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowActions={(r) => items(r).filter((a) => !a.disabled)}
          loading={q.isLoading}
          emptyText={t('resources:table.empty')}
          testId="child-table"
        />
      )}
      <ActionSheet
        visible={sheetRow !== null}
        onClose={() => setSheetRow(null)}
        cancelText={t('resources:common.cancel')}
        extra={sheetRow ? cardTitle(sheetRow) : undefined}
        actions={
          sheetRow
            ? items(sheetRow).map((a) => ({
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
      <Popup
        visible={adding}
        onMaskClick={() => setAdding(false)}
        position={bp === 'phone' ? 'bottom' : 'right'}
        destroyOnClose
        bodyStyle={
          bp === 'phone'
            ? { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }
            : { width: 'min(480px, 100vw)', overflowY: 'auto' }
        }
      >
        {adding ? (
          <AddChild
            def={def}
            schema={formSchema ?? def.createSchema}
            parentParam={parentParam}
            parentId={parentId}
            preset={filters}
            onDone={() => {
              setAdding(false);
              void client.invalidateQueries({ queryKey: resourceKeys.all });
            }}
            onCancel={() => setAdding(false)}
          />
        ) : null}
      </Popup>
      {runner.element}
    </section>
  );
}
