// The phone field's parts without antd-mobile (the sign-in page's register form uses them in its own
// field style; phone-input.tsx is the antd-mobile form field): a country-code selector (+86 中国大陆 /
// +852 中国香港) before the number. The value is the API's `phone` in the
// stored form of domain/phone.ts — bare digits for +86, "+852 91234567" for Hong Kong — so the forms
// send what they sent before for mainland numbers.
import { useTranslation } from 'react-i18next';
import { DEFAULT_AREA_CODE, PHONE_AREA_CODES, phoneProblem, splitPhone, type PhoneAreaCode } from '../../domain/phone.ts';
import { loadNamespace } from '../lib/i18n.ts';
import './phone-code.css';

export const MAX_DIGITS: Record<PhoneAreaCode, number> = { '86': 11, '852': 8 };

/** Code and digits of a form value (an unknown code reads as +86 with what was typed). */
export function phoneParts(value: string | null | undefined): { area: PhoneAreaCode; digits: string } {
  const p = splitPhone(value ?? '');
  return p ? { area: p.area_code, digits: p.phone } : { area: DEFAULT_AREA_CODE, digits: value ?? '' };
}

/** The errors:rules key a form value breaks (`kind` any: a Hong Kong fixed line is taken too), or null. */
export function phoneValueProblem(value: string | null | undefined, kind: 'mobile' | 'any' = 'mobile') {
  const { area, digits } = phoneParts(value);
  return phoneProblem(area, digits, kind);
}

/** An antd-mobile Form rule with the shared phone rule (an empty value is left to `required`; a code alone is refused here). */
export function phoneRule(t: (key: string) => string) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) return;
      const problem = phoneValueProblem(value);
      if (!problem) return;
      // The error texts load with the first refusal, not with the form (issue 28's first screens).
      await loadNamespace('errors').catch(() => undefined);
      throw new Error(t(`errors:rules.${problem}`));
    },
  };
}

/**
 * The code selector: shows "+86" / "+852" and opens the system picker with the full names; the
 * native select covers the whole 44 px target.
 */
export function AreaCodeSelect({ value, onChange, testId }: { value: PhoneAreaCode; onChange: (area: PhoneAreaCode) => void; testId?: string }) {
  const { t } = useTranslation('shell');
  return (
    <span className="ys-tel__code">
      <span aria-hidden="true">+{value}</span>
      <span className="ys-tel__caret" aria-hidden="true" />
      <select aria-label={t('phone.area_label')} value={value} onChange={(e) => onChange(e.target.value as PhoneAreaCode)} data-testid={testId}>
        {PHONE_AREA_CODES.map((code) => (
          <option key={code} value={code}>
            {t(`phone.area_${code}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** Keeps digits only, no more than the code's length. */
export const typedDigits = (typed: string, area: PhoneAreaCode) => typed.replace(/\D/g, '').slice(0, MAX_DIGITS[area]);

/** Placeholder for the code chosen: the caller's for +86, "8 位号码" for Hong Kong. */
export function usePhonePlaceholder(area: PhoneAreaCode, mainland?: string) {
  const { t } = useTranslation('shell');
  return area === '852' ? t('phone.placeholder_852') : (mainland ?? t('phone.placeholder_86'));
}
