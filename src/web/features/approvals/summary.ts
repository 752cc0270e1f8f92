// What a card says about a request, as pure functions of the list item (unit-tested): the one-line
// summary (「购买云主机 ecs-mes-01（4 核 8 GB）」, 「防火墙策略 10.0.1.0/24 → 10.0.2.5:443/TCP」), the
// estimated cost in yuan with two decimals and the waiting time (「等待 3 小时」).
import { formatDateTime } from '../../../domain/time-format.ts';
import { subjectSummary, summarySubject } from '../../../domain/approvals/request-summary.ts';
export type TFn = (key: string, opts?: Record<string, unknown>) => string;

interface Summarised {
  type: string;
  title: string;
  payload: Record<string, any> | null | undefined;
  /** the resource an expansion is about, where the detail names it */
  resource?: { name?: string | null; kind?: string | null } | null;
}

/**
 * The card's sentence, the same one the site messages carry (domain/approvals/request-summary.ts).
 * An expansion's resource name comes from the detail, else from the stored title (it starts with it).
 */
export function summaryOf(t: TFn, item: Summarised): string {
  const resourceName = item.resource?.name || (item.type === 'resource_expansion' ? item.title.split(' ')[0] : '') || '';
  return subjectSummary(t, summarySubject(item.type, item.payload, { resourceName, resourceKind: item.resource?.kind ?? null }));
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
