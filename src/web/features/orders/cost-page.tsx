// Cost optimisation (billCostSeo, its tabs resourceStatistics and billCostStatistics, and
// zoneBillCostSeo): the strategies (the default and at most 5 more; a newly applied one counts from
// the next day; the applied one cannot be deleted) and what the strategy in effect finds in
// yesterday's monitoring: idle, over-provisioned and hosts needing expansion, with what acting on
// each would save a month — by host, by finding and project, and by zone.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { COMPARE_OPS, DEFAULT_COST_RULES, LOGIC_OPS, STRATEGY_NAME_MAX } from '../../../domain/billing/orders.ts';
import { applyStrategy, createStrategy, deleteStrategy, findings, strategies, type CostRules, type Findings, type Strategy } from './api.ts';
import { percent, yuan } from './format.ts';
import { CostTabs, Empty, Failed, Loading, Tag } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

const KINDS = ['idle', 'over', 'expand'] as const;

function RuleText({ rules }: { rules: CostRules }) {
  const { t } = useTranslation();
  return (
    <div className="ys-ord__rule">
      {KINDS.map((k) => (
        <span key={k}>
          {t('orders:cost.rule_line', {
            finding: t(`orders:finding.${k}`),
            cpu: `${t(`orders:op.${rules[k].cpu.op}`)} ${rules[k].cpu.value}%`,
            memory: `${t(`orders:op.${rules[k].memory.op}`)} ${rules[k].memory.value}%`,
            logic: t(`orders:logic.${rules[k].logic}`),
          })}
        </span>
      ))}
    </div>
  );
}

function NewStrategy({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [rules, setRules] = useState<CostRules>(structuredClone(DEFAULT_COST_RULES) as CostRules);
  const save = useMutation({
    mutationFn: () => createStrategy(name.trim(), rules),
    onSuccess: () => {
      Toast.show({ content: t('orders:cost.created') });
      setName('');
      onDone();
    },
  });
  const setCmp = (k: (typeof KINDS)[number], m: 'cpu' | 'memory', patch: Partial<CostRules['idle']['cpu']>) =>
    setRules({ ...rules, [k]: { ...rules[k], [m]: { ...rules[k][m], ...patch } } });
  return (
    <form
      className="ys-ord__form"
      data-testid="strategy-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label className="ys-ord__filter-label" htmlFor="strategy-name">
        {t('orders:cost.name')}
      </label>
      <Input
        id="strategy-name"
        value={name}
        onChange={setName}
        maxLength={STRATEGY_NAME_MAX}
        placeholder={t('orders:cost.name_placeholder', { max: STRATEGY_NAME_MAX })}
      />
      {KINDS.map((k) => (
        <fieldset key={k} className="ys-ord__panel" style={{ margin: 0 }}>
          <legend>{t(`orders:finding.${k}`)}</legend>
          {(['cpu', 'memory'] as const).map((m) => (
            <div key={m} className="ys-ord__row">
              <span style={{ minWidth: '7em' }}>{t(`orders:cost.${m}_max`)}</span>
              <select
                aria-label={t('orders:cost.op_label', { finding: t(`orders:finding.${k}`), metric: t(`orders:cost.${m}_max`) })}
                value={rules[k][m].op}
                onChange={(e) => setCmp(k, m, { op: e.target.value as CostRules['idle']['cpu']['op'] })}
                style={{ minHeight: 44, minWidth: 72 }}
              >
                {COMPARE_OPS.map((o) => (
                  <option key={o} value={o}>
                    {t(`orders:op.${o}`)}
                  </option>
                ))}
              </select>
              <Input
                aria-label={t('orders:cost.value_label', { finding: t(`orders:finding.${k}`), metric: t(`orders:cost.${m}_max`) })}
                type="number"
                value={String(rules[k][m].value)}
                onChange={(v) => setCmp(k, m, { value: Number(v) })}
                style={{ width: 90 }}
              />
              <span>%</span>
            </div>
          ))}
          <div className="ys-ord__row">
            <span style={{ minWidth: '7em' }}>{t('orders:cost.logic')}</span>
            <select
              aria-label={t('orders:cost.logic_label', { finding: t(`orders:finding.${k}`) })}
              value={rules[k].logic}
              onChange={(e) => setRules({ ...rules, [k]: { ...rules[k], logic: e.target.value as 'and' | 'or' } })}
              style={{ minHeight: 44, minWidth: 120 }}
            >
              {LOGIC_OPS.map((o) => (
                <option key={o} value={o}>
                  {t(`orders:logic_form.${o}`)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      ))}
      <Button color="primary" type="submit" loading={save.isPending} disabled={!name.trim()} data-testid="strategy-save">
        {t('orders:cost.save')}
      </Button>
    </form>
  );
}

function Strategies() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: orderKeys.costStrategies(), queryFn: strategies });
  const [adding, setAdding] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: orderKeys.cost() });
  const apply = useMutation({
    mutationFn: (id: string) => applyStrategy(id),
    onSuccess: (r) => {
      Toast.show({ content: t('orders:cost.applied_from', { day: r.effective_date }) });
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: string) => deleteStrategy(id), onSuccess: refresh });
  const askRemove = async (s: Strategy) => {
    if (await Dialog.confirm({ title: t('orders:cost.delete_title'), content: t('orders:cost.delete_content', { name: s.name }) })) remove.mutate(s.id);
  };
  if (q.isPending) return <Loading />;
  if (q.isError) return <Failed retry={() => void q.refetch()} />;
  const custom = q.data.count - 1;
  return (
    <section className="ys-ord__panel" data-testid="strategies">
      <div className="ys-ord__card-head">
        <h2 className="ys-ord__h2">{t('orders:cost.strategies', { n: custom, max: q.data.max })}</h2>
        <Button size="small" disabled={custom >= q.data.max} onClick={() => setAdding(!adding)} data-testid="strategy-add">
          {adding ? t('orders:cost.cancel') : t('orders:cost.add')}
        </Button>
      </div>
      {custom >= q.data.max ? <p className="ys-ord__hint">{t('orders:cost.full', { max: q.data.max })}</p> : null}
      {adding ? (
        <NewStrategy
          onDone={() => {
            setAdding(false);
            refresh();
          }}
        />
      ) : null}
      <ul className="ys-ord__lines">
        {q.data.data.map((s) => (
          <li key={s.id} data-strategy={s.id}>
            <div className="ys-ord__card-head">
              <span className="ys-ord__name">{s.is_default ? t('orders:cost.default_name') : s.name}</span>
              <span className="ys-ord__row">
                {s.applied ? <Tag kind="normal">{t('orders:cost.in_use')}</Tag> : null}
                {s.pending ? <Tag kind="over">{t('orders:cost.from_day', { day: q.data.effective_date })}</Tag> : null}
              </span>
            </div>
            <RuleText rules={s.rules} />
            <div className="ys-ord__row" style={{ marginTop: 6 }}>
              {!s.applied && !s.pending ? (
                <Button size="small" color="primary" fill="outline" onClick={() => apply.mutate(s.id)}>
                  {t('orders:cost.apply')}
                </Button>
              ) : null}
              {!s.is_default && !s.applied && !s.pending ? (
                <Button size="small" color="danger" fill="none" onClick={() => void askRemove(s)}>
                  {t('orders:cost.delete')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Summary({ f }: { f: Findings }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="ys-ord__hint">{t('orders:cost.window', { day: f.window.day, strategy: f.strategy.name ?? t('orders:cost.default_name') })}</p>
      <div className="ys-ord__sums" data-testid="finding-summary">
        <div className="ys-ord__sum">
          <span>{t('orders:cost.total_saving')}</span>
          <strong data-testid="total-saving">{yuan(f.saving_fen)}</strong>
        </div>
        {KINDS.map((k) => (
          <div key={k} className="ys-ord__sum" data-finding={k}>
            <span>{t(`orders:finding.${k}`)}</span>
            <strong>{t('orders:cost.hosts', { n: f.summary[k].count })}</strong>
            <span>{t('orders:cost.saving', { amount: yuan(f.summary[k].saving_fen) })}</span>
          </div>
        ))}
      </div>
    </>
  );
}

function Hosts({ f, single }: { f: Findings; single?: boolean }) {
  const { t } = useTranslation();
  if (!f.data.length) return <Empty>{t('orders:cost.no_hosts')}</Empty>;
  return (
    <div className={`ys-ord__grid${single ? ' ys-ord__grid--single' : ''}`} data-testid={single ? 'top-findings' : 'findings'}>
      {f.data.map((d) => (
        <div key={d.resource_id} className="ys-ord__card" data-finding={d.finding}>
          <span className="ys-ord__card-head">
            <span className="ys-ord__name">{d.resource_name}</span>
            <Tag kind={d.finding}>{t(`orders:finding.${d.finding}`)}</Tag>
          </span>
          <span className="ys-ord__meta">
            {d.project_name ?? '—'} · {d.az_name ?? t('orders:cost.no_zone')} · {t(`kinds:vendors.${d.vendor}`)}
          </span>
          <span className="ys-ord__meta">{t('orders:cost.maxima', { cpu: percent(d.cpu_max), memory: percent(d.memory_max) })}</span>
          <span className="ys-ord__card-head">
            <span className="ys-ord__meta">{t('orders:cost.monthly', { amount: yuan(d.monthly_fen) })}</span>
            <strong>{d.saving_fen ? t('orders:cost.saving', { amount: yuan(d.saving_fen) }) : t(`orders:cost.advice.${d.finding}`)}</strong>
          </span>
        </div>
      ))}
    </div>
  );
}

function Bars({ title, rows, testId }: { title: string; rows: { key: string; label: string; value: number; note?: string }[]; testId: string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <section className="ys-ord__panel" data-testid={testId}>
      <h2 className="ys-ord__h2">{title}</h2>
      {rows.length === 0 ? <p className="ys-ord__hint">{t('orders:cost.no_hosts')}</p> : null}
      <ul className="ys-ord__bars">
        {rows.map((r) => (
          <li key={r.key}>
            <div className="ys-ord__bar-head">
              <span>{r.label}</span>
              <strong>{yuan(r.value)}</strong>
            </div>
            {r.note ? <div className="ys-ord__meta">{r.note}</div> : null}
            <div className="ys-ord__bar" aria-hidden="true">
              <i style={{ width: `${Math.max(1, Math.round((r.value / max) * 100))}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Statistics({ f }: { f: Findings }) {
  const { t } = useTranslation();
  const byProject = new Map<string, { label: string; value: number; n: number }>();
  for (const d of f.data) {
    const p = byProject.get(d.project_id) ?? { label: d.project_name ?? '—', value: 0, n: 0 };
    p.value += d.saving_fen;
    p.n += d.finding === 'normal' ? 0 : 1;
    byProject.set(d.project_id, p);
  }
  return (
    <div className="ys-ord__split">
      <Bars
        title={t('orders:cost.by_finding')}
        testId="saving-by-finding"
        rows={KINDS.map((k) => ({
          key: k,
          label: t(`orders:finding.${k}`),
          value: f.summary[k].saving_fen,
          note: t('orders:cost.hosts', { n: f.summary[k].count }),
        }))}
      />
      <Bars
        title={t('orders:cost.by_project')}
        testId="saving-by-project"
        rows={[...byProject.entries()]
          .map(([key, p]) => ({ key, label: p.label, value: p.value, note: t('orders:cost.findings_n', { n: p.n }) }))
          .sort((a, b) => b.value - a.value)}
      />
    </div>
  );
}

function Zones({ f }: { f: Findings }) {
  const { t } = useTranslation();
  if (!f.zones.length) return <Empty>{t('orders:cost.no_hosts')}</Empty>;
  return (
    <div className="ys-ord__grid" data-testid="zones">
      {f.zones.map((z) => (
        <div key={z.az_id ?? 'none'} className="ys-ord__card" data-zone={z.az_id ?? ''}>
          <span className="ys-ord__card-head">
            <span className="ys-ord__name">{z.az_name ?? t('orders:cost.no_zone')}</span>
            <span className="ys-ord__meta">{t('orders:cost.hosts', { n: z.total })}</span>
          </span>
          <span className="ys-ord__row">
            <Tag kind="idle">{t('orders:cost.zone_count', { finding: t('orders:finding.idle'), n: z.idle })}</Tag>
            <Tag kind="over">{t('orders:cost.zone_count', { finding: t('orders:finding.over'), n: z.over })}</Tag>
            <Tag kind="expand">{t('orders:cost.zone_count', { finding: t('orders:finding.expand'), n: z.expand })}</Tag>
          </span>
          <span className="ys-ord__card-head">
            <span className="ys-ord__meta">{t('orders:cost.monthly', { amount: yuan(z.monthly_fen) })}</span>
            <strong>{t('orders:cost.saving', { amount: yuan(z.saving_fen) })}</strong>
          </span>
        </div>
      ))}
    </div>
  );
}

export default function CostPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const name = handle?.name ?? 'billCostSeo';
  const q = useQuery({ queryKey: orderKeys.costFindings(), queryFn: findings });
  return (
    <PageFrame name={name} className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t(`routes:${name}`)}</h1>
      <CostTabs current={name} />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed retry={() => void q.refetch()} />
      ) : (
        <>
          <Summary f={q.data} />
          {name === 'billCostSeo' ? (
            <div className="ys-ord__split">
              <Strategies />
              <section className="ys-ord__panel">
                <h2 className="ys-ord__h2">{t('orders:cost.top')}</h2>
                <Hosts single f={{ ...q.data, data: q.data.data.filter((d) => d.finding !== 'normal').slice(0, 6) }} />
              </section>
            </div>
          ) : name === 'billCostSeo_resourceStatistics' ? (
            <Hosts f={q.data} />
          ) : name === 'billCostSeo_billCostStatistics' ? (
            <Statistics f={q.data} />
          ) : (
            <Zones f={q.data} />
          )}
          <p className="ys-ord__hint">{t('orders:cost.note')}</p>
        </>
      )}
    </PageFrame>
  );
}
