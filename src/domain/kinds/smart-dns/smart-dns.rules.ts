// Constants and pure checks of the kind that only its schemas, hooks and screens use: kept out of
// smart-dns.kind.ts so the phone's first load (which reads the kind's definition) does not carry them.

import { SMART_LINES } from './smart-dns.kind.ts';

export const SMART_TTL = { min: 1, max: 86400, default: 600 } as const;

/** Records per line, every line present (0 when it has none): the domain overview's table. */
export function lineCounts(records: readonly { line: string }[]): Record<(typeof SMART_LINES)[number], number> {
  const out = Object.fromEntries(SMART_LINES.map((l) => [l, 0])) as Record<(typeof SMART_LINES)[number], number>;
  for (const r of records) if ((SMART_LINES as readonly string[]).includes(r.line)) out[r.line as (typeof SMART_LINES)[number]] += 1;
  return out;
}
