// Bill values as the user reads them: yuan with two decimals, months and their ranges (Asia/Shanghai).
import { recentMonths, yuan } from '../../lib/money.ts';

export { recentMonths, yuan };

export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
export const monthLabel = (month: string) => `${month.slice(0, 4)}-${month.slice(5, 7)}`;
