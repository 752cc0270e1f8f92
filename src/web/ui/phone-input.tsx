// The phone field of every antd-mobile form that takes a phone (issue 30 "Bandwidth and phones"): the
// country-code selector of phone-code.tsx before the number. The value is the API's `phone` in the
// stored form of domain/phone.ts — bare digits for +86, "+852 91234567" for Hong Kong.
import { Input } from 'antd-mobile';
import { joinPhone, type PhoneAreaCode } from '../../domain/phone.ts';
import { AreaCodeSelect, MAX_DIGITS, phoneParts, typedDigits, usePhonePlaceholder } from './phone-code.tsx';

export { phoneRule, phoneValueProblem } from './phone-code.tsx';

/** The code selector and the number for antd-mobile forms (Form.Item passes value and onChange). */
export function PhoneInput(props: { value?: string; onChange?: (value: string) => void; placeholder?: string; testId?: string; id?: string }) {
  const { area, digits } = phoneParts(props.value);
  const placeholder = usePhonePlaceholder(area, props.placeholder);
  const emit = (a: PhoneAreaCode, d: string) => props.onChange?.(joinPhone(a, d));
  return (
    <div className="ys-tel" data-testid={props.testId}>
      <AreaCodeSelect value={area} onChange={(a) => emit(a, typedDigits(digits, a))} testId={props.testId ? `${props.testId}-area` : undefined} />
      <Input
        id={props.id}
        className="ys-tel__number"
        value={digits}
        onChange={(typed) => emit(area, typedDigits(typed, area))}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={MAX_DIGITS[area]}
        placeholder={placeholder}
        clearable
      />
    </div>
  );
}
