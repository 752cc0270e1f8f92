// Sizes as people read them: 512 B, 3.4 KB, 1.2 MB, 1.2 GB, 2.5 TB (binary steps, one decimal,
// trailing .0 dropped). Used by the object-storage pages (bucket usage, objects, backups).
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

export function byteSize(bytes: number | null | undefined): string {
  const n = Number(bytes ?? 0);
  if (!Number.isFinite(n) || n <= 0) return '0 B';
  let i = 0;
  let v = n;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const text = i === 0 ? String(Math.round(v)) : (Math.round(v * 10) / 10).toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[i]}`;
}
