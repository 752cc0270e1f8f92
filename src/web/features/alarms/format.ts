// Values and times as people read them: 24-hour Asia/Shanghai times, units after numbers.
const time = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hour12: false });
const day = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit' });
const full = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const parts = (f: Intl.DateTimeFormat, d: Date) => Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));

/** 2026-11-23 14:05 */
export function fullTime(v: string | number | Date | null | undefined): string {
  if (v === null || v === undefined) return '—';
  const p = parts(full, new Date(v));
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}
/** 14:05, or 11-23 for a range of days */
export function axisTime(ms: number, rangeSeconds: number): string {
  const d = new Date(ms);
  if (rangeSeconds >= 3 * 86_400) {
    const p = parts(day, d);
    return `${p.month}-${p.day}`;
  }
  const p = parts(time, d);
  return `${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}
/** 97.5% / 12.3 Mbps / 1,234 — `unitText` is the translated unit for counts and loads. */
export function withUnit(v: number, unit: string, unitText = ''): string {
  const n = Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('zh-CN') : String(Math.round(v * 100) / 100);
  if (unit === '%') return `${n}%`;
  if (unit === 'Mbps' || unit === 'IOPS') return `${n} ${unit}`;
  return unitText ? `${n} ${unitText}` : n;
}
