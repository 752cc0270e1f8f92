// dataProtect (ADR 0062): the protection tasks across instances and hosts — 实例保护 (each
// instance's CDP tasks, made by the instance's own CDP rules), 文件复制 and 文件比对 — and wholeMove,
// the whole-machine copies, on the same tabs.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { CDP_RETENTION, sizeText } from '../../../domain/dataprotect.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { createCdp, keys, listInstances, listProtected, whileBusy, type ProtectedInstance } from './api.ts';
import { HostTasks } from './host-tasks.tsx';
import { Field, ListState, ProtectFrame, Sheet, StateTag, Submit, TaskList, when, type Column } from './parts.tsx';
import { PROTECT_TABS } from './tabs.ts';

function CdpForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  const instances = useQuery({ queryKey: keys.instances, queryFn: listInstances });
  const sql = (instances.data ?? []).filter((i) => i.kind === 'db_instance' && (i.spec.engine === 'mysql' || i.spec.engine === 'postgresql'));
  const [v, setV] = useState({ instance: '', name: '', retention: '3', space: '' });
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x }));
  const m = useMutation({
    mutationFn: () => createCdp(v.instance, { name: v.name.trim(), retention_days: Number(v.retention), space_gb: Number(v.space) }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      onDone();
    },
  });
  return (
    <>
      <Field label={t('f.instance')}>
        <select className="ys-protect__select" value={v.instance} onChange={(e) => set('instance')(e.target.value)} data-testid="cdp-instance">
          <option value="">{t('pick')}</option>
          {sql.map((i) => (
            <option key={i.id} value={i.id} disabled={i.status !== 'running'}>
              {i.status === 'running' ? i.name : t('not_running_option', { name: i.name })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('f.name')} hint={t('f.name_hint')}>
        <Input className="ys-protect__input" value={v.name} onChange={set('name')} placeholder={t('f.ph_cdp')} />
      </Field>
      <Field label={t('f.cdp_retention')} hint={t('f.cdp_retention_hint', CDP_RETENTION)}>
        <Input className="ys-protect__input" type="number" value={v.retention} onChange={set('retention')} />
      </Field>
      <Field label={t('f.space')} hint={t('f.space_hint')}>
        <Input className="ys-protect__input" type="number" value={v.space} onChange={set('space')} placeholder={t('f.ph_space')} />
      </Field>
      <Submit pending={m.isPending} disabled={!v.instance || !v.name.trim() || !Number(v.space)} onClick={() => m.mutate()} />
    </>
  );
}

function Instances() {
  const { t } = useTranslation('protect');
  const [adding, setAdding] = useState(false);
  const q = useQuery({ queryKey: keys.cdp, queryFn: listProtected, refetchInterval: (query) => whileBusy(query.state.data?.data) });
  const rows = q.data?.data ?? [];
  const add = (
    <Button color="primary" onClick={() => setAdding(true)} data-testid="cdp-add">
      {t('add.cdp')}
    </Button>
  );
  const columns: Column<ProtectedInstance>[] = [
    { key: 'name', render: (r) => <strong>{r.name}</strong> },
    { key: 'status', render: (r) => <StateTag status={r.status} /> },
    { key: 'instance', render: (r) => r.instance_name },
    { key: 'retention', render: (r) => t('days', { n: r.retention_days }) },
    { key: 'space', render: (r) => t('space_of', { space: `${r.space_gb} GB`, data: sizeText(r.data_bytes) }) },
    { key: 'created', render: (r) => when(r.created_at) },
  ];
  return (
    <>
      <div className="ys-task__toolbar">{add}</div>
      <ListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('empty.instances')} action={add} />
      {rows.length ? <TaskList rows={rows} columns={columns} testid="cdp" /> : null}
      <Sheet open={adding} title={t('add.cdp')} onClose={() => setAdding(false)}>
        {adding ? <CdpForm onDone={() => setAdding(false)} /> : null}
      </Sheet>
    </>
  );
}

export default function ProtectPage() {
  const { t } = useTranslation('protect');
  const page = usePageHandle()?.name ?? 'dataProtect';
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab = page === 'wholeMove' ? 'whole_copy' : asked === 'file_copy' || asked === 'file_compare' ? asked : 'instances';
  return (
    <ProtectFrame page={page} title={t(`titles.${tab}`)} intro={t(`intro.${tab}`)} tabs={PROTECT_TABS} tab={tab}>
      {tab === 'instances' ? <Instances /> : <HostTasks key={tab} type={tab} />}
    </ProtectFrame>
  );
}
