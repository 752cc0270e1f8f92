// Every environment variable Yunshu reads, with its default. The README lists the same set.
import os from 'node:os';
import path from 'node:path';

function flag(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
  return n;
}

/**
 * TRUST_PROXY: which hops in front of us may set X-Forwarded-For. A hop count (`1` = one load
 * balancer; `true` is read as 1) or a comma list of proxy addresses/CIDRs. Never "trust every hop":
 * then a client writes its own X-Forwarded-For and gets a fresh rate-limit bucket per request.
 */
function trustProxy(): false | number | string[] {
  const raw = (process.env.TRUST_PROXY ?? '').trim();
  if (raw === '' || ['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(raw.toLowerCase())) return 1;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.every((s) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(s) || ['loopback', 'linklocal', 'uniquelocal'].includes(s))) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma list of proxy addresses, got "${raw}"`);
  }
  return list;
}

function requestLog(): 'all' | 'errors' {
  const raw = (process.env.REQUEST_LOG ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'errors') return 'errors';
  if (raw === 'all') return 'all';
  throw new Error(`REQUEST_LOG must be all or errors, got "${raw}"`);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  logLevel: string;
  sessionTtlHours: number;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginLockMinutes: number;
  /** How long a client IP past LOGIN_IP_MAX_FAILURES failing accounts waits between sign-in attempts. */
  loginDelaySeconds: number;
  /** Client IPs failing on one account in the window that put it under attack: new sources then solve a captcha (ADR 0043). */
  loginAttackSources: number;
  /** How long a successful sign-in lets its IP skip the captcha of an account under attack. */
  loginTrustedDays: number;
  trustProxy: false | number | string[];
  /**
   * S3_HOST: a host name of the S3-compatible API (s3.example.com, or with its port): requests to it
   * are the API's at the root (path-style /<bucket>/<key>), as under /s3 on every host.
   */
  s3Host: string | null;
  cloudSimDelayMs: number;
  cloudSimFailureRate: number;
  /** run the alarm evaluator on the scheduler (ALARM_EVALUATION=off stops it: a process that only answers requests) */
  alarmEvaluation: boolean;
  redisUrl: string | undefined;
  supportPhone: string;
  supportEmail: string;
  distDir: string;
  rateLimitPerMinute: number;
  /** keep captcha answers readable (log and memory) for tests and development: CAPTCHA_DEV_INBOX */
  captchaDevInbox: boolean;
  /** Whether deleting hosts, disks and EIPs asks for an SMS code (the necessity answer, enforced by the server). */
  smsDeleteVerification: boolean;
  /** Whether destructive actions (deletes, destroy from the recycle bin) ask for a fresh step-up proof (ADR 0029). */
  stepUpDestructive: boolean;
  /** How long an in-flight Idempotency-Key stays with the process running it before a retry may take it over. */
  idempotencyLeaseMs: number;
  /**
   * How long a session/scope lookup may be answered from this process's memory (ADR 0015); 0 turns
   * the access cache off. Invalidation is by NOTIFY and this process's own writes; this is a bound.
   */
  accessCacheMs: number;
  /**
   * Which requests leave an info line (REQUEST_LOG): `all` — Fastify's two lines per request;
   * `errors` (default) — one line for an answer of 400 or more, or slower than a second; the rest
   * at debug. Logging every request cost 7–10% of the list's throughput (issue 10).
   */
  requestLog: 'all' | 'errors';
  /** Worker processes on PostgreSQL (WORKERS; default one per core). PGlite always runs one process. */
  workers: number;
  /** AES-256-GCM key for secret fields (32 bytes, hex or base64); unset: one generated into the database */
  secretKey: string | undefined;
  /** SMTP server for e-mail notifications (smtp://user:pass@host:port); unset: no e-mail */
  smtpUrl: string | undefined;
  /** absolute base of the links notifications carry (PUBLIC_URL); unset: http(s)://localhost:<port> */
  publicUrl: string | undefined;
  /** first retry delay of a failed notification delivery; doubles per attempt */
  /** a MySQL-compatible server for MySQL instances' databases (ADR 0054); unset: embedded */
  mysqlUrl?: string;
  /** where embedded instance databases live; null: in memory (tests) */
  sqlConsoleDir: string | null;
  /** the SQL console's statement time limit */
  sqlConsoleTimeoutMs: number;
  notifyRetryMs: number;
  /**
   * TLS_CERT and TLS_KEY, paths of a PEM certificate (chain) and its key: the server answers HTTPS,
   * HTTP/2 to browsers and HTTP/1.1 to older clients (ADR 0040). Unset: plain HTTP/1.1.
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** the assistant's optional model (ADR 0065): AI_BASE_URL, AI_API_KEY and AI_MODEL, all three or none */
  ai: { baseUrl: string; apiKey: string; model: string } | undefined;
}

function ai(): Config['ai'] {
  const [baseUrl, apiKey, model] = [process.env.AI_BASE_URL, process.env.AI_API_KEY, process.env.AI_MODEL].map((v) => v?.trim() || undefined);
  return baseUrl && apiKey && model ? { baseUrl, apiKey, model } : undefined;
}

function tls(): Config['tls'] {
  const certFile = process.env.TLS_CERT || undefined;
  const keyFile = process.env.TLS_KEY || undefined;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new Error('TLS_CERT and TLS_KEY go together: set both (PEM files) or neither');
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const seed = (process.env.SEED ?? 'demo') === 'none' ? 'none' : 'demo';
  return {
    port: num('PORT', 8080),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    seed,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    sessionTtlHours: num('SESSION_TTL_HOURS', 12),
    loginMaxFailures: num('LOGIN_MAX_FAILURES', 5),
    loginIpMaxFailures: num('LOGIN_IP_MAX_FAILURES', 20),
    loginLockMinutes: num('LOGIN_LOCK_MINUTES', 15),
    loginDelaySeconds: num('LOGIN_DELAY_SECONDS', 30),
    loginAttackSources: num('LOGIN_ATTACK_SOURCES', 3),
    loginTrustedDays: num('LOGIN_TRUSTED_DAYS', 30),
    trustProxy: trustProxy(),
    s3Host: process.env.S3_HOST?.trim().toLowerCase() || null,
    cloudSimDelayMs: num('CLOUD_SIM_DELAY_MS', 3000),
    cloudSimFailureRate: num('CLOUD_SIM_FAILURE_RATE', 0.02),
    alarmEvaluation: process.env.ALARM_EVALUATION !== 'off',
    redisUrl: process.env.REDIS_URL || undefined,
    supportPhone: process.env.SUPPORT_PHONE ?? '400-820-8820',
    supportEmail: process.env.SUPPORT_EMAIL ?? 'support@yunshu.example.cn',
    distDir: path.resolve(process.env.DIST_DIR ?? './dist'),
    rateLimitPerMinute: num('RATE_LIMIT_PER_MINUTE', 1200),
    captchaDevInbox: flag('CAPTCHA_DEV_INBOX', false),
    smsDeleteVerification: flag('SMS_DELETE_VERIFICATION', true),
    stepUpDestructive: flag('STEP_UP_DESTRUCTIVE', true),
    idempotencyLeaseMs: num('IDEMPOTENCY_LEASE_MS', 30_000),
    secretKey: process.env.SECRET_KEY || undefined,
    accessCacheMs: num('ACCESS_CACHE_MS', 30_000),
    requestLog: requestLog(),
    workers: Math.max(1, Math.floor(num('WORKERS', os.availableParallelism()))),
    smtpUrl: process.env.SMTP_URL || undefined,
    publicUrl: process.env.PUBLIC_URL || undefined,
    notifyRetryMs: num('NOTIFY_RETRY_MS', 30_000),
    mysqlUrl: process.env.MYSQL_URL || undefined,
    sqlConsoleDir: path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'dbconsole'),
    sqlConsoleTimeoutMs: num('SQL_CONSOLE_TIMEOUT_MS', 5000),
    tls: tls(),
    ai: ai(),
    ...overrides,
  };
}
