// The form of a scan strategy (new on scanStrategy, edit on strategyDetail), checked with the same
// schema the server runs (domain/security-scan), field by field: name, description, what to check,
// the hosts (all of the project's, or chosen ones), the baseline items and how often it runs.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Input, Selector, TextArea } from 'antd-mobile';
import { BASELINE_ITEMS } from '../../../domain/security-scan/catalogue.ts';
import { SCAN_CYCLES, SCAN_TYPES, strategySchema, type StrategyInput } from '../../../domain/security-scan/security-scan.ts';
import { ruleText, type IssueLike } from '../../lib/rule-text.ts';
import { listHosts, secKeys, type ScanStrategy } from './api.ts';

type Values = Omit<StrategyInput, 'description'> & { description: string };
const initial = (s?: ScanStrategy): Values => ({
  name: s?.name ?? '',
  description: s?.description ?? '',
  scan_type: s?.scan_type ?? 'full',
  host_scope: s?.host_scope ?? 'all',
  host_ids: s?.hosts.map((h) => h.id) ?? [],
  baseline_items: s?.baseline_items.length ? s.baseline_items : [...BASELINE_ITEMS],
  cycle: s?.cycle ?? 'manual',
});

function errorsOf(v: Values): Record<string, string> {
  const r = strategySchema.safeParse(v);
  if (r.success) return {};
  const out: Record<string, string> = {};
  const t = (k: string, o?: Record<string, unknown>) => i18next.t(k, o);
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? '');
    // An empty name says what to fill in, not the length rule's numbers.
    if (field === 'name' && issue.code === 'too_small') out.name ??= t('security:form.name_required');
    out[field] ??= ruleText(issue as unknown as IssueLike, t, (k) => i18next.exists(k), field);
  }
  return out;
}

function Field({ label, error, children, name }: { label: string; error?: string; children: React.ReactNode; name: string }) {
  return (
    <div className="ys-sec__field" data-field={name}>
      <span className="ys-sec__label">{label}</span>
      {children}
      {error ? (
        <span className="ys-sec__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function StrategyForm({
  strategy,
  onSubmit,
  onCancel,
  busy,
}: {
  strategy?: ScanStrategy;
  onSubmit: (v: Values) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('security');
  const [v, setV] = useState<Values>(() => initial(strategy));
  const [shown, setShown] = useState(false);
  const hosts = useQuery({ queryKey: secKeys.hosts(), queryFn: listHosts });
  const errors = shown ? errorsOf(v) : {};
  const set = <K extends keyof Values>(k: K, x: Values[K]) => setV((o) => ({ ...o, [k]: x }));
  const submit = () => {
    setShown(true);
    if (Object.keys(errorsOf(v)).length === 0) onSubmit(v);
  };
  return (
    <form
      className="ys-sec__form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="strategy-form"
    >
      <Field label={t('form.name')} error={errors.name} name="name">
        <Input
          value={v.name}
          onChange={(x) => set('name', x)}
          maxLength={32}
          placeholder={t('form.name_ph')}
          aria-label={t('form.name')}
          data-testid="strategy-name"
        />
      </Field>
      <Field label={t('form.description')} error={errors.description} name="description">
        <TextArea value={v.description} onChange={(x) => set('description', x)} maxLength={200} rows={2} aria-label={t('form.description')} />
      </Field>
      <Field label={t('form.scan_type')} name="scan_type">
        <Selector
          columns={3}
          options={SCAN_TYPES.map((x) => ({ label: t(`scan_type.${x}`), value: x }))}
          value={[v.scan_type]}
          onChange={(x) => x[0] && set('scan_type', x[0])}
        />
      </Field>
      <Field label={t('form.hosts')} error={errors.host_ids} name="host_ids">
        <Selector
          columns={2}
          options={(['all', 'selected'] as const).map((x) => ({ label: t(`host_scope.${x}`), value: x }))}
          value={[v.host_scope]}
          onChange={(x) => x[0] && set('host_scope', x[0])}
        />
        {v.host_scope === 'selected' ? (
          <Checkbox.Group value={v.host_ids} onChange={(x) => set('host_ids', x as string[])}>
            <div className="ys-sec__checks">
              {(hosts.data?.data ?? []).map((h) => (
                <Checkbox key={h.id} value={h.id} className="ys-sec__check">
                  {h.status === 'running' ? h.name : t('form.host_not_running', { name: h.name })}
                </Checkbox>
              ))}
            </div>
          </Checkbox.Group>
        ) : null}
      </Field>
      {v.scan_type !== 'vuln' ? (
        <Field label={t('form.items')} error={errors.baseline_items} name="baseline_items">
          <Checkbox.Group value={v.baseline_items} onChange={(x) => set('baseline_items', x as Values['baseline_items'])}>
            <div className="ys-sec__checks">
              {BASELINE_ITEMS.map((i) => (
                <Checkbox key={i} value={i} className="ys-sec__check">
                  {t(`item.${i}`)}
                </Checkbox>
              ))}
            </div>
          </Checkbox.Group>
        </Field>
      ) : null}
      <Field label={t('form.cycle')} name="cycle">
        <Selector
          columns={3}
          options={SCAN_CYCLES.map((x) => ({ label: t(`cycle.${x}`), value: x }))}
          value={[v.cycle]}
          onChange={(x) => x[0] && set('cycle', x[0])}
        />
      </Field>
      <div className="ys-sec__actions">
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button type="submit" color="primary" loading={busy} data-testid="strategy-save">
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
