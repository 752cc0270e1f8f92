// The alarm and monitoring calls (issue 11), one helper each, through the shared request helper.
import { del, get, getList, post, put, type Payload } from '../../lib/request.ts';

const quiet = { isNeedloading: false } as const;

/** A deep link's own scope (tenant and project of the alarm), sent instead of the working scope. */
export interface LinkScope {
  tenant: string;
  project: string | null;
}
const scoped = (s?: LinkScope) => (s ? { headers: { 'X-Tenant-Id': s.tenant, ...(s.project ? { 'X-Project-Id': s.project } : {}) } } : {});

export interface Alarm {
  id: string;
  tenant_id: string;
  project_id: string;
  policy_id: string;
  policy_name: string;
  resource_id: string;
  resource_name: string;
  resource_kind: string;
  vendor: string;
  metric: string;
  unit: string;
  level: 'high' | 'medium' | 'low';
  operator: string;
  threshold: number;
  state: 'firing' | 'acknowledged' | 'resolved';
  value: number;
  fired_at: string;
  acknowledged_at: string | null;
  acknowledged_by_name: string | null;
  claimed_at: string | null;
  claimed_by: string | null;
  claimed_by_name: string | null;
  silenced_until: string | null;
  resolved_at: string | null;
  resolved_value: number | null;
}
export interface AlarmDetail extends Alarm {
  /** detail_path: the resource's own page (null for a kind without one) */
  resource: { id: string; name: string; kind: string; status: string; locked: boolean; vendor: string; detail_path: string | null } | null;
  history: { id: string; change: string; user_name: string | null; value: number | null; at: string }[];
}
export interface AlarmPage {
  count: number;
  data: Alarm[];
  next_cursor: string | null;
}
export interface Policy {
  id: string;
  project_id: string | null;
  name: string;
  kind: string;
  metric: string;
  level: 'high' | 'medium' | 'low';
  operator: string;
  threshold: number;
  occurrences: number;
  samples: number;
  max_alarms: number;
  source: 'os' | 'base';
  receivers: string[];
  receiver_names: string[];
  target_type: string;
  target_value: string;
  enabled: boolean;
}
export interface MonitoredResource {
  id: string;
  name: string;
  kind: string;
  vendor: string;
  status: string;
  project_id: string;
  locked: boolean;
}
export interface Series {
  metric: string;
  unit: string;
  range: string;
  resource: { id: string; name: string; kind: string; vendor: string; status: string };
  points: [number, number][];
}
export interface OncallSummary {
  alarms: { level: string; state: string; n: number }[];
  hosts: { vendor: string; status: string; n: number }[];
  timeline: { id: string; change: string; at: string; user_name: string | null; alarm_id: string; resource_name: string; level: string; metric: string }[];
}
export interface Overview {
  at: string;
  data: { metric: string; unit: string; top: (MonitoredResource & { value: number })[] }[];
}
export interface Renewal {
  id: string;
  name: string;
  kind: string;
  vendor: string;
  status: string;
  expires_at: string;
  auto_renew: boolean;
  renewed_months: number;
}

export const listAlarms = (params: Payload) => getList<AlarmPage>('v1/alarms', params, quiet);
export const getAlarm = (id: string, s?: LinkScope) => get<AlarmDetail>(`v1/alarms/${id}`, undefined, { ...quiet, ...scoped(s) });
export const ackAlarm = (id: string, s?: LinkScope) => post<Alarm>(`v1/alarms/${id}/ack`, undefined, scoped(s));
export const claimAlarm = (id: string, s?: LinkScope) => post<Alarm>(`v1/alarms/${id}/claim`, undefined, scoped(s));
export const silenceAlarm = (id: string, minutes: number, s?: LinkScope) => post<Alarm>(`v1/alarms/${id}/silence`, { minutes }, scoped(s));
export const getOncall = () => get<OncallSummary>('v1/alarms/oncall', undefined, quiet);
export const getRenewals = (renewed: boolean) => get<{ count: number; data: Renewal[] }>('v1/alarms/renewals', { renewed }, quiet);
export const getOverview = () => get<Overview>('v1/monitor/overview', undefined, quiet);
export const getMonitored = (kind?: string) => get<{ count: number; data: MonitoredResource[] }>('v1/monitor/resources', { kind }, quiet);
export const getSeries = (resourceId: string, metric: string, range: string, end?: number, s?: LinkScope) =>
  get<Series>('v1/monitor/metrics', { resource_id: resourceId, metric, range, end }, { ...quiet, ...scoped(s) });
export const listPolicies = (params: Payload) => getList<{ count: number; data: Policy[] }>('v1/alarm-policies', params, quiet);
export const createPolicy = (body: Record<string, unknown>) => post<Policy>('v1/alarm-policies', body);
export const updatePolicy = (id: string, body: Record<string, unknown>) => put<Policy>(`v1/alarm-policies/${id}`, body);
export const deletePolicy = (id: string) => del<{ id: string }>(`v1/alarm-policies/${id}`);
/** A host action through the resource engine (its guards and refusals apply). */
/** One of the alarm resource's operations, through the engine's action route of its kind's collection. */
export const resourceAction = (collection: string, id: string, action: string, s?: LinkScope) =>
  post<{ status: string; message?: string }>(`${collection}/${id}/actions`, { action }, scoped(s));
/** The alarm's resource as its own detail page reads it (for the offline recent-resources store). */
export const getResourceRow = (collection: string, id: string, s?: LinkScope) =>
  get<{ id: string; name: string } & Record<string, unknown>>(`${collection}/${id}`, undefined, { ...quiet, ...scoped(s) });
