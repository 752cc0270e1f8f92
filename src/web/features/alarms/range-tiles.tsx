// The eight monitoring ranges (seed 001 §9) as tiles that never break a word: four per row on a phone.
import { useTranslation } from 'react-i18next';
import { RANGE_KEYS, type RangeKey } from '../../../domain/alarms/alarm-metrics.ts';

export function RangeTiles({ value, onChange }: { value: RangeKey; onChange: (r: RangeKey) => void }) {
  const { t } = useTranslation('alarms');
  return (
    <div className="ys-al-ranges" role="radiogroup" aria-label={t('monitor.range')}>
      {RANGE_KEYS.map((r) => (
        <button key={r} type="button" role="radio" aria-checked={value === r} className={value === r ? 'is-on' : ''} onClick={() => onChange(r)}>
          {t(`ranges.${r}`)}
        </button>
      ))}
    </div>
  );
}
