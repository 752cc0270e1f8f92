// How old offline data is, for the banner: "just now", N minutes, N hours or N days.
export interface DataAge {
  unit: 'just_now' | 'minutes' | 'hours' | 'days';
  count: number;
}

export function dataAge(savedAt: number, now: number): DataAge {
  const minutes = Math.max(0, Math.floor((now - savedAt) / 60_000));
  if (minutes < 1) return { unit: 'just_now', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
