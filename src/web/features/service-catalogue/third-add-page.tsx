// serviceThirdAdd?parent=…: a new service under a level-2 group, or (?id=…) an edit of one: name,
// owners, the terms (service level, charge hours, price in yuan, unit, tax rate, billing method,
// valid year), its content and service commitment.
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { BILLING_METHODS, CHARGE_HOURS, SERVICE_LEVELS, TAX_RATES, UNITS, type CatalogueEntry } from '../../../domain/service-catalogue.ts';
import { createEntry, updateEntry } from './api.ts';
import { useEntryForm } from './entry-form-state.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, PATHS } from './catalogue-parts.tsx';
import { Choice, LongText, OwnersField, TextField } from './entry-form.tsx';

type Terms = NonNullable<CatalogueEntry['service']>;
const thisYear = () => new Date().getFullYear();
const blank = (): Terms => ({
  service_level: 'silver',
  charge_hours: 'workday',
  price_fen: 0,
  unit: 'time',
  tax_rate: 6,
  billing_method: 'one_off',
  valid_year: thisYear(),
  content: '',
  sla: '',
});

export default function ServiceThirdAddPage() {
  const { t, navigate, qc, editId, parentId, options, editing, parent, name, setName, description, setDescription, owners, setOwners } = useEntryForm();
  const [terms, setTerms] = useState<Terms>(blank);
  const [price, setPrice] = useState('');
  const [year, setYear] = useState(String(thisYear()));
  useEffect(() => {
    const e = editing.data;
    if (!e?.service) return;
    setTerms(e.service);
    setPrice((e.service.price_fen / 100).toFixed(2));
    setYear(String(e.service.valid_year));
  }, [editing.data]);
  const set =
    <K extends keyof Terms>(k: K) =>
    (v: Terms[K]) =>
      setTerms((x) => ({ ...x, [k]: v }));
  const body = () => ({ ...terms, name, description, owner_ids: owners, price_fen: Math.round(Number(price) * 100), valid_year: Number(year) });
  const save = useMutation({
    mutationFn: () => (editId ? updateEntry(editId, body()) : createEntry({ ...body(), parent_id: parentId })),
    onSuccess: (e) => {
      void qc.invalidateQueries({ queryKey: catalogueKeys.all });
      navigate(PATHS.entry(e.id), { replace: true });
    },
  });
  const under = parent.data ?? null;
  const back = editId ? PATHS.entry(editId) : under ? PATHS.first(under.parent_id ?? '') : PATHS.setting;
  const opts = <T extends string | number>(list: readonly T[], ns: string) => list.map((v) => ({ value: v, label: t(`${ns}.${v}`) }));
  const validPrice = /^\d{1,8}(\.\d{1,2})?$/.test(price.trim());
  return (
    <CatalogueFrame
      page="serviceThirdAdd"
      title={editId ? t('form.edit', { name: editing.data?.name ?? '' }) : t('form.add_third')}
      back={{ to: back, label: t('action.cancel') }}
    >
      <form
        className="ys-sc__section ys-sc__form"
        onSubmit={(ev) => {
          ev.preventDefault();
          save.mutate();
        }}
      >
        {under ? <p className="ys-sc__muted">{t('form.under', { name: [...under.path, under.name].join(' / ') })}</p> : null}
        <TextField label={t('field.name')} value={name} onChange={setName} testid="sc-name" />
        <LongText label={t('field.description')} value={description} onChange={setDescription} testid="sc-description" />
        <OwnersField owners={options.data?.owners ?? []} value={owners} onChange={setOwners} />
        <Choice
          label={t('field.service_level')}
          options={opts(SERVICE_LEVELS, 'service_level')}
          value={terms.service_level}
          onChange={set('service_level')}
          testid="sc-level"
        />
        <Choice
          label={t('field.charge_hours')}
          options={opts(CHARGE_HOURS, 'hours')}
          value={terms.charge_hours}
          onChange={set('charge_hours')}
          testid="sc-hours"
        />
        <TextField label={t('field.price_yuan')} value={price} onChange={setPrice} testid="sc-price" inputMode="decimal" max={12} />
        <Choice label={t('field.unit')} options={opts(UNITS, 'unit')} value={terms.unit} onChange={set('unit')} testid="sc-unit" />
        <Choice
          label={t('field.tax_rate')}
          options={TAX_RATES.map((r) => ({ value: r, label: `${r}%` }))}
          value={terms.tax_rate as (typeof TAX_RATES)[number]}
          onChange={set('tax_rate')}
          testid="sc-tax"
        />
        <Choice
          label={t('field.billing_method')}
          options={opts(BILLING_METHODS, 'billing')}
          value={terms.billing_method}
          onChange={set('billing_method')}
          testid="sc-billing"
        />
        <TextField label={t('field.valid_year')} value={year} onChange={setYear} testid="sc-year" inputMode="numeric" max={4} />
        <LongText label={t('field.content')} value={terms.content} onChange={set('content')} testid="sc-content" />
        <LongText label={t('field.sla')} value={terms.sla} onChange={set('sla')} testid="sc-sla" />
        <Button
          type="submit"
          color="primary"
          block
          loading={save.isPending}
          disabled={!name.trim() || owners.length === 0 || !validPrice}
          data-testid="sc-save"
        >
          {t('action.save')}
        </Button>
      </form>
    </CatalogueFrame>
  );
}
