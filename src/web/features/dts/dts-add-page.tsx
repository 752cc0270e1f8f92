// dtsAdd and dtsBuy (ADR 0059): a step form — 源实例 → 目标实例 → 迁移对象 → 预检查 → 启动. The task
// is recorded when the pre-check first runs; a failed check lets the user go back and change the
// objects, a passed one locks the steps before it (seed 001 §4), and only then can the task start.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Input, Radio, Steps } from 'antd-mobile';
import { DTS_LEVELS, DTS_NAME, DTS_TYPES, type DtsLevel, type DtsTask, type DtsType } from '../../../domain/dts.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { createTask, dtsKeys, listInstances, listTables, precheckTask, startTask, updateTask, type DbInstance } from './api.ts';
import { Checks, DtsFrame, ListState, PATHS } from './dts-parts.tsx';

const STEPS = ['source', 'target', 'objects', 'precheck', 'start'] as const;

function InstancePick({ list, value, onChange, exclude }: { list: DbInstance[]; value: string; onChange: (id: string) => void; exclude?: string }) {
  const { t } = useTranslation('dts');
  return (
    <Radio.Group value={value} onChange={(v) => onChange(String(v))}>
      <ul className="ys-dts__picks">
        {list.map((i) => (
          <li key={i.id}>
            <Radio value={i.id} disabled={i.id === exclude || i.status !== 'running'} className="ys-dts__pick" data-testid="dts-instance">
              <strong>{i.name}</strong>
              <small>
                {t(`engines.${i.spec.engine ?? 'mysql'}`)} {i.spec.version ?? ''} ·{' '}
                {i.id === exclude ? t('is_source') : t(`instance_status.${i.status === 'running' ? 'running' : 'other'}`)}
              </small>
            </Radio>
          </li>
        ))}
      </ul>
    </Radio.Group>
  );
}

function Objects(p: {
  source: string;
  level: DtsLevel;
  setLevel: (l: DtsLevel) => void;
  type: DtsType;
  setType: (t: DtsType) => void;
  objects: string[];
  setObjects: (o: string[]) => void;
}) {
  const { t } = useTranslation('dts');
  const q = useQuery({ queryKey: dtsKeys.tables(p.source), queryFn: () => listTables(p.source) });
  const tables = q.data?.data ?? [];
  return (
    <div className="ys-dts__objects">
      <fieldset>
        <legend>{t('type')}</legend>
        <Radio.Group value={p.type} onChange={(v) => p.setType(v as DtsType)}>
          {DTS_TYPES.map((x) => (
            <Radio key={x} value={x} className="ys-dts__radio">
              {t(`types.${x}`)}
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      <fieldset>
        <legend>{t('level')}</legend>
        <Radio.Group value={p.level} onChange={(v) => p.setLevel(v as DtsLevel)}>
          {DTS_LEVELS.map((x) => (
            <Radio key={x} value={x} className="ys-dts__radio" data-testid={`dts-level-${x}`}>
              {t(`levels.${x}`)}
            </Radio>
          ))}
        </Radio.Group>
        <p className="ys-dts__hint">{t(`level_hint.${p.level}`)}</p>
      </fieldset>
      {p.level === 'database' ? null : (
        <fieldset>
          <legend>{t('tables')}</legend>
          <ListState loading={q.isPending} failed={q.isError} empty={!tables.length} emptyText={t('no_tables')} />
          <Checkbox.Group value={p.objects} onChange={(v) => p.setObjects(v.map(String))}>
            <ul className="ys-dts__picks">
              {tables.map((x) => (
                <li key={x.name}>
                  <Checkbox value={x.name} className="ys-dts__pick" data-testid="dts-table">
                    <strong>{x.name}</strong>
                    {x.primary_key ? null : <small>{t('no_primary_key')}</small>}
                  </Checkbox>
                </li>
              ))}
            </ul>
          </Checkbox.Group>
        </fieldset>
      )}
    </div>
  );
}

export default function DtsAddPage() {
  const { t } = useTranslation('dts');
  const page = usePageHandle()?.name ?? 'dtsAdd';
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [name, setName] = useState(() => `dts-${Date.now().toString(36)}`);
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [type, setType] = useState<DtsType>('migrate');
  const [level, setLevel] = useState<DtsLevel>('table');
  const [objects, setObjects] = useState<string[]>([]);
  const [task, setTask] = useState<DtsTask | null>(null);
  const instances = useQuery({ queryKey: dtsKeys.instances, queryFn: listInstances });
  const list = instances.data ?? [];
  const check = useMutation({
    mutationFn: async () => {
      const body = { level, type, objects: level === 'database' ? [] : objects };
      const made = task ? await updateTask(task.id, body) : await createTask({ name, source_id: source, target_id: target, ...body });
      setTask(made);
      return precheckTask(made.id);
    },
    onSuccess: (x) => setTask(x),
  });
  const start = useMutation({ mutationFn: () => startTask(task!.id), onSuccess: (x) => navigate(PATHS.detail(x.id)) });
  const passed = task?.precheck === 'passed';
  const nameOk = DTS_NAME.test(name);
  const canNext = [!!source, !!target && target !== source, nameOk && (level === 'database' || objects.length > 0), passed, false][step];
  // a passed pre-check blocks going back; the source and target are fixed once the task is recorded
  const back = step > 0 && !(passed && step >= 3) && !(task && step <= 2);
  return (
    <DtsFrame page={page} title={t(page === 'dtsBuy' ? 'titles.buy' : 'titles.add')} back={PATHS.list}>
      <Steps current={step} className="ys-dts__steps">
        {STEPS.map((s) => (
          <Steps.Step key={s} title={t(`steps.${s}`)} />
        ))}
      </Steps>
      <section className="ys-dts__panel" data-testid={`dts-step-${STEPS[step]}`}>
        <h2 className="ys-dts__h2">{t(`steps_help.${STEPS[step]}`)}</h2>
        {step < 2 ? <ListState loading={instances.isPending} failed={instances.isError} empty={!list.length} emptyText={t('no_instances')} /> : null}
        {step === 0 ? <InstancePick list={list} value={source} onChange={(v) => (setSource(v), setObjects([]))} /> : null}
        {step === 1 ? <InstancePick list={list} value={target} onChange={setTarget} exclude={source} /> : null}
        {step === 2 ? (
          <>
            <label className="ys-dts__label" htmlFor="dts-name">
              {t('name')}
            </label>
            <Input id="dts-name" value={name} onChange={setName} maxLength={64} disabled={!!task} className="ys-dts__input" data-testid="dts-name" />
            {nameOk ? null : <p className="ys-dts__err">{t('name_rule')}</p>}
            <Objects source={source} level={level} setLevel={setLevel} type={type} setType={setType} objects={objects} setObjects={setObjects} />
          </>
        ) : null}
        {step === 3 ? (
          <>
            <Button color="primary" loading={check.isPending} disabled={passed} onClick={() => check.mutate()} data-testid="dts-precheck">
              {task ? t('precheck_again') : t('precheck_run')}
            </Button>
            {task ? <p className={`ys-dts__verdict is-${task.precheck}`}>{t(`precheck_verdict.${task.precheck}`)}</p> : null}
            <Checks checks={task?.checks ?? []} />
          </>
        ) : null}
        {step === 4 && task ? (
          <>
            <p className="ys-dts__verdict is-passed">{t('ready', { name: task.name })}</p>
            <Button color="primary" block loading={start.isPending} onClick={() => start.mutate()} data-testid="dts-start">
              {t('start')}
            </Button>
          </>
        ) : null}
      </section>
      <footer className="ys-dts__footer">
        <Button disabled={!back} onClick={() => setStep(step - 1)}>
          {t('prev')}
        </Button>
        {step < 4 ? (
          <Button color="primary" disabled={!canNext} onClick={() => setStep(step + 1)} data-testid="dts-next">
            {t('next')}
          </Button>
        ) : null}
      </footer>
    </DtsFrame>
  );
}
