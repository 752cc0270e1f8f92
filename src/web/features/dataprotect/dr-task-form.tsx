// The new DR task form of one product (ADR 0074): task name (the task name rule), source and standby
// picked by name among the project's resources of the product (a NAS shows its protocol and
// capacity; one not ready is listed but cannot be picked), threads 1-20. The server checks the pair
// (one path with the templates' associations); its refusal is shown under the field it concerns:
// the standby's or source's when it names that resource, the name's for a duplicate name.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Input, Stepper } from 'antd-mobile';
import { DR_ENGINE_TARGET, DR_THREADS, drReadyStatus, taskNameSchema, type DrEngine, type DrTask } from '../../../domain/dataprotect.ts';
import { RequestError } from '../../lib/request.ts';
import { createDrTask, keys, listDrCandidates, type Pickable } from './api.ts';
import { Field, Submit } from './parts.tsx';

type FieldKey = 'name' | 'source' | 'standby' | 'threads' | 'form';
type Errors = Partial<Record<FieldKey, string>>;

function optionText(t: (k: string, o?: Record<string, unknown>) => string, r: Pickable): string {
  const ready = r.status === drReadyStatus(r.kind ?? '');
  const about = r.kind === 'nas' ? t('drt.nas_option', { protocol: String(r.spec.protocol ?? 'nfs').toUpperCase(), size: r.spec.size ?? 0 }) : '';
  const text = about ? `${r.name}（${about}）` : r.name;
  return ready ? text : t(r.kind === 'nas' ? 'drt.not_available_option' : 'not_running_option', { name: text });
}

function Pick({ list, value, onChange, label, testid }: { list: Pickable[]; value: string; onChange: (id: string) => void; label: string; testid: string }) {
  const { t } = useTranslation('protect');
  return (
    <select className="ys-protect__select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testid}>
      <option value="">{t('pick')}</option>
      {list.map((r) => (
        <option key={r.id} value={r.id} disabled={r.status !== drReadyStatus(r.kind ?? '')}>
          {optionText(t, r)}
        </option>
      ))}
    </select>
  );
}

/** Which field a refusal concerns: the one whose resource it names, a body field the server named, else the name's (409) or the form's. */
function errorsOf(err: unknown, names: { source?: string; standby?: string }, fallback: string): Errors {
  const body = err instanceof RequestError ? err.body : null;
  const text = body?.description || fallback;
  const field = body?.field;
  if (field === 'name' || field === 'threads') return { [field]: text };
  if (field === 'source_id') return { source: text };
  if (field === 'standby_id') return { standby: text };
  if (names.standby && text.includes(`「${names.standby}」`)) return { standby: text };
  if (names.source && text.includes(`「${names.source}」`)) return { source: text };
  if (err instanceof RequestError && err.status === 409) return { name: text };
  return { form: text };
}

export function DrTaskForm({ engine, onDone }: { engine: DrEngine; onDone: (task: DrTask) => void }) {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  const q = useQuery({ queryKey: keys.candidates(engine), queryFn: () => listDrCandidates(engine) });
  const list = q.data ?? [];
  const [name, setName] = useState('');
  const [source, setSource] = useState('');
  const [standby, setStandby] = useState('');
  const [threads, setThreads] = useState(4);
  const [errors, setErrors] = useState<Errors>({});
  const nameOk = taskNameSchema.safeParse(name).success;
  const byId = (id: string) => list.find((r) => r.id === id)?.name;
  const m = useMutation({
    mutationFn: () => createDrTask({ name: name.trim(), engine, source_id: source, standby_id: standby, threads }),
    onMutate: () => setErrors({}),
    onSuccess: async (task) => {
      await client.invalidateQueries({ queryKey: keys.all });
      onDone(task);
    },
    onError: (e) => setErrors(errorsOf(e, { source: byId(source), standby: byId(standby) }, t('failed_save'))),
  });
  const kind = DR_ENGINE_TARGET[engine].kind;
  return (
    <div className="ys-protect__form" data-testid="dr-form">
      <Field label={t('f.name')} hint={t('f.name_hint')} error={errors.name ?? (name && !nameOk ? t('drt.name_invalid') : undefined)}>
        <Input className="ys-protect__input" value={name} onChange={setName} placeholder={t('drt.name_ph')} data-testid="dr-name" />
      </Field>
      <Field label={t(kind === 'nas' ? 'drt.source_nas' : 'drt.source')} error={errors.source}>
        <Pick list={list} value={source} onChange={(id) => (setSource(id), id === standby && setStandby(''))} label={t('drt.source')} testid="dr-source" />
      </Field>
      <Field
        label={t(kind === 'nas' ? 'drt.standby_nas' : 'drt.standby')}
        hint={t(kind === 'nas' ? 'drt.standby_hint_nas' : 'drt.standby_hint')}
        error={errors.standby}
      >
        <Pick list={list.filter((r) => r.id !== source)} value={standby} onChange={setStandby} label={t('drt.standby')} testid="dr-standby" />
      </Field>
      {q.isSuccess && list.length < 2 ? <p className="ys-protect__warn">{t('drt.too_few', { engine: t(`engine.${engine}`) })}</p> : null}
      <Field label={t('f.threads')} hint={t('drt.threads_hint', DR_THREADS)} error={errors.threads}>
        <Stepper
          min={DR_THREADS.min}
          max={DR_THREADS.max}
          digits={0}
          value={threads}
          onChange={(v) => setThreads(Number(v) || DR_THREADS.min)}
          data-testid="dr-threads"
        />
      </Field>
      {errors.form ? (
        <p className="ys-protect__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Submit pending={m.isPending} disabled={!nameOk || !source || !standby} onClick={() => m.mutate()} />
    </div>
  );
}
