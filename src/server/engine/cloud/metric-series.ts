// The simulated cloud's metrics: a pure function of (resource id, metric, time), so every server
// process draws the same chart and the evaluator reads the same samples the chart shows. A series is
// a daily wave plus noise, and some resources have recurring incidents — CPU saturation, a disk
// filling up until it is cleaned, packet loss — long enough for alarms to fire and resolve.
import { METRICS, SOURCE_INTERVAL_S, type MetricName } from '../../../domain/alarms/alarm-metrics.ts';

/** FNV-1a of a string, then a 32-bit mix of (that, n): cheap enough for a month of 10-second samples. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
function mix(h: number, n: number): number {
  let x = (h ^ Math.imul(n | 0, 0x9e3779b1) ^ Math.floor(n / 0x1_0000_0000)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 0x1_0000_0000;
}

const SHAPE: Record<MetricName, { base: number; swing: number; noise: number; max: number }> = {
  cpu: { base: 28, swing: 18, noise: 10, max: 100 },
  memory: { base: 48, swing: 10, noise: 4, max: 100 },
  disk_usage: { base: 45, swing: 0, noise: 0.4, max: 100 },
  load_1m: { base: 0.8, swing: 0.5, noise: 0.4, max: 64 },
  network_in: { base: 12, swing: 9, noise: 6, max: 10_000 },
  network_out: { base: 8, swing: 6, noise: 4, max: 10_000 },
  packet_loss: { base: 0.05, swing: 0, noise: 0.1, max: 100 },
  read_iops: { base: 300, swing: 200, noise: 120, max: 100_000 },
  write_iops: { base: 180, swing: 120, noise: 80, max: 100_000 },
  connections: { base: 1200, swing: 800, noise: 300, max: 1_000_000 },
};

type Incident = 'cpu' | 'disk' | 'loss';
/** Each incident recurs with its period; a troubled resource spends `duty` of each period in it. */
const INCIDENT_PERIOD_MS: Record<Incident, number> = { cpu: 5 * 3_600_000, disk: 26 * 3_600_000, loss: 7 * 3_600_000 };

interface Profile {
  seed: number;
  phase: number;
  scale: number;
  incidents: { type: Incident; offset: number; duty: number }[];
}

const profiles = new Map<string, Profile>();
function profileOf(id: string): Profile {
  let p = profiles.get(id);
  if (p) return p;
  const seed = hashString(id);
  const incidents: Profile['incidents'] = [];
  // About half the resources are troubled by one or two kinds of incident.
  (['cpu', 'disk', 'loss'] as Incident[]).forEach((type, i) => {
    if (mix(seed, 101 + i) < (type === 'cpu' ? 0.5 : 0.3)) incidents.push({ type, offset: mix(seed, 201 + i), duty: 0.12 + 0.18 * mix(seed, 301 + i) });
  });
  p = { seed, phase: mix(seed, 1) * Math.PI * 2, scale: 0.6 + mix(seed, 2) * 0.8, incidents };
  if (profiles.size > 50_000) profiles.clear();
  profiles.set(id, p);
  return p;
}

/** Where in an incident `t` falls: 0 ≤ progress < 1 inside, -1 outside. */
function incidentProgress(p: Profile, type: Incident, t: number): number {
  const inc = p.incidents.find((i) => i.type === type);
  if (!inc) return -1;
  const period = INCIDENT_PERIOD_MS[type];
  const pos = (t / period + inc.offset) % 1;
  return pos < inc.duty ? pos / inc.duty : -1;
}

const METRIC_INDEX = Object.fromEntries(Object.keys(SHAPE).map((m, i) => [m, i + 1])) as Record<MetricName, number>;

/** The value of `metric` on resource `id` at time `t` (ms), at the sample that contains `t`. */
export function sampleAt(id: string, metric: MetricName, t: number): number {
  const stepMs = SOURCE_INTERVAL_S[METRICS[metric].source] * 1000;
  return valueAt(profileOf(id), metric, Math.floor(t / stepMs), stepMs);
}

function valueAt(p: Profile, metric: MetricName, bucket: number, stepMs: number): number {
  const ts = bucket * stepMs;
  const s = SHAPE[metric];
  const day = Math.sin((ts / 86_400_000) * Math.PI * 2 + p.phase);
  const noise = mix(p.seed ^ METRIC_INDEX[metric], bucket) - 0.5;
  let v = (s.base + s.swing * day) * (metric === 'disk_usage' ? 1 : p.scale) + s.noise * noise * 2;
  if (metric === 'cpu' || metric === 'load_1m' || metric === 'memory') {
    const cpu = incidentProgress(p, 'cpu', ts);
    if (cpu >= 0) v = metric === 'cpu' ? 93 + 6 * mix(p.seed, bucket) : metric === 'load_1m' ? v * 6 + 4 : v + 18;
  }
  if (metric === 'disk_usage') {
    // Fills from its base to 99 % across the incident, then someone cleans it up.
    const fill = incidentProgress(p, 'disk', ts);
    v = 35 + 30 * mix(p.seed, 7) + s.noise * noise;
    if (fill >= 0) v += (99 - v) * Math.min(1, fill * 1.2);
  }
  if (metric === 'packet_loss') {
    const loss = incidentProgress(p, 'loss', ts);
    v = loss >= 0 ? 6 + 20 * mix(p.seed ^ 0x55, bucket) : Math.max(0, 0.05 + 0.1 * noise);
  }
  return Math.round(Math.min(s.max, Math.max(0, v)) * 100) / 100;
}

/** Every raw sample of `metric` with from < t ≤ to, as [t ms, value]. */
export function rawSeries(id: string, metric: MetricName, from: number, to: number): [number, number][] {
  const stepMs = SOURCE_INTERVAL_S[METRICS[metric].source] * 1000;
  const p = profileOf(id);
  const out: [number, number][] = [];
  for (let b = Math.floor(from / stepMs) + 1; b * stepMs <= to; b++) out.push([b * stepMs, valueAt(p, metric, b, stepMs)]);
  return out;
}

/** The last `n` samples at or before `t`, oldest first (what the evaluator reads). */
export function lastSamples(id: string, metric: MetricName, t: number, n: number): number[] {
  const stepMs = SOURCE_INTERVAL_S[METRICS[metric].source] * 1000;
  const p = profileOf(id);
  const last = Math.floor(t / stepMs);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = valueAt(p, metric, last - (n - 1 - i), stepMs);
  return out;
}
