// Money and months as the billing screens show them (bills, orders, costs): yuan with two decimals,
// and the current Shanghai month with those before it.
import { fenToYuan } from '../../domain/pricing.ts';

export const yuan = (fen: number) => `¥${Number(fenToYuan(fen)).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The current Shanghai month and those before it (YYYY-MM). */
export function recentMonths(n: number, now = new Date()): string[] {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
}
