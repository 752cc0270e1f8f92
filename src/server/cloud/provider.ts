// The seam between Yunshu and a cloud (ARCHITECTURE.md "The simulated hybrid cloud"). The engine
// asks the provider to accept an operation (it answers how long it will take, or refuses), and
// the scheduler asks it how a due job ended. A real vendor driver implements the same interface.
import type { ResourceRow, JobRow } from '../repositories/engine.repository.ts';

export interface Accepted {
  delayMs: number;
}
export type Outcome = { ok: true } | { ok: false; reason: string };

export type MetricName = 'cpu' | 'memory' | 'network_in' | 'network_out';
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
}
