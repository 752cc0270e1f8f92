// The calls of security scanning (issue 31) under /api/v1/security, and their query keys.
import { del, get, post, put } from '../../lib/request.ts';
import {
  SECURITY_URL as U,
  type FindingDetail,
  type Finding,
  type OperationalData,
  type RepairInput,
  type ScanDetail,
  type ScanStrategy,
  type ScanSummary,
  type SecurityHost,
  type SecurityHostDetail,
  type SecurityOverview,
  type StrategyInput,
  type BaselineRow,
} from '../../../domain/security-scan/security-scan.ts';
import type { BaselineItem } from '../../../domain/security-scan/catalogue.ts';

export type { Finding, FindingDetail, ScanDetail, ScanStrategy, ScanSummary, SecurityHost, SecurityHostDetail, SecurityOverview, OperationalData, BaselineRow };

const quiet = { isNeedloading: false } as const;
const key = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });
type Page<T> = { count: number; data: T[] };

export const getOverview = () => get<SecurityOverview>(`${U}/overview`, undefined, quiet);
export const getOperations = () => get<OperationalData>(`${U}/operations`, undefined, quiet);
export const getBaseline = () => get<{ items: BaselineItem[]; data: BaselineRow[]; checked_at: Record<string, string> }>(`${U}/baseline`, undefined, quiet);
export const listHosts = () => get<Page<SecurityHost>>(`${U}/hosts`, undefined, quiet);
export const getHost = (id: string) => get<SecurityHostDetail>(`${U}/hosts/${id}`, undefined, quiet);
export const listStrategies = () => get<Page<ScanStrategy>>(`${U}/strategies`, undefined, quiet);
export const getStrategy = (id: string) => get<ScanStrategy>(`${U}/strategies/${id}`, undefined, quiet);
export const createStrategy = (body: Partial<StrategyInput>) => post<ScanStrategy>(`${U}/strategies`, body, key());
export const updateStrategy = (id: string, body: Partial<StrategyInput>) => put<ScanStrategy>(`${U}/strategies/${id}`, body, key());
export const deleteStrategy = (id: string) => del<void>(`${U}/strategies/${id}`, undefined, key());
export const startScan = (strategyId: string) => post<ScanSummary>(`${U}/strategies/${strategyId}/scans`, {}, key());
export const listScans = (params: { strategy_id?: string } = {}) => get<Page<ScanSummary>>(`${U}/scans`, { __limit: 100, ...params }, quiet);
export const getScan = (id: string) => get<ScanDetail>(`${U}/scans/${id}`, undefined, quiet);
export const listFindings = (params: { severity?: string; status?: string; q?: string }) =>
  get<Page<Finding>>(`${U}/vulns`, { __limit: 200, ...Object.fromEntries(Object.entries(params).filter(([, v]) => v)) }, quiet);
export const getFinding = (id: string) => get<FindingDetail>(`${U}/vulns/${id}`, undefined, quiet);
export const repairFinding = (id: string, body: RepairInput) => post<FindingDetail>(`${U}/vulns/${id}/repairs`, body, key());

export const secKeys = {
  all: ['security'] as const,
  overview: () => ['security', 'overview'] as const,
  operations: () => ['security', 'operations'] as const,
  baseline: () => ['security', 'baseline'] as const,
  hosts: () => ['security', 'hosts'] as const,
  host: (id: string) => ['security', 'host', id] as const,
  strategies: () => ['security', 'strategies'] as const,
  strategy: (id: string) => ['security', 'strategy', id] as const,
  scans: (strategyId = '') => ['security', 'scans', strategyId] as const,
  scan: (id: string) => ['security', 'scan', id] as const,
  findings: (p: Record<string, string>) => ['security', 'findings', p] as const,
  finding: (id: string) => ['security', 'finding', id] as const,
};
