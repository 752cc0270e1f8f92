// The seam between Yunshu and a cloud (ARCHITECTURE.md "The simulated hybrid cloud"). The engine
// asks the provider to accept an operation (it answers how long it will take, or refuses), and
// the scheduler asks it how a due job ended. A real vendor driver implements the same interface.
import type { ResourceRow, JobRow } from '../engine.repository.ts';

export interface Accepted {
  delayMs: number;
}
export type Outcome = { ok: true } | { ok: false; reason: string };

export type { MetricName } from '../../../domain/alarms/alarm-metrics.ts';
import type { MetricName } from '../../../domain/alarms/alarm-metrics.ts';
export interface MetricPoint {
  ts: string;
  value: number;
}

export interface CloudProvider {
  /** accepts the creation of a resource (throws AppError to refuse) */
  create(resource: Pick<ResourceRow, 'id' | 'kind' | 'vendor'>): Accepted;
  /** accepts an action on a resource (throws AppError('public_cloud_unsupported') and the like) */
  act(resource: Pick<ResourceRow, 'id' | 'kind' | 'vendor'>, action: string, params: Record<string, unknown>): Accepted;
  delete(resource: Pick<ResourceRow, 'id' | 'kind' | 'vendor'>): Accepted;
  /** how a due job ended */
  complete(job: JobRow): Outcome;
  /** metric series for charts, the same in every process */
  metrics(resourceId: string, metric: MetricName, from: Date, to: Date, stepSeconds: number): MetricPoint[];
  /** every raw sample (OS every 10 s, base every minute) with from < t ≤ to, as [t ms, value] */
  series(resourceId: string, metric: MetricName, from: number, to: number): [number, number][];
  /** the last `n` samples at or before `t`, oldest first (the alarm evaluator's input) */
  lastSamples(resourceId: string, metric: MetricName, t: number, n: number): number[];
}
