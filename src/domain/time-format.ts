// The one way a time is shown (ARCHITECTURE "Data"): Asia/Shanghai, `2026-11-23 14:05`, the same in
// zh-CN and zh-TW (the locales' own formatters write slashes, and a US order elsewhere).
const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-23 14:05` (or with `:ss` when `seconds`); '' for nothing, the input itself when it is not a time. */
export function formatDateTime(value: unknown, opts: { seconds?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const p = Object.fromEntries(PARTS.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${opts.seconds ? `:${p.second}` : ''}`;
}

/** The hour (0–23) in Asia/Shanghai, where the greeting and day-part texts are meant (not the device's zone). */
export function shanghaiHour(at: Date = new Date()): number {
  return Number(PARTS.formatToParts(at).find((x) => x.type === 'hour')?.value ?? 0);
}
