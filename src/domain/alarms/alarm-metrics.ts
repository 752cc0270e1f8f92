// The metrics Yunshu draws and alarms on (seed 001 §3 alarm policy, §9 monitoring): which kinds
// report each one, its unit, and where it comes from. OS metrics come from the agent inside the
// guest every 10 seconds; base metrics from the hypervisor or the vendor's network every minute.
import { METRIC_RANGES } from '../metric-ranges.ts';

export const METRIC_SOURCES = ['os', 'base'] as const;
export type MetricSource = (typeof METRIC_SOURCES)[number];

/** Seconds between two samples of a source (seed 001 §9). */
export const SOURCE_INTERVAL_S: Record<MetricSource, number> = { os: 10, base: 60 };

export interface MetricInfo {
  unit: '%' | 'Mbps' | 'IOPS' | 'count' | 'load';
  source: MetricSource;
  /** the highest value it can take (percentages), for threshold validation */
  max?: number;
}

export const METRICS = {
  cpu: { unit: '%', source: 'base', max: 100 },
  memory: { unit: '%', source: 'os', max: 100 },
  disk_usage: { unit: '%', source: 'os', max: 100 },
  load_1m: { unit: 'load', source: 'os' },
  network_in: { unit: 'Mbps', source: 'base' },
  network_out: { unit: 'Mbps', source: 'base' },
  packet_loss: { unit: '%', source: 'base', max: 100 },
  read_iops: { unit: 'IOPS', source: 'base' },
  write_iops: { unit: 'IOPS', source: 'base' },
  connections: { unit: 'count', source: 'base' },
} as const satisfies Record<string, MetricInfo>;
export type MetricName = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

const HOST: MetricName[] = ['cpu', 'memory', 'disk_usage', 'load_1m', 'network_in', 'network_out', 'packet_loss'];
/** The kinds that report metrics, and which (in the order the pages show them). */
export const KIND_METRICS: Record<string, MetricName[]> = {
  instance: HOST,
  phyhost: HOST,
  dedicated_host: ['cpu', 'memory', 'network_in', 'network_out'],
  volume: ['disk_usage', 'read_iops', 'write_iops'],
  load_balancer: ['connections', 'network_in', 'network_out', 'packet_loss'],
  eip: ['network_in', 'network_out', 'packet_loss'],
  nat_gateway: ['connections', 'network_in', 'network_out', 'packet_loss'],
};
export const MONITORED_KINDS = Object.keys(KIND_METRICS);

/** Statuses in which a resource reports metrics (a stopped host sends nothing). */
export const REPORTING_STATUSES = ['running', 'available', 'allocated', 'mounted', 'enabled', 'active'];

export const isMetricName = (m: unknown): m is MetricName => typeof m === 'string' && Object.prototype.hasOwnProperty.call(METRICS, m);

export type RangeKey = keyof typeof METRIC_RANGES;
export const RANGE_KEYS = Object.keys(METRIC_RANGES) as RangeKey[];
/** At most this many points per chart (the server averages buckets of samples). */
export const MAX_POINTS = 500;

/**
 * Averages consecutive samples into at most `max` points; each point keeps the time of its bucket's
 * first sample. Peaks survive as the bucket's mean (the chart is for shape, the alarm reads samples).
 */
export function downsample(points: [number, number][], max = MAX_POINTS): [number, number][] {
  if (points.length <= max) return points;
  const size = Math.ceil(points.length / max);
  const out: [number, number][] = [];
  for (let i = 0; i < points.length; i += size) {
    let sum = 0;
    const end = Math.min(points.length, i + size);
    for (let j = i; j < end; j++) sum += points[j]![1];
    out.push([points[i]![0], Math.round((sum / (end - i)) * 100) / 100]);
  }
  return out;
}
