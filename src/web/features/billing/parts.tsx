// Shared pieces of the bill pages: the sums as labelled cards and a bill state's tag.
import { useTranslation } from 'react-i18next';
import type { Sums } from './api.ts';
import { yuan } from './format.ts';

export function SumCards({ sums }: { sums: Sums }) {
  const { t } = useTranslation();
  const cells: [string, number][] = [
    ['original', sums.original_fen],
    ['discount', sums.discount_fen],
    ['cash', sums.cash_fen],
    ['voucher', sums.voucher_fen],
    ['gift', sums.gift_fen],
  ];
  return (
    <div className="ys-bill__sums" data-testid="bill-sums">
      <div className="ys-bill__sum ys-bill__sum--main">
        <span>{t('billing:summary.amount')}</span>
        <strong data-testid="bill-amount">{yuan(sums.amount_fen)}</strong>
      </div>
      {cells.map(([k, v]) => (
        <div key={k} className="ys-bill__sum">
          <span>{t(`billing:summary.${k}`)}</span>
          <strong>{yuan(v)}</strong>
        </div>
      ))}
    </div>
  );
}

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <span className={`ys-bill__state ys-bill__state--${state}`} data-state={state}>
      {t(`billing:state.${state}`)}
    </span>
  );
}
