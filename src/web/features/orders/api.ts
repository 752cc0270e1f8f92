// The order, conversion, cost optimisation, project limit and MaaS bill screens' calls (issue 13).
import { del, get, post, put } from '../../lib/request.ts';

const quiet = { isNeedloading: false } as const;

export interface OrderRow {
  id: string;
  /** what people read and quote: the day placed and a sequence (20261129000123) */
  order_no: string;
  project_id: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  order_type: string;
  charging_code: string;
  duration: number | null;
  sum_price: number;
  cheap_price: number;
  state: string;
  created_at: string;
}
export interface PriceLine {
  product_code: string;
  quantity: number;
  count: number;
  charging_pkg: { code: string; name: string; measurement_display: string };
  unit_price_fen: number;
  price: number;
  original_price: number;
  discounts: { started_date: string; ended_date: string; discount_config: { name: string } }[];
}
export interface OrderDetail extends OrderRow {
  whole_year_price: number;
  price: { sum_price: number; cheap_price: number; whole_year_price: number; data: PriceLine[]; sum_before_upgrade_price?: number };
  project_name: string | null;
  resource: { id: string; kind: string; status: string; charging_code: string; charging_since: string | null; contract_until: string | null } | null;
}
export interface OrderFilters {
  order_type?: string;
  state?: string;
  kind?: string;
  start_date?: string;
  end_date?: string;
}
export const orders = (f: OrderFilters, offset: number, limit = 20) =>
  get<{ count: number; data: OrderRow[] }>('v1/cloud/orders', { ...f, __offset: offset, __limit: limit }, quiet);
export const orderById = (id: string) => get<OrderDetail>(`v1/cloud/orders/${id}`, undefined, quiet);
export interface Overview {
  start_month: string;
  end_month: string;
  total: { count: number; sum_price: number; cheap_price: number };
  months: { month: string; count: number; sum_price: number; cheap_price: number; by_type: Record<string, number> }[];
  types: { order_type: string; count: number; sum_price: number }[];
}
export const orderOverview = (months = 12) => get<Overview>('v1/cloud/orders/overview', { months }, quiet);

export interface Convertible {
  id: string;
  kind: string;
  name: string;
  vendor: string;
  status: string;
  project_id: string;
  charging_code: 'year' | 'quantity';
  duration: number | null;
  charging_since: string | null;
  contract_until: string | null;
  pending: boolean;
  yearly_allowed: boolean;
}
export const convertible = () =>
  get<{ effective_at: string; auto_renew: boolean; count: number; data: Convertible[] }>('v1/cloud/orders/convertible', undefined, quiet);
export const convertPrice = (resource_id: string, duration: number) =>
  get<{ sum_price: number; cheap_price: number; whole_year_price: number }>('v1/cloud/orders/convert/price', { resource_id, duration }, quiet);
export const convert = (resource_id: string, duration: number) =>
  post<{ resource: Convertible; effective_at: string; auto_renew: boolean }>('v1/cloud/orders/convert', { resource_id, duration });
export const terminate = (resource_id: string) => post<{ resource: Convertible }>('v1/cloud/orders/terminate', { resource_id });
export const renewPrice = (resource_id: string, duration: number) =>
  get<{ sum_price: number; cheap_price: number; contract_from: string; contract_until: string }>(
    'v1/cloud/orders/renew/price',
    { resource_id, duration },
    quiet,
  );
export const renew = (resource_id: string, duration: number) =>
  post<{ resource: Convertible; order_id: string | null; sum_price: number }>('v1/cloud/orders/renew', { resource_id, duration });

export interface Comparison {
  op: '<' | '<=' | '>' | '>=';
  value: number;
}
export interface CostRule {
  cpu: Comparison;
  memory: Comparison;
  logic: 'and' | 'or';
}
export type CostRules = Record<'idle' | 'over' | 'expand', CostRule>;
export interface Strategy {
  id: string;
  name: string | null;
  rules: CostRules;
  is_default: boolean;
  applied: boolean;
  pending: boolean;
}
export const strategies = () =>
  get<{ applied_id: string; pending_id: string | null; effective_date: string | null; max: number; count: number; data: Strategy[] }>(
    'v1/cloud/cost_optimize/strategies',
    undefined,
    quiet,
  );
export const createStrategy = (name: string, rules: CostRules) => post<Strategy>('v1/cloud/cost_optimize/strategies', { name, rules });
export const deleteStrategy = (id: string) => del(`v1/cloud/cost_optimize/strategies/${id}`);
export const applyStrategy = (id: string) => post<{ effective_date: string }>(`v1/cloud/cost_optimize/strategies/${id}/apply`);
export interface FindingRow {
  resource_id: string;
  resource_name: string;
  project_id: string;
  project_name: string | null;
  vendor: string;
  az_id: string | null;
  az_name: string | null;
  flavor: string | null;
  cpu_max: number;
  memory_max: number;
  finding: 'idle' | 'over' | 'expand' | 'normal';
  monthly_fen: number;
  saving_fen: number;
}
export interface Findings {
  strategy: { id: string; name: string | null; rules: CostRules };
  window: { from: string; to: string; day: string };
  summary: Record<'idle' | 'over' | 'expand' | 'normal', { count: number; saving_fen: number; monthly_fen: number }>;
  saving_fen: number;
  zones: { az_id: string | null; az_name: string | null; total: number; idle: number; over: number; expand: number; saving_fen: number; monthly_fen: number }[];
  count: number;
  data: FindingRow[];
}
export const findings = () => get<Findings>('v1/cloud/cost_optimize/findings', undefined, quiet);

export interface LimitRow {
  project_id: string;
  project_name: string;
  monthly_limit_fen: number | null;
  spent_fen: number;
  ratio: number | null;
  over: boolean;
}
export const projectLimits = () => get<{ month: string; count: number; data: LimitRow[] }>('v1/cloud/project-limits', undefined, quiet);
export const setProjectLimit = (projectId: string, monthly_limit: string) => put(`v1/cloud/project-limits/${projectId}`, { monthly_limit });
export const clearProjectLimit = (projectId: string) => del(`v1/cloud/project-limits/${projectId}`);

export interface MaasBill {
  month: string;
  total_fen: number;
  models: { model: string; input_tokens: number; output_tokens: number; amount_fen: number; calls_days: number }[];
  count: number;
  data: { id: string; day: string; model: string; input_tokens: number; output_tokens: number; amount_fen: number }[];
}
export const maasBill = (month: string) => get<MaasBill>('v1/cloud/bills/maas', { month }, quiet);
