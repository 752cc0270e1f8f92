// Bill values as the user reads them: yuan with two decimals, months and their ranges (Asia/Shanghai).
import { fenToYuan } from '../../../domain/pricing.ts';

export const yuan = (fen: number) => `¥${Number(fenToYuan(fen)).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The current Shanghai month and those before it (YYYY-MM). */
export function recentMonths(n: number, now = new Date()): string[] {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
}
export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
export const monthLabel = (month: string) => `${month.slice(0, 4)}-${month.slice(5, 7)}`;
