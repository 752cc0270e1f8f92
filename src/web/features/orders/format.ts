// Order and cost values as the user reads them: yuan with two decimals, Shanghai dates, token counts.
import { recentMonths, yuan } from '../../lib/money.ts';

export { recentMonths, yuan };
import { formatDateTime } from '../../../domain/time-format.ts';

export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');
export const day = (v: string | null | undefined) => (v ? formatDateTime(v).slice(0, 10) : '—');
export const tokens = (n: number) => n.toLocaleString('zh-CN');
export const percent = (n: number) => `${n.toFixed(1)}%`;
