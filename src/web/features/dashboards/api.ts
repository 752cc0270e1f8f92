// The calls of the dashboards (issue 31) under /api/v1/dashboards: the user's panels (each change
// answers the whole layout), and the figures — overview, capacity of a cluster, a report, GTM.
import { get, post, put, request, del } from '../../lib/request.ts';
import {
  DASHBOARDS_URL,
  type CapacityAnswer,
  type Cluster,
  type GtmOverview,
  type Layout,
  type MetricKey,
  type PanelCreate,
  type PanelPatch,
  type ReportAnswer,
  type ReportGroup,
  type Summary,
} from '../../../domain/dashboards.ts';

const quiet = { isNeedloading: false } as const;
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const getLayout = () => get<Layout>(`${DASHBOARDS_URL}/layout`, undefined, quiet);
export const addPanel = (body: PanelCreate) => post<Layout>(`${DASHBOARDS_URL}/panels`, body, once());
export const patchPanel = (key: string, body: PanelPatch) => request<Layout>('PATCH', `${DASHBOARDS_URL}/panels/${key}`, body, once());
export const deletePanel = (key: string) => del<Layout>(`${DASHBOARDS_URL}/panels/${key}`, undefined, once());
export const saveOrder = (keys: string[]) => put<Layout>(`${DASHBOARDS_URL}/order`, { keys }, once());

export const getSummary = (vendor?: string) => get<Summary>(`${DASHBOARDS_URL}/summary`, { vendor }, quiet);
export const getCapacity = (cluster: Cluster) => get<CapacityAnswer>(`${DASHBOARDS_URL}/capacity`, { cluster }, quiet);
export const getReport = (group: ReportGroup, metrics: readonly MetricKey[]) =>
  get<ReportAnswer>(`${DASHBOARDS_URL}/report`, { group, metrics: metrics.join(',') }, quiet);
export const getGtm = () => get<GtmOverview>(`${DASHBOARDS_URL}/gtm`, undefined, quiet);
