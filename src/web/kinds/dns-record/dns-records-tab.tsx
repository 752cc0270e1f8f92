// The 解析记录 tab of a DNS zone (dnsDetail, dnsInternetDetail): the zone's records (cards on a
// phone, a table from the tablet width up) with their row actions (修改 / 暂停 / 启用 / 锁定 / 解锁 /
// 删除, refused as the server refuses them) and an add form drawn from the record kind's zod
// rules (host record, type, value by type, TTL, line, weight). Status changes arrive live.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button, Popup, Toast } from 'antd-mobile';
import { AddOutline, MoreOutline } from 'antd-mobile-icons';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import { DataTable, type RowAction } from '../../ui/data-table/data-table.tsx';
import { useBreakpoint } from '../../lib/hooks.ts';
import { fullKindOf } from '../../features/resources/full-kind.ts';
import type { FullKind } from '../../../domain/kinds/kind-schemas.ts';
import { createResource, listResources } from '../../features/resources/api.ts';
import { displayValue, fieldLabel, type Resource } from '../../features/resources/kind-meta.ts';
import { useActionRunner } from '../../features/resources/actions.tsx';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { rowActions, useShownColumns } from '../../features/resources/detail/child-table.tsx';
import { FormFields, exists } from '../../features/resources/forms/form-fields.tsx';
import { fieldsOf, initialValues, validateAll } from '../../features/resources/forms/zod-fields.ts';
import { settlePoll } from '../../features/resources/live.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';

const RECORD_KIND: Readonly<Record<string, string>> = { private_dns_zone: 'dns_record', dns_domain: 'dns_internet_record' };
const SKIP = new Set(['zone_id']);

function AddRecord({ def, zoneId, onDone, onCancel }: { def: FullKind; zoneId: string; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const fields = useMemo(() => fieldsOf(def.createSchema, def, SKIP), [def]);
  const [values, setValues] = useState<Record<string, unknown>>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const label = (k: string) => fieldLabel(t, def, k);
  const submit = async () => {
    if (busy) return;
    const body = { ...values, zone_id: zoneId };
    const errs = validateAll(def.createSchema, body, label, t, exists);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const created = await createResource(def, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined)));
      Toast.show({ content: created.message ?? t('kinds:dns.added') });
      onDone();
    } catch {
      /* the notice shows the server's reason */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-sheet" data-testid="record-form">
      <div className="ys-sheet__title">{t('kinds:dns.add_title')}</div>
      <div className="ys-form__notice" role="note">
        {t(`kinds:${def.kind}.hint`)}
      </div>
      <FormFields
        def={def}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
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
        <Button color="primary" loading={busy} disabled={busy} data-testid="record-submit" onClick={submit}>
          {t('kinds:dns.submit')}
        </Button>
      </div>
    </div>
  );
}

export function DnsRecordsTab({ kind, id, status }: DetailTabProps) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const def = fullKindOf(RECORD_KIND[kind] ?? 'dns_record')!;
  const key = resourceKeys.inZone(def.kind, id);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listResources(def, { zone_id: id, __limit: 100, __orders: 'name' }, signal),
    refetchInterval: settlePoll,
  });
  const rows = q.data?.data ?? [];
  const runner = useActionRunner(def, { onChanged: () => void client.invalidateQueries({ queryKey: key }) });
  const [adding, setAdding] = useState(false);
  const [sheetRow, setSheetRow] = useState<Resource | null>(null);
  const items = (r: Resource): RowAction[] => rowActions(t, def, r, runner.run);
  const columns = useShownColumns(t, def);
  const done = () => {
    setAdding(false);
    void client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) });
  };
  return (
    <div className="ys-dnsrecords" data-testid="dns-records" data-kind={def.kind}>
      <div className="ys-rlist__toolbar">
        <Button size="small" color="primary" data-testid="record-add" disabled={status !== 'enabled'} onClick={() => setAdding(true)}>
          <AddOutline /> {t('kinds:dns.add_record')}
        </Button>
      </div>
      {bp === 'phone' ? (
        <div className="ys-dnsrecords__cards">
          {rows.map((r) => (
            <article key={r.id} className="ys-card" data-testid="record-card" data-id={r.id} onClick={() => setSheetRow(r)}>
              <div className="ys-card__top">
                <div className="ys-card__name">
                  {r.name} · {displayValue(t, def, r, 'type')}
                </div>
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
                {['value', 'line', 'ttl', 'locked'].map((k) => (
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
          testId="record-table"
        />
      )}
      <ActionSheet
        visible={sheetRow !== null}
        onClose={() => setSheetRow(null)}
        cancelText={t('resources:common.cancel')}
        extra={sheetRow?.name}
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
        {adding ? <AddRecord def={def} zoneId={id} onDone={done} onCancel={() => setAdding(false)} /> : null}
      </Popup>
      {runner.element}
    </div>
  );
}
