// The add form of a host protection task (ADR 0062), by type: file copy and file comparison (one
// source and one target path), whole-machine copy (standby host, sync and excluded items,
// compression, encryption with a key that is sealed and never shown again) and file transfer (up to
// five targets, overwrite and create-directory flags with their warnings).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Switch, TextArea } from 'antd-mobile';
import { COMPRESSIONS, ENCRYPTIONS, TRANSFER_ADVICE, TRANSFER_TARGETS_MAX, type HostTaskType } from '../../../domain/protect.ts';
import { createHostTask, keys, listHosts, type HostTask, type Pickable } from './api.ts';
import { Choice, DangerButton, Field, Submit } from './parts.tsx';

type Target = { host_id: string; path: string };
const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

function HostChoice({
  hosts,
  value,
  onChange,
  label,
  exclude = [],
}: {
  hosts: Pickable[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  exclude?: string[];
}) {
  const { t } = useTranslation('protect');
  return (
    <select className="ys-protect__select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid="host-pick">
      <option value="">{t('pick')}</option>
      {hosts
        .filter((h) => !exclude.includes(h.id) || h.id === value)
        .map((h) => (
          <option key={h.id} value={h.id}>
            {h.status === 'running' ? h.name : t('not_running_option', { name: h.name })}
          </option>
        ))}
    </select>
  );
}

function Targets({
  hosts,
  source,
  targets,
  setTargets,
  max,
}: {
  hosts: Pickable[];
  source: string;
  targets: Target[];
  setTargets: (t: Target[]) => void;
  max: number;
}) {
  const { t } = useTranslation('protect');
  const set = (n: number, k: keyof Target, v: string) => setTargets(targets.map((x, i) => (i === n ? { ...x, [k]: v } : x)));
  return (
    <div className="ys-protect__pairs">
      {targets.map((x, n) => (
        <div key={n} className="ys-protect__pair">
          <Field label={max > 1 ? t('f.target_n', { n: n + 1 }) : t('f.target')}>
            <HostChoice
              hosts={hosts}
              value={x.host_id}
              onChange={(v) => set(n, 'host_id', v)}
              label={t('f.target')}
              exclude={[source, ...targets.map((y) => y.host_id)]}
            />
          </Field>
          <Field label={t('f.target_path')}>
            <Input className="ys-protect__input" value={x.path} onChange={(v) => set(n, 'path', v)} placeholder={t('f.ph_target_path')} />
          </Field>
          {targets.length > 1 ? <DangerButton label={t('f.remove_target')} onClick={() => setTargets(targets.filter((_, i) => i !== n))} /> : null}
        </div>
      ))}
      {targets.length < max ? (
        <Button fill="outline" className="ys-protect__btn" onClick={() => setTargets([...targets, { host_id: '', path: '' }])} data-testid="target-add">
          {t('f.add_target', { left: max - targets.length })}
        </Button>
      ) : max > 1 ? (
        <small className="ys-protect__hint">{t('f.targets_max', { max })}</small>
      ) : null}
    </div>
  );
}

function WholeFields({ v, set }: { v: Record<string, string>; set: (k: string) => (x: string) => void }) {
  const { t } = useTranslation('protect');
  return (
    <>
      <Field label={t('f.sync_items')} hint={t('f.items_hint')}>
        <TextArea className="ys-protect__input" value={v.sync_items} onChange={set('sync_items')} rows={3} placeholder={t('f.ph_sync')} />
      </Field>
      <Field label={t('f.excluded_items')} hint={t('f.items_hint')}>
        <TextArea className="ys-protect__input" value={v.excluded_items} onChange={set('excluded_items')} rows={3} placeholder={t('f.ph_excluded')} />
      </Field>
      <Field label={t('f.compression')}>
        <Choice value={v.compression!} options={COMPRESSIONS} label={(x) => t(`compression.${x}`)} onChange={set('compression')} />
      </Field>
      <Field label={t('f.encryption')}>
        <Choice value={v.encryption!} options={ENCRYPTIONS} label={(x) => t(`encryption.${x}`)} onChange={set('encryption')} />
      </Field>
      {v.encryption !== 'none' ? (
        <Field label={t('f.key')} hint={t('f.key_hint', { n: v.key!.length })} warn={t('f.key_warn')}>
          <Input
            className="ys-protect__input"
            type="password"
            autoComplete="new-password"
            value={v.key}
            onChange={set('key')}
            maxLength={64}
            data-testid="key"
          />
        </Field>
      ) : null}
    </>
  );
}

function bodyOf(type: HostTaskType, v: Record<string, string>, targets: Target[], flags: { overwrite: boolean; create_dir: boolean }) {
  const base = { type, name: v.name!.trim(), source_id: v.source_id };
  if (type === 'whole_copy') {
    const encrypted = v.encryption !== 'none';
    return {
      ...base,
      standby_id: v.standby_id,
      sync_items: lines(v.sync_items!),
      excluded_items: lines(v.excluded_items!),
      compression: v.compression,
      encryption: v.encryption,
      ...(encrypted ? { key: v.key } : {}),
    };
  }
  return {
    ...base,
    source_path: v.source_path!.trim(),
    targets: targets.map((x) => ({ host_id: x.host_id, path: x.path.trim() })),
    ...(type === 'file_transfer' ? flags : {}),
  };
}

export function HostTaskForm({ type, onDone }: { type: HostTaskType; onDone: (task: HostTask) => void }) {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  const hosts = useQuery({ queryKey: keys.hosts, queryFn: listHosts });
  const list = hosts.data ?? [];
  const [v, setV] = useState<Record<string, string>>({
    name: '',
    source_id: '',
    source_path: '',
    standby_id: '',
    sync_items: '/',
    excluded_items: '/tmp\n/proc',
    compression: 'lz4',
    encryption: 'aes',
    key: '',
  });
  const [targets, setTargets] = useState<Target[]>([{ host_id: '', path: '' }]);
  const [flags, setFlags] = useState({ overwrite: false, create_dir: true });
  const set = (k: string) => (x: string) => setV((o) => ({ ...o, [k]: x }));
  const m = useMutation({
    mutationFn: () => createHostTask(bodyOf(type, v, targets, flags)),
    onSuccess: async (task) => {
      await client.invalidateQueries({ queryKey: keys.all });
      onDone(task);
    },
  });
  const whole = type === 'whole_copy';
  const source = list.find((h) => h.id === v.source_id);
  const ready = !!v.name!.trim() && !!v.source_id && (whole ? !!v.standby_id : !!v.source_path!.trim() && targets.every((x) => x.host_id && x.path.trim()));
  return (
    <>
      <Field label={t('f.name')} hint={t('f.name_hint')}>
        <Input className="ys-protect__input" value={v.name} onChange={set('name')} placeholder={t(`f.ph_${type}`)} data-testid="task-name" />
      </Field>
      <Field label={t('f.source_host')}>
        <HostChoice
          hosts={list}
          value={v.source_id!}
          onChange={set('source_id')}
          label={t('f.source_host')}
          exclude={[v.standby_id!, ...targets.map((x) => x.host_id)]}
        />
      </Field>
      {whole ? (
        <>
          <Field label={t('f.standby_host')}>
            <HostChoice hosts={list} value={v.standby_id!} onChange={set('standby_id')} label={t('f.standby_host')} exclude={[v.source_id!]} />
          </Field>
          <WholeFields v={v} set={set} />
        </>
      ) : (
        <>
          <Field label={t('f.source_path')}>
            <Input className="ys-protect__input" value={v.source_path} onChange={set('source_path')} placeholder={t('f.ph_source_path')} />
          </Field>
          <Targets hosts={list} source={v.source_id!} targets={targets} setTargets={setTargets} max={type === 'file_transfer' ? TRANSFER_TARGETS_MAX : 1} />
        </>
      )}
      {type === 'file_transfer' ? (
        <>
          <p className="ys-protect__advice" role="note" data-testid="transfer-advice">
            {source && Number(source.spec.cpu) < TRANSFER_ADVICE.cores
              ? t('f.transfer_advice_low', { ...TRANSFER_ADVICE, name: source.name, cpu: source.spec.cpu })
              : t('f.transfer_advice', TRANSFER_ADVICE)}
          </p>
          <Field label={t('f.overwrite')} warn={flags.overwrite ? t('f.overwrite_warn') : undefined}>
            <span className="ys-protect__switch">
              {t(flags.overwrite ? 'yes' : 'no')}
              <Switch checked={flags.overwrite} onChange={(x) => setFlags((f) => ({ ...f, overwrite: x }))} aria-label={t('f.overwrite')} />
            </span>
          </Field>
          <Field label={t('f.create_dir')} warn={flags.create_dir ? t('f.create_dir_warn') : t('f.no_create_dir_warn')}>
            <span className="ys-protect__switch">
              {t(flags.create_dir ? 'yes' : 'no')}
              <Switch checked={flags.create_dir} onChange={(x) => setFlags((f) => ({ ...f, create_dir: x }))} aria-label={t('f.create_dir')} />
            </span>
          </Field>
        </>
      ) : null}
      <Submit pending={m.isPending} disabled={!ready} onClick={() => m.mutate()} />
    </>
  );
}
