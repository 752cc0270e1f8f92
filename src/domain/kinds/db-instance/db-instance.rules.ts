// Managed database instances (seed 001 §5 "Databases"): the engines, their versions and ports,
// the flavors, the disk minimums and the instance-name rule. Plain data and pure checks (no zod),
// shared by the schema, the server's SQL console and the web.

/** Every engine a managed instance may run; the SQL console serves those of SQL_CONSOLE_ENGINES. */
export const DB_ENGINES = ['mysql', 'postgresql', 'oracle', 'mongodb', 'redis'] as const;
export type DbEngine = (typeof DB_ENGINES)[number];

/** Engines whose instances the SQL console reaches today (a real server of that dialect behind them). */
export const SQL_CONSOLE_ENGINES: readonly DbEngine[] = ['mysql', 'postgresql'];

export const DB_VERSIONS: Readonly<Record<DbEngine, readonly string[]>> = {
  mysql: ['5.7', '8.0'],
  postgresql: ['12', '14', '16'],
  oracle: ['11g', '19c'],
  mongodb: ['4.4', '6.0'],
  redis: ['6.2', '7.0'],
};

export const DB_DEFAULT_PORTS: Readonly<Record<DbEngine, number>> = {
  mysql: 3306,
  postgresql: 5432,
  oracle: 1521,
  mongodb: 27017,
  redis: 6379,
};

export const DB_FLAVORS = ['2c4g', '4c8g', '8c16g', '16c32g'] as const;
const FLAVOR_SIZES: Readonly<Record<(typeof DB_FLAVORS)[number], { cpu: number; memory: number }>> = {
  '2c4g': { cpu: 2, memory: 4 },
  '4c8g': { cpu: 4, memory: 8 },
  '8c16g': { cpu: 8, memory: 16 },
  '16c32g': { cpu: 16, memory: 32 },
};

export const DB_CHARSETS = ['utf8mb4', 'utf8', 'gbk', 'latin1'] as const;

/** Seed 001 §5: data disk at least 70 GB, archive disk at least 30 GB. */
export const DB_MIN_DATA_DISK_GB = 70;
export const DB_MIN_ARCHIVE_DISK_GB = 30;
export const DB_MAX_DISK_GB = 32768;

/** Instance name: a lowercase letter first, then lowercase letters and digits; at most 128 (Oracle 8). */
export const DB_INSTANCE_NAME = /^[a-z][a-z0-9]*$/;
export const dbInstanceNameMax = (engine: string): number => (engine === 'oracle' ? 8 : 128);

/** cpu and memory (GB) of a flavor; empty for an unknown one. */
export function dbFlavorSizes(flavor: unknown): { cpu?: number; memory?: number } {
  return typeof flavor === 'string' && Object.hasOwn(FLAVOR_SIZES, flavor) ? FLAVOR_SIZES[flavor as keyof typeof FLAVOR_SIZES] : {};
}

export const isSqlConsoleEngine = (engine: unknown): engine is DbEngine => SQL_CONSOLE_ENGINES.includes(engine as DbEngine);

/** The engine's newest version we offer: what a purchase that names none gets (undefined for an unknown engine). */
export const dbDefaultVersion = (engine: unknown): string | undefined =>
  typeof engine === 'string' && Object.hasOwn(DB_VERSIONS, engine) ? DB_VERSIONS[engine as DbEngine].at(-1) : undefined;

/** The engine's usual port (undefined for an unknown engine). */
export const dbDefaultPort = (engine: unknown): number | undefined =>
  typeof engine === 'string' && Object.hasOwn(DB_DEFAULT_PORTS, engine) ? DB_DEFAULT_PORTS[engine as DbEngine] : undefined;

/** What the SQL console answers a statement with (POST /api/v1/dbinstances/:id/sql), server and web alike. */
export interface SqlConsoleAnswer {
  columns: string[];
  rows: unknown[][];
  /** rows returned (at most `limit`), or rows changed by a statement that returns none */
  row_count: number;
  truncated: boolean;
  elapsed_ms: number;
  limit: number;
}

/** A statement of an instance's SQL history (GET /api/v1/dbinstances/:id/sql/history). */
export interface SqlHistoryEntry {
  id: string;
  statement: string;
  readonly: boolean;
  ok: boolean;
  row_count: number;
  elapsed_ms: number;
  error: string | null;
  created_at: string;
}
