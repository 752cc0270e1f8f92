// The form of a new alarm policy: it checks the seed's rules (the domain schema) before sending;
// the server checks them again.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { Button } from 'antd-mobile';
import { KIND_METRICS, METRICS, type MetricName } from '../../../domain/alarms/alarm-metrics.ts';
import { alarmPolicyCreateSchema, TARGET_TYPES } from '../../../domain/alarms/alarm-policy.schema.ts';
import { LEVELS, OPERATORS } from '../../../domain/alarms/evaluate.ts';
import { get } from '../../lib/request.ts';
import { projectAtom, tenantAtom, territoriesAtom, type TerritoryProject } from '../../lib/store.ts';
import { createPolicy, getMonitored } from './api.ts';
import { alarmKeys } from './query-keys.ts';

interface PolicyValues {
  name: string;
  kind: string;
  metric: MetricName;
  level: string;
  operator: string;
  threshold: string;
  occurrences: string;
  samples: string;
  max_alarms: string;
  target_type: string;
  target_value: string;
  receivers: string[];
}

const KINDS = Object.keys(KIND_METRICS);

export function PolicyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('alarms');
  const [v, setV] = useState<PolicyValues>({
    name: '',
    kind: 'instance',
    metric: 'cpu' as MetricName,
    level: 'high',
    operator: 'gt',
    threshold: '90',
    occurrences: '3',
    samples: '5',
    max_alarms: '3',
    target_type: 'kind',
    target_value: '',
    receivers: [] as string[],
  });
  const [error, setError] = useState<string | null>(null);
  const users = useQuery({ queryKey: alarmKeys.receivers(), queryFn: () => get<{ data: { id: string; nickname: string }[] }>('v1/alarms/receivers') });
  const resources = useQuery({ queryKey: alarmKeys.monitoredOf(v.kind), queryFn: () => getMonitored(v.kind), enabled: v.target_type === 'resource' });
  const set = (patch: Partial<PolicyValues>) => setV((x) => ({ ...x, ...patch }));
  // "整个项目": the user's projects of the working tenant (only the working project when one is chosen).
  const territories = useAtomValue(territoriesAtom);
  const tenant = useAtomValue(tenantAtom);
  const working = useAtomValue(projectAtom);
  const projects = (territories?.find((tt) => tt.tenant_id === tenant?.id)?.projects ?? []).filter((p) => !working || p.project_id === working.id);
  const save = useMutation({ mutationFn: createPolicy, onSuccess: onDone });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      ...v,
      threshold: Number(v.threshold),
      occurrences: Number(v.occurrences),
      samples: Number(v.samples),
      max_alarms: Number(v.max_alarms),
      source: METRICS[v.metric].source,
      enabled: true,
    };
    const check = alarmPolicyCreateSchema.safeParse(body);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      setError(t('form.invalid', { field: t(`form.${String(issue.path[0])}`, { defaultValue: String(issue.path[0]) }) }));
      return;
    }
    setError(null);
    save.mutate(body);
  };
  const num = (key: 'threshold' | 'occurrences' | 'samples' | 'max_alarms') => (
    <label className="ys-al-field">
      <span>{t(`form.${key}`)}</span>
      <input inputMode="decimal" value={v[key]} onChange={(e) => set({ [key]: e.target.value })} />
    </label>
  );
  return (
    <form className="ys-al-form" onSubmit={submit} aria-label={t('form.title')}>
      <label className="ys-al-field">
        <span>{t('form.name')}</span>
        <input value={v.name} maxLength={64} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label className="ys-al-field">
        <span>{t('form.kind')}</span>
        <select value={v.kind} onChange={(e) => set({ kind: e.target.value, metric: KIND_METRICS[e.target.value]![0]!, target_value: '' })}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind_names.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="ys-al-field">
        <span>{t('form.metric')}</span>
        <select value={v.metric} onChange={(e) => set({ metric: e.target.value as MetricName })}>
          {KIND_METRICS[v.kind]!.map((m) => (
            <option key={m} value={m}>
              {t(`metrics.${m}`)} · {t(`sources.${METRICS[m].source}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="ys-al-field">
        <legend>{t('form.level')}</legend>
        <div className="ys-al-chips">
          {LEVELS.map((l) => (
            <button key={l} type="button" aria-pressed={v.level === l} className={v.level === l ? 'is-on' : ''} onClick={() => set({ level: l })}>
              {t(`levels.${l}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="ys-al-field">
        <span>{t('form.operator')}</span>
        <select value={v.operator} onChange={(e) => set({ operator: e.target.value })}>
          {OPERATORS.map((o) => (
            <option key={o} value={o}>
              {t(`operators.${o}`)}
            </option>
          ))}
        </select>
      </label>
      {num('threshold')}
      {num('occurrences')}
      {num('samples')}
      {num('max_alarms')}
      <TargetFields v={v} set={set} projects={projects} resources={resources.data?.data ?? []} />
      <fieldset className="ys-al-field">
        <legend>{t('form.receivers')}</legend>
        <div className="ys-al-receivers">
          {users.data?.data.map((u) => (
            <label key={u.id}>
              <input
                type="checkbox"
                checked={v.receivers.includes(u.id)}
                onChange={() => set({ receivers: v.receivers.includes(u.id) ? v.receivers.filter((x) => x !== u.id) : [...v.receivers, u.id] })}
              />
              <span>{u.nickname}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p className="ys-al-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ys-al-actions">
        <Button type="submit" color="primary" loading={save.isPending}>
          {t('form.save')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** What the policy watches: a whole kind, one resource, one of the user's projects, or a tag. */
function TargetFields({
  v,
  set,
  projects,
  resources,
}: {
  v: PolicyValues;
  set: (patch: Partial<PolicyValues>) => void;
  projects: TerritoryProject[];
  resources: { id: string; name: string }[];
}) {
  const { t } = useTranslation('alarms');
  return (
    <>
      <label className="ys-al-field">
        <span>{t('form.target_type')}</span>
        <select
          value={v.target_type}
          onChange={(e) =>
            set({ target_type: e.target.value, target_value: e.target.value === 'project' && projects.length === 1 ? projects[0]!.project_id : '' })
          }
        >
          {TARGET_TYPES.map((x) => (
            <option key={x} value={x}>
              {t(`targets.${x}`)}
            </option>
          ))}
        </select>
      </label>
      {v.target_type === 'resource' ? (
        <label className="ys-al-field">
          <span>{t('form.target_value')}</span>
          <select value={v.target_value} onChange={(e) => set({ target_value: e.target.value })}>
            <option value="">{t('form.pick')}</option>
            {resources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      ) : v.target_type === 'project' ? (
        <label className="ys-al-field">
          <span>{t('form.project')}</span>
          <select value={v.target_value} onChange={(e) => set({ target_value: e.target.value })}>
            <option value="">{t('form.pick')}</option>
            {projects.map((p) => (
              <option key={p.project_id} value={p.project_id}>
                {p.project_name_zh || p.project_name}
              </option>
            ))}
          </select>
        </label>
      ) : v.target_type === 'tag' ? (
        <label className="ys-al-field">
          <span>{t('form.tag')}</span>
          <input value={v.target_value} placeholder={t('form.tag_hint')} onChange={(e) => set({ target_value: e.target.value })} />
        </label>
      ) : null}
    </>
  );
}
