// CVSS v3.1 base score (FIRST, "CVSS v3.1 Specification Document" §7.1 and Appendix A): the vector's
// eight base metrics, their weights, the impact and exploitability sub-scores and the spec's Roundup,
// which works on integers so 4.000000001 does not become 4.1 through floating-point noise. A v3.0
// vector ("CVSS:3.0/…") is scored with v3.0's plain round-up to one decimal. Written here rather than
// taken from npm: it is forty lines of the spec, with no dependency to keep up (ADR 0067).

export const CVSS_METRICS = ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'] as const;
export type CvssMetric = (typeof CVSS_METRICS)[number];
export type CvssVector = Readonly<Record<CvssMetric, string>> & { version: '3.0' | '3.1' };

const VALUES: Readonly<Record<CvssMetric, readonly string[]>> = {
  AV: ['N', 'A', 'L', 'P'],
  AC: ['L', 'H'],
  PR: ['N', 'L', 'H'],
  UI: ['N', 'R'],
  S: ['U', 'C'],
  C: ['H', 'L', 'N'],
  I: ['H', 'L', 'N'],
  A: ['H', 'L', 'N'],
};

const AV = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 } as Record<string, number>;
const AC = { L: 0.77, H: 0.44 } as Record<string, number>;
const UI = { N: 0.85, R: 0.62 } as Record<string, number>;
const CIA = { H: 0.56, L: 0.22, N: 0 } as Record<string, number>;
/** Privileges Required weighs more when the scope changes (the attacker reaches past the component). */
const pr = (v: string, changed: boolean) => (v === 'N' ? 0.85 : v === 'L' ? (changed ? 0.68 : 0.62) : changed ? 0.5 : 0.27);

/** Parses "CVSS:3.1/AV:N/AC:L/…": every base metric once, nothing else; null when it is not one. */
export function parseCvss(vector: string): CvssVector | null {
  const parts = vector.trim().split('/');
  const head = /^CVSS:(3\.[01])$/.exec(parts.shift() ?? '');
  if (!head) return null;
  const out: Partial<Record<CvssMetric, string>> = {};
  for (const part of parts) {
    const [key, value, extra] = part.split(':');
    if (extra !== undefined || !key || !value || !(CVSS_METRICS as readonly string[]).includes(key)) return null;
    const m = key as CvssMetric;
    if (out[m] !== undefined || !VALUES[m].includes(value)) return null;
    out[m] = value;
  }
  if (CVSS_METRICS.some((m) => out[m] === undefined)) return null;
  return { ...(out as Record<CvssMetric, string>), version: head[1] as '3.0' | '3.1' };
}

/** v3.1 Appendix A: the smallest one-decimal number ≥ x, computed on integers. */
export function roundUp(x: number): number {
  const i = Math.round(x * 100_000);
  return i % 10_000 === 0 ? i / 100_000 : (Math.floor(i / 10_000) + 1) / 10;
}
const roundUp30 = (x: number) => Math.ceil(x * 10) / 10;

export interface CvssScore {
  base: number;
  impact: number;
  exploitability: number;
}

export function cvssScores(v: CvssVector): CvssScore {
  const changed = v.S === 'C';
  const iss = 1 - (1 - CIA[v.C]!) * (1 - CIA[v.I]!) * (1 - CIA[v.A]!);
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * Math.pow(iss - 0.02, 15) : 6.42 * iss;
  const exploitability = 8.22 * AV[v.AV]! * AC[v.AC]! * pr(v.PR, changed) * UI[v.UI]!;
  const up = v.version === '3.1' ? roundUp : roundUp30;
  const base = impact <= 0 ? 0 : up(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10));
  return { base, impact: Math.round(Math.max(impact, 0) * 10) / 10, exploitability: Math.round(exploitability * 10) / 10 };
}

/** The base score of a vector string; throws on a malformed one (catalogue data is checked by tests). */
export function cvssBaseScore(vector: string): number {
  const v = parseCvss(vector);
  if (!v) throw new Error(`not a CVSS v3 vector: ${vector}`);
  return cvssScores(v).base;
}

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'none'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The spec's qualitative rating (Table 14): 严重 9.0–10.0, 高 7.0–8.9, 中 4.0–6.9, 低 0.1–3.9, 无 0. */
export function severityOf(score: number): Severity {
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  if (score > 0) return 'low';
  return 'none';
}
