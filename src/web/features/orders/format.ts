// Order and cost values as the user reads them: yuan with two decimals, Shanghai dates, token counts.
import { fenToYuan } from '../../../domain/pricing.ts';
import { formatDateTime } from '../../../domain/time-format.ts';

export const yuan = (fen: number) => `¥${Number(fenToYuan(fen)).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');
export const day = (v: string | null | undefined) => (v ? formatDateTime(v).slice(0, 10) : '—');
export const tokens = (n: number) => n.toLocaleString('zh-CN');
export const percent = (n: number) => `${n.toFixed(1)}%`;

/** The current Shanghai month and those before it (YYYY-MM). */
export function recentMonths(n: number, now = new Date()): string[] {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
}
