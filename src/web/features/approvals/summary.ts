// What a card says about a request, as pure functions of the list item (unit-tested): the one-line
// summary (「购买云主机 ecs-mes-01（4核8G）」, 「防火墙策略 10.0.1.0/24 → 10.0.2.5:443/TCP」), the
// estimated cost in yuan with two decimals and the waiting time (「等待 3 小时」).
import { formatDateTime } from '../../../domain/time-format.ts';
export type TFn = (key: string, opts?: Record<string, unknown>) => string;

interface Summarised {
  type: string;
  title: string;
  payload: Record<string, any> | null | undefined;
}

const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string' && v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
const ports = (v: unknown): string => (v === 'any' || v === undefined || v === null ? 'any' : list(v).join(','));
const proto = (v: unknown): string => String(v ?? '').toUpperCase();

const first = (v: unknown): string => list(v)[0] ?? 'any';
/** 「（另 1 个目标）」 when a rule names more than one address on a side. */
function more(t: TFn, v: unknown): string {
  const n = list(v).length - 1;
  return n > 0 ? t('approvals:summary.more', { n }) : '';
}

/** Numeric spec values with their unit (cores, GB, Mbps) where the field is known. */
export function specText(t: TFn, spec: Record<string, unknown> | null | undefined, kind?: string): string {
  if (!spec) return '';
  if (kind === 'instance' && spec.cpu !== undefined && spec.memory !== undefined) return t('approvals:spec.instance', { cpu: spec.cpu, memory: spec.memory });
  const parts: string[] = [];
  for (const [k, v] of Object.entries(spec)) {
    if (typeof v !== 'number') continue;
    parts.push(['size', 'cpu', 'memory', 'bandwidth', 'size_gb', 'memory_gb'].includes(k) ? t(`approvals:spec.${k}`, { v }) : `${k}=${v}`);
  }
  return parts.join(' ');
}

export function summaryOf(t: TFn, item: Summarised): string {
  const p = item.payload ?? {};
  switch (item.type) {
    case 'resource_purchase': {
      const kind = t(`approvals:kind.${p.kind}`, { defaultValue: String(p.kind ?? '') });
      const spec = specText(t, p.spec, p.kind);
      return t('approvals:summary.resource_purchase', { kind, name: p.name ?? '', spec: spec ? t('approvals:summary.paren', { text: spec }) : '' });
    }
    case 'resource_expansion': {
      const name = item.title.split(' ')[0] || String(p.resource_id ?? '');
      return t('approvals:summary.resource_expansion', { name, spec: specText(t, p.spec) });
    }
    case 'firewall_policy':
      return (
        t('approvals:summary.firewall_policy', {
          source: first(p.source_ips),
          target: first(p.target_ips),
          ports: ports(p.target_ports),
          protocol: proto(p.protocol),
        }) + more(t, p.target_ips)
      );
    case 'snat_rule':
      return t('approvals:summary.snat_rule', { internal: p.source_cidr ?? p.internal_ip ?? '', eip: p.eip ?? '' });
    case 'dnat_rule':
      return t('approvals:summary.dnat_rule', {
        eip: p.eip ?? '',
        eip_ports: ports(p.eip_ports),
        internal: p.internal_ip ?? '',
        internal_ports: ports(p.internal_ports),
        protocol: proto(p.protocol),
      });
    case 'quota_change':
      return t('approvals:summary.quota_change', {
        quota: t(`approvals:quota.${p.quota_key}`, { defaultValue: String(p.quota_key ?? '') }),
        value: p.value ?? '',
      });
    default:
      return item.title;
  }
}

/** Fen → yuan with two decimals and thousands separators: 480000 → 「4,800.00」. */
export function yuan(fen: number): string {
  const v = Number.isFinite(fen) ? fen / 100 : 0;
  return v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export interface Waiting {
  unit: 'under_minute' | 'minutes' | 'hours' | 'days';
  n: number;
}

/** How long a request has waited at its level: minutes below an hour, hours below two days, then days. */
export function waitingOf(since: string | number | Date, now: number): Waiting {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return { unit: 'under_minute', n: 0 };
  if (minutes < 60) return { unit: 'minutes', n: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', n: hours };
  return { unit: 'days', n: Math.floor(hours / 24) };
}

export function waitingText(t: TFn, since: string | number | Date, now: number): string {
  const w = waitingOf(since, now);
  return t(`approvals:waiting.${w.unit}`, { n: w.n });
}

/** Shanghai time, minutes precision (the same in both languages). */
export function timeText(value: string | number | Date | null | undefined, _lang?: string): string {
  return formatDateTime(value);
}

export const projectName = (item: { project_name: string; project_name_zh: string | null }) => item.project_name_zh || item.project_name;
