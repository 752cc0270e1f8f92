// The one-line sentence that says what a request asks, in the reader's language: 「购买云主机
// ecs-mes-01（4 核 8 GB）」, 「云硬盘 erp-disk-32 扩容至 820 GB」, 「配额 云主机数量 调整为 20」. The
// approval cards and details (web) and the site messages and outside channels (server) all render it
// with this function, so no reader ever sees the language-neutral stored title (「erp-disk-32
// size=820」, 「instances → 20」) or an internal key.
//
// It works in two steps: `summarySubject` picks from a request's type and payload the few flat
// values the sentence needs (strings and numbers, so a site message can carry them in its
// parameters), and `subjectSummary` turns them into text through the `t` it is given.
import { FLAVORS } from '../kinds/instance/flavors.ts';
import { isId } from '../id-pattern.ts';

export type SummaryT = (key: string, opts?: Record<string, unknown>) => string;
export type Subject = Record<string, string | number>;

/** Marks parameters that carry a subject (a site message's own parameters never use this key). */
export const SUBJECT_MARK = 'summary_v';

/** The spec keys a sentence names, in reading order (a number each, with its unit). */
const SPEC_KEYS = ['cpu', 'memory', 'memory_gb', 'size', 'size_gb', 'bandwidth'] as const;

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
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** The spec's numbers (and flavor) as flat `spec_*` values. */
function specValues(spec: unknown): Subject {
  const out: Subject = {};
  if (!spec || typeof spec !== 'object') return out;
  const s = spec as Record<string, unknown>;
  for (const k of SPEC_KEYS) if (typeof s[k] === 'number') out[`spec_${k}`] = s[k] as number;
  if (typeof s.flavor === 'string') out.spec_flavor = s.flavor;
  return out;
}

/** The kind an expansion is about when the caller does not know it: a flavor is a host's, a size a disk's. */
function expansionKind(payload: Record<string, any>): string {
  if (payload.action === 'resize' || (payload.spec && typeof payload.spec.flavor === 'string')) return 'instance';
  if (payload.action === 'expand' || (payload.spec && typeof payload.spec.size === 'number')) return 'volume';
  return '';
}

/**
 * The flat values the sentence of a request needs. `resourceName`/`resourceKind` name the resource an
 * expansion is about (the payload holds only its id).
 */
export function summarySubject(
  type: string,
  payload: Record<string, any> | null | undefined,
  extra: { resourceName?: string | null; resourceKind?: string | null } = {},
): Subject {
  const p = payload ?? {};
  const base: Subject = { [SUBJECT_MARK]: 1, type };
  switch (type) {
    case 'resource_purchase':
      return { ...base, kind: str(p.kind), name: str(p.name), ...specValues(p.spec) };
    case 'resource_expansion':
      return { ...base, kind: extra.resourceKind || expansionKind(p), name: isId(extra.resourceName) ? '' : str(extra.resourceName), ...specValues(p.spec) };
    case 'firewall_policy':
      return {
        ...base,
        source: list(p.source_ips)[0] ?? (str(p.source_system) || 'any'),
        target: list(p.target_ips)[0] ?? (str(p.target_system) || 'any'),
        ports: ports(p.target_ports),
        protocol: str(p.protocol).toUpperCase(),
        more: Math.max(0, list(p.target_ips).length - 1),
      };
    case 'snat_rule':
      return { ...base, internal: str(p.source_cidr ?? p.internal_ip), eip: str(p.eip) };
    case 'dnat_rule':
      return {
        ...base,
        eip: str(p.eip),
        eip_ports: ports(p.eip_ports),
        internal: str(p.internal_ip),
        internal_ports: ports(p.internal_ports),
        protocol: str(p.protocol).toUpperCase(),
      };
    case 'quota_change':
      return { ...base, quota_key: str(p.quota_key), value: typeof p.value === 'number' ? p.value : str(p.value) };
    case 'invoice_apply':
    case 'invoice_void':
    case 'invoice_red_flush':
      return { ...base, business_no: str(p.business_no), amount_fen: Number(p.amount_fen ?? 0) };
    default:
      return { ...base, name: str(p.name) };
  }
}

/** 「4 核 8 GB」「820 GB」「10 Mbps」 from the subject's spec values; empty when there are none. */
export function subjectSpecText(t: SummaryT, s: Subject): string {
  const flavor = FLAVORS.find((f) => f.id === s.spec_flavor);
  const cpu = flavor?.cpu ?? s.spec_cpu;
  const memory = flavor?.memory ?? s.spec_memory;
  const parts: string[] = [];
  if (typeof cpu === 'number' && typeof memory === 'number') parts.push(t('approvals:spec.instance', { cpu, memory }));
  for (const k of SPEC_KEYS) {
    if ((k === 'cpu' || k === 'memory') && parts.length) continue;
    const v = s[`spec_${k}`];
    if (typeof v === 'number') parts.push(t(`approvals:spec.${k}`, { v }));
  }
  return parts.join(' ');
}

const yuanText = (fen: number) => (Number.isFinite(fen) ? fen / 100 : 0).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The sentence of a subject (see `summarySubject`). */
export function subjectSummary(t: SummaryT, s: Subject): string {
  const kindName = (kind: unknown) =>
    kind ? t(`approvals:kind.${String(kind)}`, { defaultValue: t(`kinds:${String(kind)}.name`, { defaultValue: '' }) }) : '';
  switch (s.type) {
    case 'resource_purchase': {
      const spec = subjectSpecText(t, s);
      return t('approvals:summary.resource_purchase', {
        kind: kindName(s.kind),
        name: s.name ?? '',
        spec: spec ? t('approvals:summary.paren', { text: spec }) : '',
      });
    }
    case 'resource_expansion': {
      const kind = kindName(s.kind);
      const key = s.spec_flavor !== undefined ? 'resource_resize' : 'resource_expansion';
      // without the resource's name (an old request) the sentence still reads: 「云硬盘 扩容至 820 GB」
      return t(`approvals:summary.${key}`, { kind, name: s.name ?? '', spec: subjectSpecText(t, s) })
        .replace(/\s+/g, ' ')
        .trim();
    }
    case 'firewall_policy':
      return (
        t('approvals:summary.firewall_policy', { source: s.source, target: s.target, ports: s.ports, protocol: s.protocol }) +
        (Number(s.more) > 0 ? t('approvals:summary.more', { n: s.more }) : '')
      );
    case 'snat_rule':
      return t('approvals:summary.snat_rule', { internal: s.internal, eip: s.eip });
    case 'dnat_rule':
      return t('approvals:summary.dnat_rule', {
        eip: s.eip,
        eip_ports: s.eip_ports,
        internal: s.internal,
        internal_ports: s.internal_ports,
        protocol: s.protocol,
      });
    case 'quota_change':
      return t('approvals:summary.quota_change', {
        quota: t(`approvals:quota.${String(s.quota_key)}`, { defaultValue: t('approvals:summary.quota_unknown') }),
        value: s.value ?? '',
      });
    case 'invoice_apply':
    case 'invoice_void':
    case 'invoice_red_flush':
      return t('approvals:summary.invoice', { no: s.business_no ?? '', amount: yuanText(Number(s.amount_fen ?? 0)) });
    default:
      return String(s.name ?? '');
  }
}

/** Whether parameters carry a subject (messages written before they did carry only a raw title). */
export const hasSubject = (params: Record<string, unknown> | null | undefined): boolean => !!params && params[SUBJECT_MARK] !== undefined;

/**
 * The subject of a stored request: an expansion's stored title starts with its resource's name
 * (approval-summary.ts `requestTitle`), the only place a request row keeps it.
 */
export function requestSubject(row: { type: string; payload: unknown; title?: string | null }, resourceName?: string | null): Subject {
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, any> | null;
  const fromTitle = row.type === 'resource_expansion' ? (row.title ?? '').split(' ')[0] : '';
  return summarySubject(row.type, payload, { resourceName: resourceName || fromTitle });
}

/**
 * A request named in words, in one language: the sentence the message centre shows, for the places
 * that store a name once (the operation log's line of a decision). The stored title is
 * language-neutral (「erp-disk-32 size=820」) and only the fallback of a type the sentence does not know.
 */
export function requestSentence(t: SummaryT, row: { type: string; payload: unknown; title: string }): string {
  return subjectSummary(t, requestSubject(row)).trim() || row.title;
}
