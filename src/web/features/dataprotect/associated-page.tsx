// disasterAssociated (ADR 0062): the templates applied to instances — each association is a DR task
// made through the DR task service's checks — and, on its second tab, DR comparison tasks: a DR
// task's source and standby compared table by table in their engines, with per-table results.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { DR_ENGINE_TARGET, drReadyStatus, type DrEngine } from '../../../domain/dataprotect.ts';
import { ASSOCIATE_MAX } from '../../../domain/protect.ts';
import { associate, keys, listInstances, listLinks, listTemplates, removeLink, whileBusy, type Pickable, type TemplateAssociation } from './api.ts';
import { CompareTab } from './compare-tab.tsx';
import { DangerButton, Field, ListState, ProtectFrame, Sheet, StateTag, Submit, TaskList, useConfirmed, when, type Column } from './parts.tsx';
import { DR_TABS } from './tabs.ts';

type Pair = { source_id: string; standby_id: string };

function fits(engine: string, i: Pickable): boolean {
  const target = DR_ENGINE_TARGET[engine as DrEngine];
  return !!target && i.kind === target.kind && (!target.engine || i.spec.engine === target.engine);
}

function InstanceChoice({ list, value, onChange, label }: { list: Pickable[]; value: string; onChange: (id: string) => void; label: string }) {
  const { t } = useTranslation('protect');
  return (
    <select className="ys-protect__select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('pick')}</option>
      {list.map((i) => (
        <option key={i.id} value={i.id} disabled={i.status !== drReadyStatus(i.kind ?? '')}>
          {i.status === drReadyStatus(i.kind ?? '') ? i.name : t(i.kind === 'nas' ? 'drt.not_available_option' : 'not_running_option', { name: i.name })}
        </option>
      ))}
    </select>
  );
}

function AssociateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  const templates = useQuery({ queryKey: keys.templates, queryFn: listTemplates });
  const instances = useQuery({ queryKey: keys.instances, queryFn: listInstances });
  const [templateId, setTemplateId] = useState('');
  const [pairs, setPairs] = useState<Pair[]>([{ source_id: '', standby_id: '' }]);
  const template = templates.data?.data.find((x) => x.id === templateId);
  const list = (instances.data ?? []).filter((i) => template && fits(template.engine, i));
  const m = useMutation({
    mutationFn: () => associate({ template_id: templateId, pairs }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      onDone();
    },
  });
  const setPair = (n: number, k: keyof Pair, id: string) => setPairs((ps) => ps.map((p, i) => (i === n ? { ...p, [k]: id } : p)));
  const ready = !!template && pairs.every((p) => p.source_id && p.standby_id);
  return (
    <>
      <Field label={t('f.template')}>
        <select className="ys-protect__select" value={templateId} onChange={(e) => setTemplateId(e.target.value)} data-testid="link-template">
          <option value="">{t('pick')}</option>
          {(templates.data?.data ?? []).map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}（{t(`engine.${x.engine}`)}）
            </option>
          ))}
        </select>
      </Field>
      {template && !list.length ? <p className="ys-protect__warn">{t('link.no_instances')}</p> : null}
      <div className="ys-protect__pairs">
        {pairs.map((p, n) => (
          <div key={n} className="ys-protect__pair">
            <Field label={t('f.source')}>
              <InstanceChoice list={list} value={p.source_id} onChange={(id) => setPair(n, 'source_id', id)} label={t('f.source')} />
            </Field>
            <Field label={t('f.standby')}>
              <InstanceChoice
                list={list.filter((i) => i.id !== p.source_id)}
                value={p.standby_id}
                onChange={(id) => setPair(n, 'standby_id', id)}
                label={t('f.standby')}
              />
            </Field>
            {pairs.length > 1 ? <DangerButton label={t('link.remove_pair')} onClick={() => setPairs((ps) => ps.filter((_, i) => i !== n))} /> : null}
          </div>
        ))}
      </div>
      {pairs.length < ASSOCIATE_MAX ? (
        <Button fill="outline" className="ys-protect__btn" onClick={() => setPairs((ps) => [...ps, { source_id: '', standby_id: '' }])}>
          {t('link.add_pair')}
        </Button>
      ) : null}
      <small className="ys-protect__hint">{t('link.hint', { max: ASSOCIATE_MAX })}</small>
      <Submit pending={m.isPending} disabled={!ready} onClick={() => m.mutate()} />
    </>
  );
}

function Associations() {
  const { t } = useTranslation('protect');
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: keys.links,
    queryFn: listLinks,
    refetchInterval: (query) => whileBusy(query.state.data?.data.map((l) => ({ status: l.task_status }))),
  });
  const confirm = useConfirmed();
  const rows = q.data?.data ?? [];
  const add = (
    <Button color="primary" onClick={() => setAdding(true)} data-testid="link-add">
      {t('link.add')}
    </Button>
  );
  const columns: Column<TemplateAssociation>[] = [
    { key: 'template', render: (r) => <strong>{r.template_name}</strong> },
    { key: 'engine', render: (r) => t(`engine.${r.engine}`) },
    { key: 'pair', render: (r) => `${r.source_name} → ${r.standby_name}`, wrap: true },
    { key: 'task', render: (r) => r.task_name },
    { key: 'status', render: (r) => <StateTag status={r.task_status} /> },
    { key: 'created', render: (r) => when(r.created_at) },
  ];
  return (
    <>
      <div className="ys-task__toolbar">{add}</div>
      <ListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('empty.associations')} action={add} />
      {rows.length ? (
        <TaskList
          rows={rows}
          columns={columns}
          testid="link"
          actions={(r) => (
            <DangerButton
              label={t('link.remove')}
              onClick={() =>
                confirm(t('confirm.link', { name: r.template_name, pair: `${r.source_name} → ${r.standby_name}` }), () => removeLink(r.id), t('link.remove'))
              }
            />
          )}
        />
      ) : null}
      <Sheet open={adding} title={t('link.add')} onClose={() => setAdding(false)}>
        {adding ? <AssociateForm onDone={() => setAdding(false)} /> : null}
      </Sheet>
    </>
  );
}

export default function AssociatedPage() {
  const { t } = useTranslation('protect');
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'comparisons' ? 'comparisons' : 'associations';
  return (
    <ProtectFrame page="disasterAssociated" title={t(`titles.${tab}`)} intro={t(`intro.${tab}`)} tabs={DR_TABS} tab={tab}>
      {tab === 'comparisons' ? <CompareTab /> : <Associations />}
    </ProtectFrame>
  );
}
