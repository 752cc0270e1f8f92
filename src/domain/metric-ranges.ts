// The monitoring charts' ranges and their length in seconds (seed 001 §3 monitoring), zod-free so an
// alarm's chart does not load zod; resource.schema.ts builds the metrics query from them.
export const METRIC_RANGES = { '1h': 3600, '3h': 10800, '6h': 21600, '12h': 43200, '1d': 86400, '3d': 259200, '1w': 604800, '1m': 2592000 } as const;
