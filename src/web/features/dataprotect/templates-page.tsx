// disasterTemplate (ADR 0062): the tenant's DR templates — a named, reusable DR configuration of one
// source engine. Add and edit in a sheet, detail with the instances it is applied to, delete after a
// confirmation (refused while an association uses the template: the server says so in words).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { PLACEMENTS, SYNC_MODES, TEMPLATE_ENGINES, type TemplateInput } from '../../../domain/protect.ts';
import { createTemplate, deleteTemplate, getTemplate, keys, listTemplates, updateTemplate, type DrTemplate } from './api.ts';
import {
  Choice,
  DangerButton,
  Field,
  ListState,
  PlainButton,
  ProtectFrame,
  Sheet,
  StateTag,
  Submit,
  TaskList,
  useConfirmed,
  when,
  type Column,
} from './parts.tsx';
import { DR_TABS } from './tabs.ts';

const BLANK: TemplateInput = {
  name: '',
  engine: 'mysql',
  sync_mode: 'full_incremental',
  frequency_min: 15,
  retention_days: 7,
  placement: 'cross_az',
  threads: 4,
  description: '',
};

function TemplateForm({ initial, onDone }: { initial?: DrTemplate; onDone: () => void }) {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  const [v, setV] = useState<TemplateInput>(initial ? { ...BLANK, ...initial } : BLANK);
  const set =
    <K extends keyof TemplateInput>(k: K) =>
    (x: TemplateInput[K]) =>
      setV((o) => ({ ...o, [k]: x }));
  const m = useMutation({
    mutationFn: () => (initial ? updateTemplate(initial.id, v) : createTemplate(v)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      onDone();
    },
  });
  const inUse = !!initial && initial.associations > 0;
  return (
    <>
      <Field label={t('f.name')} hint={t('f.name_hint')}>
        <Input className="ys-protect__input" value={v.name} onChange={set('name')} placeholder={t('f.name_ph')} data-testid="tpl-name" />
      </Field>
      <Field label={t('f.engine')} hint={inUse ? t('f.engine_locked') : undefined}>
        {inUse ? (
          <span>{t(`engine.${v.engine}`)}</span>
        ) : (
          <Choice value={v.engine} options={TEMPLATE_ENGINES} label={(x) => t(`engine.${x}`)} onChange={set('engine')} />
        )}
      </Field>
      <Field label={t('f.sync_mode')}>
        <Choice value={v.sync_mode} options={SYNC_MODES} label={(x) => t(`sync_mode.${x}`)} onChange={set('sync_mode')} />
      </Field>
      <Field label={t('f.frequency')}>
        <Choice value={v.frequency_min} options={[15, 30] as const} label={(x) => t('minutes', { n: x })} onChange={set('frequency_min')} />
      </Field>
      <Field label={t('f.retention')} hint={t('f.retention_hint')}>
        <Input className="ys-protect__input" type="number" value={String(v.retention_days)} onChange={(x) => set('retention_days')(Number(x))} />
      </Field>
      <Field label={t('f.placement')}>
        <Choice value={v.placement} options={PLACEMENTS} label={(x) => t(`placement.${x}`)} onChange={set('placement')} />
      </Field>
      <Field label={t('f.threads')} hint={t('f.threads_hint')}>
        <Input className="ys-protect__input" type="number" value={String(v.threads)} onChange={(x) => set('threads')(Number(x))} />
      </Field>
      <Field label={t('f.description')}>
        <Input className="ys-protect__input" value={v.description} onChange={set('description')} maxLength={200} />
      </Field>
      <Submit pending={m.isPending} disabled={!v.name.trim()} onClick={() => m.mutate()} />
    </>
  );
}

function TemplateDetail({ id }: { id: string }) {
  const { t } = useTranslation('protect');
  const q = useQuery({ queryKey: keys.template(id), queryFn: () => getTemplate(id) });
  if (!q.data) return <ListState loading={q.isPending} failed={q.isError} empty={false} emptyText="" />;
  const d = q.data;
  const rows: [string, string][] = [
    ['f.engine', t(`engine.${d.engine}`)],
    ['f.sync_mode', t(`sync_mode.${d.sync_mode}`)],
    ['f.frequency', t('minutes', { n: d.frequency_min })],
    ['f.retention', t('days', { n: d.retention_days })],
    ['f.placement', t(`placement.${d.placement}`)],
    ['f.threads', String(d.threads)],
    ['f.description', d.description || '—'],
    ['col.created', when(d.created_at)],
  ];
  return (
    <>
      <dl className="ys-protect__dl">
        {rows.map(([k, val]) => (
          <div key={k} className="ys-protect__row">
            <dt>{t(k)}</dt>
            <dd>{val}</dd>
          </div>
        ))}
      </dl>
      <h3 className="ys-protect__label">{t('tpl.applied', { n: d.links.length })}</h3>
      {d.links.length ? (
        <ul className="ys-protect__cards">
          {d.links.map((l) => (
            <li key={l.id} className="ys-protect__card">
              <div className="ys-protect__cardhead">
                {l.source_name} → {l.standby_name} <StateTag status={l.task_status} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ys-task__intro">{t('tpl.not_applied')}</p>
      )}
    </>
  );
}

type Open = { mode: 'add' } | { mode: 'edit'; row: DrTemplate } | { mode: 'detail'; row: DrTemplate } | null;

export default function TemplatesPage() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const q = useQuery({ queryKey: keys.templates, queryFn: listTemplates });
  const confirm = useConfirmed();
  const rows = q.data?.data ?? [];
  const add = (
    <Button color="primary" onClick={() => setOpen({ mode: 'add' })} data-testid="tpl-add">
      {t('tpl.add')}
    </Button>
  );
  const columns: Column<DrTemplate>[] = [
    {
      key: 'name',
      render: (r) => (
        <button type="button" className="ys-protect__name" onClick={() => setOpen({ mode: 'detail', row: r })}>
          {r.name}
        </button>
      ),
    },
    { key: 'engine', render: (r) => t(`engine.${r.engine}`) },
    { key: 'sync', render: (r) => `${t(`sync_mode.${r.sync_mode}`)} · ${t('every', { n: r.frequency_min })}` },
    { key: 'retention', render: (r) => t('days', { n: r.retention_days }) },
    { key: 'placement', render: (r) => t(`placement.${r.placement}`) },
    { key: 'associations', render: (r) => t('count_instances', { n: r.associations }) },
  ];
  const title = open?.mode === 'add' ? t('tpl.add') : open?.mode === 'edit' ? t('tpl.edit') : open ? open.row.name : '';
  return (
    <ProtectFrame
      page="disasterTemplate"
      title={t('titles.templates')}
      intro={t('intro.templates')}
      tabs={DR_TABS}
      tab="templates"
      toolbar={
        <>
          <Button fill="outline" color="primary" onClick={() => navigate('/disasterAssociated')}>
            {t('tpl.go_associate')}
          </Button>
          {add}
        </>
      }
    >
      <ListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('empty.templates')} action={add} />
      {rows.length ? (
        <TaskList
          rows={rows}
          columns={columns}
          testid="tpl"
          actions={(r) => (
            <>
              <PlainButton label={t('edit')} onClick={() => setOpen({ mode: 'edit', row: r })} />
              <DangerButton label={t('delete')} onClick={() => confirm(t('confirm.template', { name: r.name }), () => deleteTemplate(r.id))} />
            </>
          )}
        />
      ) : null}
      <Sheet open={!!open} title={title} onClose={() => setOpen(null)}>
        {open?.mode === 'detail' ? (
          <TemplateDetail id={open.row.id} />
        ) : open ? (
          <TemplateForm initial={open.mode === 'edit' ? open.row : undefined} onDone={() => setOpen(null)} />
        ) : null}
      </Sheet>
    </ProtectFrame>
  );
}
