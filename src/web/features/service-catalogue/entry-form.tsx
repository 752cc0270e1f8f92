// The fields of the catalogue's forms, each labelled (a group named by its label; the control itself too): text (at most 1000 characters, counted as one
// types), one choice among a few, and the owners (1–3 people of the tenant).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Selector, TextArea, Toast } from 'antd-mobile';
import { CATALOGUE_LIMITS } from '../../../domain/service-catalogue.ts';

export function Field({ label, children, hint, testid }: { label: string; children: ReactNode; hint?: string; testid?: string }) {
  return (
    <div className="ys-sc__field" role="group" aria-label={label} data-testid={testid}>
      <span>{label}</span>
      {children}
      {hint ? <em className="ys-sc__hint">{hint}</em> : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  testid,
  inputMode,
  max = CATALOGUE_LIMITS.nameMax,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testid: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  max?: number;
}) {
  return (
    <Field label={label} testid={testid}>
      <Input value={value} onChange={onChange} maxLength={max} inputMode={inputMode} clearable aria-label={label} />
    </Field>
  );
}

export function LongText({ label, value, onChange, testid }: { label: string; value: string; onChange: (v: string) => void; testid: string }) {
  return (
    <Field label={label} testid={testid}>
      <TextArea
        value={value}
        onChange={onChange}
        maxLength={CATALOGUE_LIMITS.text}
        showCount
        rows={3}
        autoSize={{ minRows: 2, maxRows: 6 }}
        aria-label={label}
      />
    </Field>
  );
}

export function Choice<T extends string | number>({
  label,
  options,
  value,
  onChange,
  testid,
}: {
  label: string;
  options: { label: string; value: T }[];
  value: T | undefined;
  onChange: (v: T) => void;
  testid: string;
}) {
  return (
    <Field label={label} testid={testid}>
      <Selector
        options={options}
        value={value === undefined ? [] : [value]}
        onChange={(v) => {
          if (v.length) onChange(v[0] as T);
        }}
      />
    </Field>
  );
}

export function OwnersField({ owners, value, onChange }: { owners: { id: string; name: string }[]; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('service_catalogue');
  return (
    <Field label={t('field.owners')} hint={t('hint.owners', { max: CATALOGUE_LIMITS.owners })} testid="sc-owners">
      <Selector
        multiple
        options={owners.map((o) => ({ label: o.name, value: o.id }))}
        value={value}
        onChange={(v) => {
          if (v.length > CATALOGUE_LIMITS.owners) Toast.show({ content: t('hint.owners', { max: CATALOGUE_LIMITS.owners }) });
          else onChange(v);
        }}
      />
    </Field>
  );
}
