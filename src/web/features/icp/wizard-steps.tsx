// The ICP wizard's first two steps: the subject (主办单位) and the site, each field labelled, its
// rule shown under it in words once the step is checked.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from 'antd-mobile';
import { CERT_TYPES_OF, SUBJECT_NATURES } from '../../../domain/icp.ts';
import { RegionPicker } from './region-picker.tsx';
import { PhoneInput } from '../../ui/phone-input.tsx';
import type { Errors, Values } from './wizard-model.ts';

function Field({ name, error, children, label }: { name: string; error?: string; children: ReactNode; label?: string }) {
  const { t } = useTranslation('icp');
  return (
    <label className="ys-icp__field" data-invalid={Boolean(error)} data-field={name}>
      <span>{label ?? t(`field.${name}`)}</span>
      {children}
      {error ? <em className="ys-icp__error">{error}</em> : null}
    </label>
  );
}

function Text({
  name,
  v,
  set,
  errors,
  inputMode,
}: {
  name: string;
  v: Values;
  set: (k: string, x: string) => void;
  errors: Errors;
  inputMode?: 'tel' | 'url' | 'text';
}) {
  const { t } = useTranslation('icp');
  return (
    <Field name={name} error={errors[name]}>
      <Input
        value={v[name]}
        onChange={(x) => set(name, x)}
        placeholder={t(`placeholder.${name}`, { defaultValue: '' })}
        inputMode={inputMode}
        data-testid={`icp-${name}`}
      />
    </Field>
  );
}

export function SubjectStep({ v, set, errors }: { v: Values; set: (k: string, x: string) => void; errors: Errors }) {
  const { t } = useTranslation('icp');
  const certs = CERT_TYPES_OF[v.nature as (typeof SUBJECT_NATURES)[number]] ?? [];
  return (
    <>
      <Text name="sponsor_name" v={v} set={set} errors={errors} />
      <Field name="nature" error={errors.nature}>
        <select
          value={v.nature}
          onChange={(e) => {
            set('nature', e.target.value);
            set('cert_type', CERT_TYPES_OF[e.target.value as (typeof SUBJECT_NATURES)[number]][0]!);
          }}
          data-testid="icp-nature"
        >
          {SUBJECT_NATURES.map((n) => (
            <option key={n} value={n}>
              {t(`nature.${n}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field name="cert_type" error={errors.cert_type}>
        <select value={v.cert_type} onChange={(e) => set('cert_type', e.target.value)} data-testid="icp-cert_type">
          {certs.map((c) => (
            <option key={c} value={c}>
              {t(`cert.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <Text name="cert_number" v={v} set={set} errors={errors} />
      <Field name="region" error={errors.region}>
        <RegionPicker
          value={{ province: v.province!, city: v.city!, district: v.district! }}
          invalid={Boolean(errors.region)}
          onChange={(r) => (set('province', r.province), set('city', r.city), set('district', r.district))}
        />
      </Field>
      <Text name="address" v={v} set={set} errors={errors} />
      <Text name="leader_name" v={v} set={set} errors={errors} />
      {/* a mobile the review texts: +86 or +852 with its own rule (domain/phone.ts), as in every form */}
      <Field name="leader_phone" error={errors.leader_phone}>
        <PhoneInput
          value={v.leader_phone}
          onChange={(x) => set('leader_phone', x)}
          placeholder={t('placeholder.leader_phone', { defaultValue: '' })}
          testId="icp-leader_phone"
        />
      </Field>
      <Text name="emergency_phone" v={v} set={set} errors={errors} inputMode="tel" />
    </>
  );
}

export function SiteStep({ v, set, errors }: { v: Values; set: (k: string, x: string) => void; errors: Errors }) {
  return (
    <>
      <Text name="site_name" v={v} set={set} errors={errors} />
      <Text name="domain" v={v} set={set} errors={errors} inputMode="url" />
      <Text name="url" v={v} set={set} errors={errors} inputMode="url" />
      <Text name="ip" v={v} set={set} errors={errors} />
      <Text name="remarks" v={v} set={set} errors={errors} />
    </>
  );
}
