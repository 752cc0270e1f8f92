// visualResourceConfig: a stack's configuration. With ?template= it deploys one — the stack's name,
// the zone (vendor, region, zone) every resource is placed in and the hosts' password; with ?id= it
// shows the stack: its status, why it stopped, and each resource with its state and a link to the
// resource's own page, refreshed while the scheduler works on it; a finished stack may be deleted.
import { Suspense, lazy, useReducer, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, Toast } from 'antd-mobile';
import { kindDetailPath } from '../../../domain/kinds/kind-paths.ts';
import { kindOf } from '../../../domain/kinds/registry.ts';
import { STACK_BUSY } from '../../../domain/stacks.ts';
import { deleteStack, deployStack, getStack, getTemplate, listRegions, listVendors, listZones, type Stack } from './api.ts';
import { stackKeys } from './query-keys.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { edit, type Draft } from './editor-model.ts';
import { PATHS, Rows, StacksFrame, StatusTag, useKindName, useNodeSummary, when } from './stacks-parts.tsx';

function Select({
  id,
  label,
  value,
  options,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  options: { id: string; name: string }[];
  onChange: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('stacks');
  return (
    <div className="ys-stacks__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="ys-stacks__input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('deploy.choose')}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const EditorCanvas = lazy(() => import('./editor-canvas.tsx'));

/** The stack's graph as it was deployed, on the read-only canvas (tablet and desktop). */
function Topology({ stack }: { stack: Stack }) {
  const { t } = useTranslation('stacks');
  const [draft, dispatch] = useReducer(edit, undefined, (): Draft => ({
    name: stack.name,
    description: '',
    nodes: stack.nodes,
    edges: stack.edges,
    selected: null,
  }));
  return (
    <section className="ys-stacks__section" aria-label={t('stacks.graph')}>
      <h2>{t('stacks.graph')}</h2>
      <Suspense fallback={<DotLoading />}>
        <EditorCanvas draft={draft} issues={[]} dispatch={(e) => e.type === 'select' && dispatch(e)} readOnly />
      </Suspense>
    </section>
  );
}

function DeployForm({ templateId }: { templateId: string }) {
  const { t } = useTranslation(['stacks', 'kinds']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const kindName = useKindName();
  const summary = useNodeSummary();
  const tpl = useQuery({ queryKey: stackKeys.template(templateId), queryFn: () => getTemplate(templateId) });
  const [form, setForm] = useState({ name: '', vendor: '', region_id: '', az_id: '', password: '' });
  const vendors = useQuery({ queryKey: stackKeys.vendors(), queryFn: listVendors, staleTime: 600_000 });
  const regions = useQuery({ queryKey: stackKeys.regions(form.vendor), queryFn: () => listRegions(form.vendor), enabled: Boolean(form.vendor) });
  const zones = useQuery({ queryKey: stackKeys.zones(form.region_id), queryFn: () => listZones(form.region_id), enabled: Boolean(form.region_id) });
  const hosts = tpl.data?.nodes.some((n) => n.kind === 'instance') ?? false;
  const go = useMutation({
    mutationFn: () => deployStack({ template_id: templateId, ...form, ...(hosts ? {} : { password: undefined }) }),
    onSuccess: async (s) => {
      Toast.show({ content: t('deploy.started') });
      await qc.invalidateQueries({ queryKey: stackKeys.stacks() });
      navigate(PATHS.stack(s.id), { replace: true });
    },
  });
  if (!tpl.data) return <DotLoading />;
  const ok = form.name.trim().length >= 2 && form.az_id && (!hosts || form.password.length >= 8);
  return (
    <form
      className="ys-stacks__deploy"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) go.mutate();
      }}
    >
      <section className="ys-stacks__section">
        <h2>
          {t('deploy.template')}：{tpl.data.name}
        </h2>
        <p className="ys-stacks__muted">{t('deploy.summary', { count: tpl.data.nodes.length })}</p>
        <ul className="ys-stacks__plain">
          {tpl.data.nodes.map((n) => (
            <li key={n.key}>
              <span className={`ys-stacks__kind ys-stacks__kind--${n.kind}`}>{kindName(n.kind)}</span> {n.name}
              <span className="ys-stacks__nodesum"> {summary(n)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="ys-stacks__section">
        <div className="ys-stacks__field">
          <label htmlFor="stack-name">{t('deploy.name')}</label>
          <input
            id="stack-name"
            className="ys-stacks__input"
            maxLength={40}
            value={form.name}
            placeholder={t('deploy.name_placeholder')}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            data-testid="stack-name"
          />
        </div>
        <Select
          id="stack-vendor"
          testId="stack-vendor"
          label={t('deploy.vendor')}
          value={form.vendor}
          options={(vendors.data?.data ?? []).map((v) => ({ id: v.id, name: t(`kinds:vendors.${v.id}`, { defaultValue: v.name_cn }) }))}
          onChange={(vendor) => setForm({ ...form, vendor, region_id: '', az_id: '' })}
        />
        <Select
          id="stack-region"
          testId="stack-region"
          label={t('deploy.region')}
          value={form.region_id}
          options={regions.data?.data ?? []}
          onChange={(region_id) => setForm({ ...form, region_id, az_id: '' })}
        />
        <Select
          id="stack-zone"
          testId="stack-zone"
          label={t('deploy.zone')}
          value={form.az_id}
          options={zones.data?.data ?? []}
          onChange={(az_id) => setForm({ ...form, az_id })}
        />
        {hosts ? (
          <div className="ys-stacks__field">
            <label htmlFor="stack-password">{t('deploy.password')}</label>
            <input
              id="stack-password"
              type="password"
              autoComplete="new-password"
              className="ys-stacks__input"
              maxLength={30}
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              data-testid="stack-password"
            />
            <small className="ys-stacks__muted">{t('deploy.password_hint')}</small>
          </div>
        ) : null}
        <p className="ys-stacks__muted">{t('deploy.billing')}</p>
        <Button block type="submit" color="primary" disabled={!ok} loading={go.isPending} data-testid="stack-deploy">
          {t('deploy.submit')}
        </Button>
      </section>
    </form>
  );
}

function StackDetail({ id }: { id: string }) {
  const { t } = useTranslation(['stacks', 'kinds']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const kindName = useKindName();
  const phone = useBreakpoint() === 'phone';
  const q = useQuery({
    queryKey: stackKeys.stack(id),
    queryFn: () => getStack(id),
    refetchInterval: (query) => (query.state.data && STACK_BUSY.includes(query.state.data.status) ? 1500 : false),
  });
  const remove = useMutation({
    mutationFn: () => deleteStack(id),
    onSuccess: async (left) => {
      Toast.show({ content: left ? t('stacks.deleting') : t('stacks.removed') });
      await qc.invalidateQueries({ queryKey: stackKeys.all });
      if (!left) navigate(PATHS.stacks, { replace: true });
    },
  });
  const s: Stack | undefined = q.data;
  const regions = useQuery({ queryKey: stackKeys.regions(s?.vendor ?? ''), queryFn: () => listRegions(s!.vendor), enabled: Boolean(s), staleTime: 600_000 });
  const zones = useQuery({ queryKey: stackKeys.zones(s?.region_id ?? ''), queryFn: () => listZones(s!.region_id), enabled: Boolean(s), staleTime: 600_000 });
  if (!s) return q.isError ? <p className="ys-stacks__muted">{t('stacks.failed')}</p> : <DotLoading />;
  const made = s.resources.filter((r) => r.resource_id && r.state !== 'removed').length;
  return (
    <>
      <section className="ys-stacks__section" data-testid="stack-detail">
        <div className="ys-stacks__cardhead">
          <h2>{s.name}</h2>
          <StatusTag status={s.status} />
        </div>
        <Rows
          rows={[
            [t('stacks.template'), s.template_name],
            [
              t('stacks.placement'),
              [
                t(`kinds:vendors.${s.vendor}`, { defaultValue: s.vendor }),
                regions.data?.data.find((r) => r.id === s.region_id)?.name,
                zones.data?.data.find((z) => z.id === s.az_id)?.name,
              ]
                .filter(Boolean)
                .join(' / '),
            ],
            [t('stacks.created_at'), when(s.created_at)],
          ]}
        />
        {s.failure ? (
          <p className="ys-stacks__failure" role="alert">
            {t('stacks.failure')}：
            {s.failure.node ? t('stacks.failure_node', { node: s.failure.node, description: s.failure.description }) : s.failure.description}
          </p>
        ) : null}
      </section>
      {phone ? null : <Topology stack={s} />}
      <section className="ys-stacks__section">
        <h2>{t('stacks.resources')}</h2>
        <ul className="ys-stacks__resources">
          {s.resources.map((r) => {
            const def = kindOf(r.kind);
            const path = r.resource_id && r.status && def ? kindDetailPath(def, r.resource_id) : undefined;
            return (
              <li key={r.node} className="ys-stacks__resource" data-testid="stack-resource">
                <span className={`ys-stacks__kind ys-stacks__kind--${r.kind}`}>{kindName(r.kind)}</span>
                {path ? (
                  <Link to={path} className="ys-stacks__name" aria-label={`${t('stacks.open')} ${r.name}`}>
                    {r.name}
                  </Link>
                ) : (
                  <span className="ys-stacks__resname">{r.name}</span>
                )}
                <StatusTag status={r.state} of="state" />
                {r.status ? <span className="ys-stacks__muted">{t(`kinds:status.${r.status}`, { defaultValue: '' })}</span> : null}
              </li>
            );
          })}
        </ul>
      </section>
      {STACK_BUSY.includes(s.status) ? null : (
        <Button
          block
          color="danger"
          fill="outline"
          loading={remove.isPending}
          data-testid="stack-delete"
          onClick={async () => {
            if (
              await Dialog.confirm({
                content: t('stacks.delete_confirm', { name: s.name, count: made }),
                confirmText: t('stacks.delete'),
                cancelText: t('cancel'),
              })
            )
              remove.mutate();
          }}
        >
          {t('stacks.delete')}
        </Button>
      )}
    </>
  );
}

export default function StackConfigPage() {
  const { t } = useTranslation('stacks');
  const [params] = useSearchParams();
  const templateId = params.get('template');
  const id = params.get('id');
  return (
    <StacksFrame
      page="visualResourceConfig"
      title={templateId ? t('title.deploy') : t('title.stack')}
      back={templateId ? { to: PATHS.templates, label: t('title.templates') } : { to: PATHS.stacks, label: t('title.stacks') }}
    >
      {templateId ? <DeployForm templateId={templateId} /> : id ? <StackDetail id={id} /> : <p className="ys-stacks__muted">{t('stacks.empty')}</p>}
    </StacksFrame>
  );
}
