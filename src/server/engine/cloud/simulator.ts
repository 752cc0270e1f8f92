// The embedded simulated hybrid cloud. Vendors differ a little: private clouds answer faster than
// public ones, and public clouds refuse the private-only actions. What differs per kind (a slower
// create, actions only a private cloud does) is data in the kind's folder (`simulator`). Failures come at the configured
// rate with a vendor-flavoured reason. Metrics are a pure function of (resource id, time bucket).
import { AppError } from '../../../domain/errors.ts';
import type { CloudProvider, MetricName, MetricPoint, Outcome } from './provider.ts';
import type { JobRow } from '../engine.repository.ts';
import { lastSamples, rawSeries, sampleAt } from './metric-series.ts';
import { kindOf } from '../../../domain/kinds/registry.ts';

/** Delay factor per vendor (private clouds are on the same network). */
export const VENDOR_DELAY_FACTOR: Record<string, number> = { openstack: 1, vmware: 1.2, ali: 1.5, tencent: 1.5, hwyun: 1.6, ctyun: 2 };
export const PUBLIC_VENDORS = new Set(['ali', 'tencent', 'ctyun', 'hwyun']);

const FAILURE_REASONS = ['quota_exhausted_upstream', 'api_timeout', 'insufficient_capacity', 'hypervisor_error'];

export interface SimulatorOptions {
  delayMs: number;
  failureRate: number;
  random?: () => number;
}

export function simulator(opts: SimulatorOptions): CloudProvider {
  const random = opts.random ?? Math.random;
  const delay = (vendor: string) => {
    const base = opts.delayMs * (VENDOR_DELAY_FACTOR[vendor] ?? 1);
    // ±20% jitter so a batch does not finish in lockstep.
    return Math.max(0, Math.round(base * (0.8 + 0.4 * random())));
  };
  const checkSupported = (kind: string, vendor: string, action: string) => {
    // A public cloud refuses what only a private cloud does (「公有云不支持该操作」).
    if (PUBLIC_VENDORS.has(vendor) && kindOf(kind)?.simulator?.privateOnly?.includes(action)) throw new AppError(409, 'public_cloud_unsupported');
  };
  return {
    create: (r) => ({ delayMs: delay(r.vendor) * (kindOf(r.kind)?.simulator?.createDelayFactor ?? 1) }),
    act: (r, action) => {
      checkSupported(r.kind, r.vendor, action);
      return { delayMs: delay(r.vendor) };
    },
    delete: (r) => ({ delayMs: delay(r.vendor) }),
    complete(_job: JobRow): Outcome {
      if (opts.failureRate > 0 && random() < opts.failureRate) {
        return { ok: false, reason: FAILURE_REASONS[Math.floor(random() * FAILURE_REASONS.length)]! };
      }
      return { ok: true };
    },
    metrics: simulatedMetrics,
    series: rawSeries,
    lastSamples,
  };
}

/** Deterministic series at `stepSeconds` (the generator of cloud/metric-series.ts, sampled). */
export function simulatedMetrics(resourceId: string, metric: MetricName, from: Date, to: Date, stepSeconds: number): MetricPoint[] {
  const step = Math.max(10, Math.floor(stepSeconds)) * 1000;
  const start = Math.floor(from.getTime() / step) * step;
  const out: MetricPoint[] = [];
  for (let t = start; t <= to.getTime() && out.length < 2000; t += step) out.push({ ts: new Date(t).toISOString(), value: sampleAt(resourceId, metric, t) });
  return out;
}
