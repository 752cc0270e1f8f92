// The bill screens' calls (issue 13), one helper each, through the shared request helper.
import { download, get, post, put } from '../../lib/request.ts';

export type Level = 'tenants' | 'projects';
const quiet = { isNeedloading: false } as const;

export interface Sums {
  original_fen: number;
  discount_fen: number;
  amount_fen: number;
  cash_fen: number;
  voucher_fen: number;
  gift_fen: number;
}
export interface BillRow extends Sums {
  key: string;
  label: string | null;
  lines: number;
  bill_id?: string | null;
  state?: string | null;
}
export interface Grouped {
  count: number;
  data: BillRow[];
  summary: Sums;
  currency: string;
}
export interface BillLine extends Sums {
  day: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  product_code: string;
  vendor: string;
  region_id: string | null;
  charging_code: string;
  hours: number;
  currency: string;
  original_amount: number;
  rate: string;
}
export interface BillCheck {
  id: string;
  month: string;
  state: string;
  amount_fen: number;
  original_fen: number;
  confirmed_at: string | null;
  submitted_at: string | null;
}
export interface ExportTask {
  id: string;
  state: string;
  file_name: string;
  download_url: string | null;
}

export type Cloud = 'all' | 'public';
export const monthly = (level: Level, start_month: string, end_month: string, group_by = 'month', cloud: Cloud = 'all') =>
  get<Grouped>(`v1/cloud/bills/${level}/monthly`, { start_month, end_month, group_by, cloud }, quiet);
export const billLines = (level: Level, start_date: string, end_date: string, offset: number, limit = 50, cloud: Cloud = 'all') =>
  get<{ count: number; data: BillLine[]; summary: Sums }>(
    `v1/cloud/bills/${level}/lines`,
    { start_date, end_date, __offset: offset, __limit: limit, cloud },
    quiet,
  );
export const billChecks = (start_month: string, end_month: string) =>
  get<{ count: number; data: BillCheck[] }>('v1/cloud/bills/tenants/checks', { start_month, end_month }, quiet);
export const moveCheck = (id: string, action: 'confirm' | 'submit') => post<BillCheck>(`v1/cloud/bills/tenants/checks/${id}/${action}`);
export const exportBill = (level: Level, start_date: string, end_date: string) =>
  get<{ id: string; state: string; message: string }>(`v1/cloud/bills/${level}/export`, { start_date, end_date });
export const billExports = () => get<{ data: ExportTask[] }>('export/resource/download_files', { product_code: 'bill', __limit: 10 }, quiet);
export const downloadBill = (url: string, fileName: string) => download('GET', url, undefined, { filename: fileName });

export interface CostAccount {
  balance_fen: number;
  credit_fen: number;
  available_fen: number;
  consumed_fen: number;
  recharged_fen: number;
  warn_threshold_fen: number | null;
  warned: boolean;
}
export interface Recharge {
  id: string;
  amount_fen: number;
  state: string;
  created_at: string;
  paid_at: string | null;
}
export const costAccount = () => get<CostAccount>('v1/cloud/cost-center', undefined, quiet);
export const setThreshold = (threshold: string | null) => put<CostAccount>('v1/cloud/cost-center/threshold', { threshold });
export const recharge = (amount: string) => post<Recharge>('v1/cloud/cost-center/recharges', { amount });
export const rechargeById = (id: string) => get<Recharge>(`v1/cloud/cost-center/recharges/${id}`, undefined, quiet);
export const recharges = () => get<{ data: Recharge[] }>('v1/cloud/cost-center/recharges', { __limit: 20 }, quiet);
