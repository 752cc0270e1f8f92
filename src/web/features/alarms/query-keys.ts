// Query keys of the alarms feature. Everything sits under ['alarms'], so one alarm.changed event
// (or a decision on the detail page) refreshes the lists, the detail and the overview together.
export const alarmKeys = {
  all: ['alarms'] as const,
  list: (state: string, level: string, vendor: string, project: string, resource: string) =>
    [...alarmKeys.all, 'list', state, level, vendor, project, resource] as const,
  detail: (id: string) => [...alarmKeys.all, 'detail', id] as const,
  monitored: () => [...alarmKeys.all, 'monitored'] as const,
  monitoredOf: (kind: string) => [...alarmKeys.all, 'monitored', kind] as const,
  series: (id: string, metric: string, range: string, end: number | null) => [...alarmKeys.all, 'series', id, metric, range, end] as const,
  oncall: () => [...alarmKeys.all, 'oncall'] as const,
  overview: () => [...alarmKeys.all, 'overview'] as const,
  renewals: (renewed: boolean) => [...alarmKeys.all, 'renewals', renewed] as const,
  receivers: () => [...alarmKeys.all, 'receivers'] as const,
  policies: () => [...alarmKeys.all, 'policies'] as const,
};
