// A bucket's lifecycle rules, on its 概览 tab: the whole bucket or the objects under a prefix expire
// some days after they were written (1–7300) or on a date; the scheduler runs them daily between
// 00:00 and 06:00 Beijing time. Added and edited in a sheet with the rules checked as typed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Popup, Selector, Switch, Toast } from 'antd-mobile';
import { CardTable, FormField, type CardColumn } from '../../ui/card-table.tsx';
import { bucketKeys, createLifecycle, deleteLifecycle, listLifecycle, updateLifecycle, type LifecycleInput, type LifecycleRule } from './bucket-api.ts';
import { OssState, StateTag, useOssTexts } from './bucket-frame.tsx';
import { EXPIRE_DAYS, beijingToday, futureDateOk, intIn } from './bucket-rules.ts';

interface Draft {
  name: string;
  scope: 'bucket' | 'prefix';
  prefix: string;
  mode: 'days' | 'date';
  days: string;
  date: string;
  enabled: boolean;
}

const draftOf = (r: LifecycleRule | null): Draft => ({
  name: r?.name ?? '',
  scope: r?.scope ?? 'bucket',
  prefix: r?.prefix ?? '',
  mode: r?.expire_date ? 'date' : 'days',
  days: r?.expire_days ? String(r.expire_days) : '30',
  date: r?.expire_date ?? '',
  enabled: r?.enabled ?? true,
});

function problems(d: Draft) {
  return {
    name: d.name.trim().length < 1 || d.name.trim().length > 64,
    prefix: d.scope === 'prefix' && (!d.prefix || d.prefix.startsWith('/') || d.prefix.includes('..') || d.prefix.includes('//')),
    days: d.mode === 'days' && !intIn(d.days, EXPIRE_DAYS),
    date: d.mode === 'date' && !futureDateOk(d.date, beijingToday()),
  };
}

function RuleForm({ bucketId, rule, onDone }: { bucketId: string; rule: LifecycleRule | null; onDone: () => void }) {
  const { t } = useOssTexts();
  const client = useQueryClient();
  const [d, setD] = useState(() => draftOf(rule));
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof Draft>(k: K) =>
    (v: Draft[K]) =>
      setD((o) => ({ ...o, [k]: v }));
  const bad = problems(d);
  const submit = async () => {
    // (the one of prefix / expire_days / expire_date that does not apply is left out, not null)
    const body: LifecycleInput = {
      name: d.name.trim(),
      scope: d.scope,
      ...(d.scope === 'prefix' ? { prefix: d.prefix } : {}),
      ...(d.mode === 'days' ? { expire_days: Number(d.days) } : { expire_date: d.date }),
      enabled: d.enabled,
    };
    setBusy(true);
    try {
      await (rule ? updateLifecycle(bucketId, rule.id, body) : createLifecycle(bucketId, body));
      await client.invalidateQueries({ queryKey: bucketKeys.lifecycle(bucketId) });
      onDone();
    } catch {
      // the request helper has shown the server's words
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-ossb__form" data-testid="lifecycle-form">
      <h2 className="ys-ossb__h2">{t(rule ? 'lifecycle.edit' : 'lifecycle.add')}</h2>
      <FormField label={t('lifecycle.name')} error={d.name && bad.name ? t('rules.rule_name') : null} hint={t('rules.rule_name')}>
        <Input className="ys-ossb__input" value={d.name} onChange={set('name')} data-testid="lifecycle-name" />
      </FormField>
      <FormField label={t('lifecycle.scope')}>
        <Selector
          columns={2}
          value={[d.scope]}
          onChange={(v) => v[0] && set('scope')(v[0])}
          options={[
            { label: t('lifecycle.scope_bucket'), value: 'bucket' as const },
            { label: t('lifecycle.scope_prefix'), value: 'prefix' as const },
          ]}
        />
      </FormField>
      {d.scope === 'prefix' ? (
        <FormField label={t('lifecycle.prefix')} hint={t('rules.prefix')} error={d.prefix && bad.prefix ? t('rules.prefix') : null}>
          <Input className="ys-ossb__input" value={d.prefix} onChange={set('prefix')} placeholder={t('lifecycle.prefix_ph')} data-testid="lifecycle-prefix" />
        </FormField>
      ) : null}
      <FormField label={t('lifecycle.expire')}>
        <Selector
          columns={2}
          value={[d.mode]}
          onChange={(v) => v[0] && set('mode')(v[0])}
          options={[
            { label: t('lifecycle.mode_days'), value: 'days' as const },
            { label: t('lifecycle.mode_date'), value: 'date' as const },
          ]}
        />
      </FormField>
      {d.mode === 'days' ? (
        <FormField label={t('lifecycle.days')} hint={t('rules.expire_days', EXPIRE_DAYS)} error={bad.days ? t('rules.expire_days', EXPIRE_DAYS) : null}>
          <Input className="ys-ossb__input" type="number" inputMode="numeric" value={d.days} onChange={set('days')} data-testid="lifecycle-days" />
        </FormField>
      ) : (
        <FormField label={t('lifecycle.date')} hint={t('rules.expire_date')} error={d.date && bad.date ? t('rules.expire_date') : null}>
          <input
            className="ys-ossb__input ys-ossb__date"
            type="date"
            min={beijingToday()}
            value={d.date}
            onChange={(e) => set('date')(e.target.value)}
            data-testid="lifecycle-date"
          />
        </FormField>
      )}
      <label className="ys-ossb__switch">
        <span>{t('lifecycle.enabled')}</span>
        <Switch checked={d.enabled} onChange={set('enabled')} />
      </label>
      <p className="ys-ossb__muted">{t('lifecycle.schedule')}</p>
      <Button block color="primary" loading={busy} disabled={Object.values(bad).some(Boolean)} onClick={() => void submit()} data-testid="lifecycle-submit">
        {t('save')}
      </Button>
    </div>
  );
}

export function LifecycleSection({ bucketId }: { bucketId: string }) {
  const { t } = useOssTexts();
  const client = useQueryClient();
  const [editing, setEditing] = useState<LifecycleRule | null | undefined>(undefined);
  const q = useQuery({ queryKey: bucketKeys.lifecycle(bucketId), queryFn: () => listLifecycle(bucketId) });
  const rows = q.data?.data ?? [];
  const remove = async (r: LifecycleRule) => {
    const yes = await Dialog.confirm({ content: t('lifecycle.confirm_delete', { name: r.name }), confirmText: t('delete'), cancelText: t('cancel') });
    if (!yes) return;
    try {
      await deleteLifecycle(bucketId, r.id);
      Toast.show({ content: t('done') });
    } catch {
      // the request helper has shown the server's words
    } finally {
      await client.invalidateQueries({ queryKey: bucketKeys.lifecycle(bucketId) });
    }
  };
  const add = (
    <Button color="primary" fill="outline" onClick={() => setEditing(null)} data-testid="lifecycle-add">
      {t('lifecycle.add')}
    </Button>
  );
  const columns: CardColumn<LifecycleRule>[] = [
    { key: 'name', label: t('lifecycle.name'), render: (r) => r.name, wrap: true },
    { key: 'enabled', label: t('col.status'), render: (r) => <StateTag status={r.enabled ? 'enabled' : 'disabled'} /> },
    {
      key: 'scope',
      label: t('lifecycle.scope'),
      render: (r) => (r.scope === 'prefix' ? t('lifecycle.prefix_text', { prefix: r.prefix }) : t('lifecycle.scope_bucket')),
      wrap: true,
    },
    {
      key: 'expire',
      label: t('lifecycle.expire'),
      render: (r) => (r.expire_date ? t('lifecycle.on_date', { date: r.expire_date }) : t('lifecycle.after_days', { n: r.expire_days })),
    },
  ];
  return (
    <section className="ys-ossb__panel" data-testid="lifecycle">
      <div className="ys-ossb__head">
        <h2 className="ys-ossb__h2">{t('lifecycle.title')}</h2>
        {rows.length ? add : null}
      </div>
      <p className="ys-ossb__muted">{t('lifecycle.intro')}</p>
      <OssState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('lifecycle.empty')} action={add} />
      {rows.length ? (
        <CardTable
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          testid="lifecycle"
          actionsLabel={t('col.actions')}
          actions={(r) => (
            <>
              <Button size="small" fill="outline" color="primary" onClick={() => setEditing(r)}>
                {t('edit')}
              </Button>
              <Button size="small" fill="outline" color="danger" onClick={() => void remove(r)}>
                {t('delete')}
              </Button>
            </>
          )}
        />
      ) : null}
      <Popup
        visible={editing !== undefined}
        onMaskClick={() => setEditing(undefined)}
        onClose={() => setEditing(undefined)}
        bodyClassName="ys-ossb__sheet"
        destroyOnClose
      >
        {editing !== undefined ? <RuleForm bucketId={bucketId} rule={editing} onDone={() => setEditing(undefined)} /> : null}
      </Popup>
    </section>
  );
}
