// The purchase wizard of any kind with a buy route (ecsBuy, volumeBuy, eipBuy, …): steps with
// previous / next / purchase; vendor → region → zone with the seed's rules (a change resets what
// depends on it; zones sorted by sort_value, the first chosen; none: zone cleared and the orange
// 「当前选项下无可用区，请更换配置」); the kind's fields with their zod rules (validated on blur);
// the charging package and duration rules; the 实业经营 contract tip; the live price. Save-locked.
import { use, useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Selector, Steps } from 'antd-mobile';
import { Toast } from '../../../ui/light/toast.ts';
import { fieldShown, type KindDefinition } from '../../../../domain/kinds/kind.ts';
import { yearlyAllowed } from '../../../../domain/pricing.ts';
import { useBreakpoint } from '../../../lib/hooks.ts';
import { tenantAtom, territoriesAtom } from '../../../lib/store.ts';
import { createResource, getResource, inquirePrice, listChargingPkgs, type PriceAnswer } from '../api.ts';
import { detailPath, optionLabel } from '../kind-meta.ts';
import { kindOf } from '../../../../domain/kinds/registry.ts';
import { usePlaceNames } from '../parts.tsx';
import { DURATIONS, showContractTip, yuan } from '../list-state.ts';
import { FormFields, exists, itemLabel, listSummary, pathLabel } from './form-fields.tsx';
import { PlacementFields, placementErrors, usePlacement } from './placement.tsx';
import { useDebounced } from '../list/url-filters.ts';
import { cleanForm, fieldsOf, initialValues, validateAll, validateField, validateList, PLACEMENT_KEYS } from './zod-fields.ts';
import { confirmValue, wizardSteps } from './screen-rules.ts';
import type { FormField } from './zod-fields.ts';
import { ROUTE_FORMS, type RouteForm } from './route-forms.ts';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import type { FullKind } from '../../../../domain/kinds/kind-schemas.ts';
import { ownFullKind } from './own-kind.ts';
import { resourceKeys } from '../query-keys.ts';

export function BuyWizard({ def: listDef, formRoute }: { def: ListKind; formRoute?: string }) {
  const form: RouteForm | undefined = formRoute ? ROUTE_FORMS[formRoute] : undefined;
  const kindDef = use(ownFullKind(listDef.kind));
  const { t } = useTranslation();
  // A route with its own form (a free, bought or uploaded certificate) draws that form's schema.
  const def = useMemo(() => (form ? { ...kindDef, createSchema: form.schema } : kindDef), [kindDef, form]);
  const navigate = useNavigate();
  const bp = useBreakpoint();
  const tenant = useAtomValue(tenantAtom);
  const territories = useAtomValue(territoriesAtom);
  const businessType = territories?.find((x) => x.tenant_id === tenant?.id)?.business_type;
  const fields = useMemo(() => fieldsOf(def.createSchema, def), [def]);
  const steps = useMemo(() => wizardSteps(fields), [fields]);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({
    ...initialValues(fields.filter((f) => !PLACEMENT_KEYS.has(f.key))),
    charging_code: def.priced ? 'quantity' : undefined,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = useCallback((patch: Record<string, unknown>) => setValues((v) => ({ ...v, ...patch })), []);
  const p = usePlacement(def.productCode, values, set);
  const { vendor, regionId, noZone } = p;
  const pkgs = useQuery({
    queryKey: resourceKeys.pkgs(def.productCode, tenant?.id),
    queryFn: () => listChargingPkgs(def.productCode, tenant?.id),
    enabled: def.priced,
    staleTime: 600_000,
  });

  // A vendor change resets region and zone; CTyun sells no yearly package.
  const chooseVendor = (v: string) =>
    p.chooseVendor(v, !yearlyAllowed(v) && values.charging_code === 'year' ? { charging_code: 'quantity', duration: undefined } : {});
  const chooseCharging = (code: string) => set({ charging_code: code, duration: code === 'year' ? 1 : undefined });

  const price = useLivePrice(def, values, vendor);

  const label = (key: string) => pathLabel(t, def, key);
  const stepErrors = (i: number): Record<string, string> => {
    const out: Record<string, string> = steps[i]!.key === 'placement' ? placementErrors(values, label, t('errors:rules.required')) : {};
    for (const f of steps[i]!.fields) {
      if (f.kind === 'list') Object.assign(out, validateList(f, values[f.key], { list: label(f.key), item: (k) => itemLabel(t, def, f.key, k) }, t, exists));
      else {
        const m = validateField(f, values[f.key], label(f.key), t, exists);
        if (m) out[f.key] = m;
      }
    }
    return out;
  };
  const next = () => {
    const errs = stepErrors(step);
    setErrors(errs);
    if (!Object.keys(errs).length) setStep((s) => Math.min(steps.length - 1, s + 1));
  };
  const purchase = async () => {
    if (busy) return;
    const errs = validateAll(def.createSchema, values, label, t, exists);
    setErrors(errs);
    const bad = Object.keys(errs);
    if (bad.length) {
      const at = steps.findIndex(
        (s) =>
          s.fields.some((f) => bad.some((k) => k === f.key || k.startsWith(`${f.key}.`))) || (s.key === 'placement' && bad.some((k) => PLACEMENT_KEYS.has(k))),
      );
      if (at >= 0) setStep(at);
      return;
    }
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(cleanForm(values)).filter(([k, v]) => v !== undefined && fieldShown(def, k, values)));
      const created = await createResource(def, body);
      Toast.show({ content: created.message ?? t('resources:buy.done') });
      navigate(detailPath(def, created.id) ?? '/console', { replace: true });
    } catch {
      /* the notice shows the server's reason */
    } finally {
      setBusy(false);
    }
  };

  const summaryKeys = summaryKeysOf(def, steps, values);
  const current = steps[step]!;
  const pkgList = pkgs.data?.data.filter((p) => p.enabled) ?? [];
  return (
    <div className="ys-buy" data-kind={def.kind}>
      {bp !== 'phone' ? <h1 className="ys-page__title">{form ? t(form.titleKey) : t('resources:buy.title', { kind: t(`kinds:${def.kind}.name`) })}</h1> : null}
      {form ? (
        <div className="ys-form__notice" role="note" data-testid="form-tip">
          {t(form.tipKey)}
        </div>
      ) : null}
      <Steps current={step} className="ys-buy__steps">
        {steps.map((s) => (
          <Steps.Step key={s.key} title={t(`resources:buy.step_${s.key}`)} />
        ))}
      </Steps>
      <section className="ys-buy__body" data-testid={`buy-step-${current.key}`}>
        {current.key === 'placement' ? (
          <div className="ys-form">
            <PlacementFields def={def} p={p} values={values} errors={errors} onVendor={chooseVendor} />
            {def.priced ? (
              <ChargingFields
                def={def}
                values={values}
                vendor={vendor}
                pkgs={pkgList}
                onCharging={chooseCharging}
                onDuration={(m) => set({ duration: m })}
                contractTip={showContractTip(def.productCode, values.charging_code as string | undefined, businessType)}
              />
            ) : showContractTip(def.productCode, values.charging_code as string | undefined, businessType) ? (
              <ContractTip />
            ) : null}
          </div>
        ) : (
          <>
            <FormFields
              def={def}
              fields={current.fields}
              values={values}
              errors={errors}
              onChange={(k, v) => set({ [k]: v })}
              onError={(k, m) =>
                setErrors((s) => {
                  const n = { ...s };
                  if (m) n[k] = m;
                  else delete n[k];
                  return n;
                })
              }
              refFilters={(f) => {
                const link = def.createLinks?.find((l) => l.param === f.key);
                return { 'az.region_id': regionId, ...(link?.allowedFrom ? { status: link.allowedFrom.join(',') } : {}) };
              }}
            />
            {current.key === 'confirm' ? <BuySummary def={def} fields={fields} keys={summaryKeys} values={values} /> : null}
          </>
        )}
      </section>
      <footer className="ys-buy__bar">
        {def.priced ? <PriceBar price={price.data} values={values} /> : <span />}
        <WizardNav step={step} last={steps.length - 1} onPrev={() => setStep((x) => x - 1)} onNext={next} onSubmit={purchase} busy={busy} noZone={noZone} />
      </footer>
    </div>
  );
}

/** One value of the confirm step; a picked resource (subnet…) is shown by name and CIDR, not id. */
function ConfirmText({ def, f, k, value }: { def: KindDefinition; f: FormField | undefined; k: string; value: unknown }) {
  const { t } = useTranslation();
  const places = usePlaceNames();
  const target = f?.kind === 'ref' && f.refKind ? kindOf(f.refKind) : undefined;
  const id = typeof value === 'string' && value ? value : '';
  const ref = useQuery({
    queryKey: resourceKeys.one(target?.kind, id),
    queryFn: () => getResource(target!, id),
    enabled: Boolean(target && id),
    staleTime: 30_000,
    retry: false,
  });
  if (f?.kind === 'list') return <>{listSummary(t, def, f, value)}</>;
  return <>{confirmValue(t, def, f, k, value, { places, ref: ref.isError ? null : ref.data })}</>;
}

type Values = Record<string, unknown>;

/** The price of what the form says now, asked again once typing pauses (only for priced kinds with a vendor). */
function useLivePrice(def: FullKind, values: Values, vendor: string | undefined) {
  const specBody = useMemo(
    () => Object.fromEntries(Object.entries(values).filter(([k, v]) => !PLACEMENT_KEYS.has(k) && k !== 'password' && v !== '' && v !== undefined)),
    [values],
  );
  const priceBody = useDebounced(
    useMemo(
      () => ({
        product_code: def.productCode,
        charging_code: values.charging_code ?? 'quantity',
        duration: values.charging_code === 'year' ? (values.duration ?? 1) : undefined,
        count: 1,
        vendor,
        spec: specBody,
      }),
      [def.productCode, values.charging_code, values.duration, vendor, specBody],
    ),
    400,
  );
  return useQuery({
    queryKey: resourceKeys.price(priceBody),
    queryFn: ({ signal }) => inquirePrice(priceBody, signal),
    enabled: def.priced && Boolean(vendor),
    retry: false,
  });
}

function ContractTip() {
  const { t } = useTranslation();
  return (
    <div className="ys-form__notice ys-form__notice--orange" role="note" data-testid="contract-tip">
      {t('kinds:messages.contract_tip')}
    </div>
  );
}

interface ChargingFieldsProps {
  def: FullKind;
  values: Values;
  vendor: string | undefined;
  pkgs: readonly { code: string; name: string }[];
  onCharging: (code: string) => void;
  onDuration: (months: number) => void;
  contractTip: boolean;
}

/** 计费方式 (the tenant's packages; CTyun sells no yearly one), 购买时长 for a yearly one, the contract tip. */
function ChargingFields({ def, values, vendor, pkgs, onCharging, onDuration, contractTip }: ChargingFieldsProps) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const fallback = [
    { code: 'quantity', name: '' },
    { code: 'year', name: '' },
  ];
  return (
    <>
      <div className="ys-form__item">
        <label className="ys-form__label">
          <span className="ys-form__required">*</span>
          {pathLabel(t, def, 'charging_code')}
        </label>
        <Selector
          columns={2}
          value={[String(values.charging_code ?? 'quantity')]}
          data-testid="field-charging_code"
          onChange={(v) => v[0] && onCharging(v[0])}
          options={(pkgs.length ? pkgs : fallback).map((p) => ({
            label: optionLabel(t, def, 'charging_code', p.code),
            value: p.code,
            disabled: p.code === 'year' && Boolean(vendor) && !yearlyAllowed(vendor!),
          }))}
        />
        {vendor && !yearlyAllowed(vendor) ? <div className="ys-form__hint">{t('errors:rules.ctyun_no_year')}</div> : null}
      </div>
      {values.charging_code === 'year' ? (
        <div className="ys-form__item">
          <label className="ys-form__label">
            <span className="ys-form__required">*</span>
            {t('resources:buy.duration')}
          </label>
          <Selector
            columns={bp === 'phone' ? 3 : 5}
            value={[String(values.duration ?? 1)]}
            data-testid="field-duration"
            onChange={(v) => v[0] && onDuration(Number(v[0]))}
            options={DURATIONS.map((m) => ({ label: t('resources:buy.months', { count: m }), value: String(m) }))}
          />
        </div>
      ) : null}
      {contractTip ? <ContractTip /> : null}
    </>
  );
}

/** The confirm step's summary: placement, charging and every value the buyer gave. */
function BuySummary({ def, fields, keys, values }: { def: FullKind; fields: FormField[]; keys: string[]; values: Values }) {
  const { t } = useTranslation();
  return (
    <dl className="ys-fields ys-buy__summary" data-testid="buy-summary">
      {keys.map((k) => (
        <div key={k} className="ys-fields__row" data-field={k}>
          <dt>{k === 'duration' ? t('resources:buy.duration') : pathLabel(t, def, k)}</dt>
          <dd>
            {k === 'duration' ? (
              t('resources:buy.months', { count: Number(values.duration ?? 1) })
            ) : (
              <ConfirmText def={def} f={fields.find((x) => x.key === k)} k={k} value={values[k]} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The footer's price: the sum, per hour or for the months bought, the discount and the whole year. */
function PriceBar({ price, values }: { price: PriceAnswer | undefined; values: Values }) {
  const { t } = useTranslation();
  return (
    <div className="ys-buy__price" data-testid="price">
      <span className="ys-buy__price-label">{t('resources:buy.price')}</span>
      <strong className="ys-buy__price-sum" data-testid="price-sum">
        {price ? `¥${yuan(price.sum_price)}` : '--'}
      </strong>
      <span className="ys-buy__price-cheap">
        {values.charging_code === 'year' ? t('resources:buy.months', { count: Number(values.duration ?? 1) }) : t('resources:buy.per_hour')}
      </span>
      {price && price.cheap_price > 0 ? <span className="ys-buy__price-cheap">{t('resources:buy.cheap', { v: yuan(price.cheap_price) })}</span> : null}
      {price ? <span className="ys-buy__price-year">{t('resources:buy.whole_year', { v: yuan(price.whole_year_price) })}</span> : null}
    </div>
  );
}

/** The confirm step's rows: placement, charging, then every field shown that is required or filled. */
function summaryKeysOf(def: FullKind, steps: ReturnType<typeof wizardSteps>, values: Values): string[] {
  return [
    'vendor',
    'region_id',
    'az_id',
    ...(def.priced ? ['charging_code', ...(values.charging_code === 'year' ? ['duration'] : [])] : []),
    // An optional value left empty (带宽 without a public IP) is not a row of the summary.
    ...steps
      .flatMap((s) => s.fields)
      .filter(
        (f) =>
          fieldShown(def, f.key, values) &&
          f.key !== 'password' &&
          f.key !== 'name' &&
          f.key !== 'description' &&
          (f.required || (values[f.key] !== undefined && values[f.key] !== '')),
      )
      .map((f) => f.key),
  ];
}

interface WizardNavProps {
  step: number;
  last: number;
  onPrev: () => void;
  onNext: () => void;
  onSubmit: () => void;
  busy: boolean;
  /** no zone sells the choice: the next step waits */
  noZone: boolean;
}

/** 上一步 / 下一步 / 立即购买. */
function WizardNav({ step, last, onPrev, onNext, onSubmit, busy, noZone }: WizardNavProps) {
  const { t } = useTranslation();
  return (
    <div className="ys-buy__nav">
      {step > 0 ? (
        <Button onClick={onPrev} data-testid="buy-prev">
          {t('resources:buy.prev')}
        </Button>
      ) : null}
      {step < last ? (
        <Button color="primary" onClick={onNext} data-testid="buy-next" disabled={noZone}>
          {t('resources:buy.next')}
        </Button>
      ) : (
        <Button color="primary" onClick={onSubmit} loading={busy} disabled={busy} data-testid="buy-submit">
          {t('resources:buy.submit')}
        </Button>
      )}
    </div>
  );
}
