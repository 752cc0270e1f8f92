// Builds the Fastify app: external plugins, then app plugins (errors, auth, idempotency), then
// routes (fastify/demo order). `buildApp` is what tests call, on a fresh database each file.
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { loadConfig, type Config } from './platform/config.ts';
import { sweepAttempts } from './platform/auth/attempts.repository.ts';
import { migrate, openDatabase, underPrepareLock, type DbHandle } from './platform/db/database.ts';
import { registerErrors, errorBody } from './platform/http/errors.plugin.ts';
import { registerAuth } from './platform/auth/auth.plugin.ts';
import { registerAccessGuard } from './access/guard.ts';
import { accessRoutes } from './access/access.routes.ts';
import { frameworkError, registerInputGuard } from './platform/http/input-guard.plugin.ts';
import { registerIdempotency, purgeExpiredIdempotencyKeys } from './platform/http/idempotency.plugin.ts';
import { composeApp } from './composition.ts';
import { platformPlugin, slicePlugin } from './platform/http/slice-plugin.ts';
import { eventsRoutes } from './platform/events/events.routes.ts';
import { authRoutes } from './session/session.routes.ts';
import { tenancyRoutes } from './tenancy/tenancy.routes.ts';
import { referenceRoutes } from './tenancy/reference.routes.ts';
import { healthRoutes } from './platform/http/health.routes.ts';
import { resourcesRoutes } from './engine/resources.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { siteRoutes } from './platform/http/site.routes.ts';
import { approvalRoutes } from './approvals/approval.routes.ts';
import { resourceEngineRoutes } from './engine/kinds.routes.ts';
import { backupPlanRoutes } from './backup-plans/backup-plans.routes.ts';
import { gtmLogRoutes } from './engine/gtm-logs.routes.ts';
import { alarmRoutes } from './alarms/alarm.routes.ts';
import { deskRoutes } from './desk/desk.routes.ts';
import { accountRoutes } from './account/account.routes.ts';
import { signupRoutes } from './signup/signup.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { productDetails } from './portal/portal.service.ts';
import { seedDemo } from './seed/demo.seed.ts';
import { registerOperationLog } from './oplog/operation-log.plugin.ts';
import { operationLogRoutes } from './oplog/operation-log.routes.ts';
import { notifyRoutes } from './notifications/notify.routes.ts';
import { billRoutes } from './billing/bill.routes.ts';
import { invoiceRoutes } from './invoices/invoice.routes.ts';
import { orgRoutes } from './org/org.routes.ts';
import { keysRoutes } from './keys/keys.routes.ts';
import { bastionRoutes } from './bastion/bastion.routes.ts';
import { passkeyRoutes } from './keys/passkey.routes.ts';
import { dbConsoleRoutes } from './dbconsole/dbconsole.routes.ts';
import { dbBackupsRoutes } from './dbbackups/dbbackups.routes.ts';
import { backupCenterRoutes } from './backup-center/backup-center.routes.ts';
import { dbAdminRoutes } from './dbadmin/dbadmin.routes.ts';
import { dataProtectRoutes } from './dataprotect/dataprotect.routes.ts';
import { protectRoutes } from './dataprotect/protect.routes.ts';
import { dtsRoutes } from './dts/dts.routes.ts';
import { dbSyncRoutes } from './dbsync/dbsync.routes.ts';
import { icpRoutes } from './icp/icp.routes.ts';
import { securityScanRoutes } from './security-scan/security-scan.routes.ts';
import { serviceCatalogueRoutes } from './service-catalogue/service-catalogue.routes.ts';
import { dashboardsRoutes } from './dashboards/dashboards.routes.ts';
import { stacksRoutes } from './stacks/stacks.routes.ts';
import { assistantRoutes } from './assistant/assistant.routes.ts';
import { ossRoutes } from './oss/oss.routes.ts';
import { hostConsoleRoutes } from './host-console/host-console.routes.ts';
import { assetImportRoutes } from './assets/asset-import.routes.ts';
import { openSecretBox } from './platform/lib/secret-box.ts';
import { forgetListCounts } from './platform/lib/list.ts';
import { registerSiteHostRule } from './platform/http/site-host.plugin.ts';
import type { AppContext } from './composition.ts';
import { pickLanguage, type Language } from '../domain/errors.ts';
import { logRedaction } from './platform/lib/log-redaction.ts';

export interface BuildOptions {
  config?: Partial<Config>;
  /** an open database; else one is opened from config (PGlite in dataDir or DATABASE_URL) */
  handle?: DbHandle;
  /** seed the demo data when the database is empty (default: config.seed === 'demo') */
  seed?: boolean;
  logger?: boolean | object;
  serveStatic?: boolean;
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance & { ctx: AppContext }> {
  const config = loadConfig(opts.config);
  const handle = opts.handle ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  // Under a lock on PostgreSQL: processes started at once on an empty database take turns.
  const secrets = await underPrepareLock(handle, async () => {
    await migrate(handle.db);
    const box = await openSecretBox(handle.db, config.secretKey);
    if (opts.seed ?? config.seed === 'demo') await seedDemo(handle.db, box);
    return box;
  });

  const app = Fastify(fastifyOptions(config, opts.logger));
  if (config.requestLog !== 'all') logFailedAndSlowRequests(app);

  // Every route as registered (before any plugin, so routes of nested plugins are seen too):
  // the not-found handler answers 405 for an /api path that exists for another method.
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, pattern: routePattern(route.url) });
  });
  ROUTE_TABLES.set(app, routes);

  // The composition root: every repository and service, built once (composition.ts).
  const ctx: AppContext = composeApp(app, { config, handle, secrets });

  await registerTransport(app, config);
  await registerAppPlugins(app, ctx);
  await registerRoutes(app, ctx);
  registerStaticAndFallback(app, (opts.serveStatic ?? true) ? config.distDir : null, routes, (id, lang) => productDetails(ctx.db, id, lang));
  const purge = startPurges(app, ctx);

  app.addHook('onClose', async () => {
    clearInterval(purge);
    forgetListCounts();
    if (!opts.handle) await handle.close();
  });

  return Object.assign(app, { ctx }) as unknown as FastifyInstance & { ctx: AppContext };
}

function fastifyOptions(config: Config, logger: BuildOptions['logger']) {
  return {
    // With a certificate: HTTPS, HTTP/2 for browsers (every first-screen file over one connection
    // instead of six; ADR 0040) and HTTP/1.1 for clients that do not offer it. Typed as the HTTP/1.1
    // server: routes use only what both share (Node's HTTP/2 compatibility API).
    ...((config.tls
      ? { http2: true, https: { allowHTTP1: true, cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } }
      : {}) as object),
    // A plugin's start (the database, the event listener) may take more than Fastify's default 10 s on
    // a loaded machine (a CI run on 2 busy cores failed so); a start that hangs still fails after 2 min.
    pluginTimeout: 120_000,
    // Redaction always applies; a caller's logger options (a test's stream) are merged over it.
    logger: logger === false ? false : { level: config.logLevel, ...logRedaction, ...(typeof logger === 'object' ? logger : {}) },
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies nearest to us (what Fastify does for a number; its types lack it).
    trustProxy: typeof config.trustProxy === 'number' ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A malformed %-escape in the path and other errors raised before routing: the catalogue's answer.
    frameworkErrors: frameworkError,
    // REQUEST_LOG=errors (default): one line per failed or slow request instead of two per request.
    logController: new LogController({ disableRequestLogging: config.requestLog !== 'all' }),
    // S3_HOST: the S3-compatible API answers at that host's root too (ADR 0063 addendum).
    ...(config.s3Host ? { rewriteUrl: s3HostRewrite(config.s3Host) } : {}),
  };
}

/** Requests to the S3 API's own host name go to /s3 (the client signed the path it sent: oss/s3.routes.ts verifies that one). */
function s3HostRewrite(s3Host: string) {
  return (req: { url?: string; headers: Record<string, string | string[] | undefined> }): string => {
    const url = req.url ?? '/';
    const host = String(req.headers.host ?? '').toLowerCase();
    return host === s3Host || host.replace(/:\d+$/, '') === s3Host ? `/s3${url}` : url;
  };
}

/** REQUEST_LOG=errors: one line per failed or slow (≥ 1 s) request. */
function logFailedAndSlowRequests(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 400 || ms >= 1000) req.log.info({ req, res: reply, responseTime: ms }, 'request completed');
    else if (req.log.level === 'debug' || req.log.level === 'trace') req.log.debug({ req, res: reply, responseTime: ms }, 'request completed');
    done();
  });
}

/** Security headers, compression and the rate limit: what every answer passes through. */
async function registerTransport(app: FastifyInstance, config: Config) {
  // Security headers (helmet). The middleware is built once: @fastify/helmet built it again on every
  // request, re-parsing the CSP directives (~4% of the list's CPU under load, issue 10).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline style attributes; no inline <style>/<script> of our own.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every header it sets is the same for every request (static directives, no nonce): they are
  // recorded once and set per request, without running its thirteen middlewares each time (ADR 0050).
  const headers = staticHeadersOf(securityHeaders);
  // The API answers data, never a document: the headers that only a document reads (the page's
  // script policy, COOP, DNS prefetch, IE's download and XSS switches, Flash's policy file) are left
  // off its answers for OWASP's API set — nothing may load from or frame it, no sniffing, no
  // referrer, no caching (ADR 0050 addendum). Its one document (the portal's template frame) sets its own policy.
  const apiHeaders: [string, string][] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'self'"],
    ...headers.filter(([name]) => API_SECURITY_HEADERS.has(name.toLowerCase())),
    ['cache-control', 'no-store'],
  ];
  app.addHook('onRequest', (req, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of req.url.startsWith('/api/') ? apiHeaders : headers) raw.setHeader(name, value);
    raw.setHeader('x-request-id', req.id);
    done();
  });
  // Answers made per request (the API's JSON) are compressed at the codecs' fastest levels, in one
  // synchronous call up to 64 KB: Brotli at quality 4 through a stream per response cost 20-25%
  // of the list's throughput (issue 10, ADR 0015). Brotli 0 (its one-pass compressor) takes a
  // third less time than Brotli 1 and gzip 1 on a list page for ~7% more bytes (ADR 0050).
  // The build's assets are pre-compressed (Brotli 11) and served as they are. Brotli's window is
  // 64 KB (not 4 MB): as large as any answer compressed in one call, and each call allocates it.
  // A request without a body (GET, HEAD, OPTIONS) has nothing to decompress: its routes skip the
  // plugin's request-decompression hook (set before the plugin reads the route).
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && ![route.method].flat().some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(String(m).toUpperCase())))
      route.decompress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip', 'deflate'],
    zlibOptions: { level: 1 },
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 0,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
      },
    },
  });
  const redisStore = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(redisStore ? { redis: redisStore, nameSpace: 'yunshu-rl-' } : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
    // Limits by who, not where: a signed-in call counts against its user (the auth hook has run, on
    // onRequest, before this route-level hook), so one office behind a NAT does not share a bucket;
    // an anonymous call counts against its client IP (trusted proxy hops only, see config.trustProxy).
    keyGenerator: (req) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
    errorResponseBuilder: (req, context) => ({
      statusCode: 429,
      ...errorBody(pickLanguage(req.headers['accept-language']), 429, 'too_many_requests'),
      ttl: context.ttl,
    }),
  });
  if (redisStore)
    app.addHook('onClose', async () => {
      redisStore.disconnect();
    });
}

/** Helmet's headers that an API answer keeps (its CSP is replaced by the API's own). */
const API_SECURITY_HEADERS = new Set([
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]);

/** The headers a request-independent middleware sets, recorded on a stand-in response (it must neither read the request nor fail). */
function staticHeadersOf(middleware: (req: never, res: never, next: (err?: unknown) => void) => void): [string, string][] {
  const headers: [string, string][] = [];
  let failed: unknown;
  const res = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    // Nothing sets X-Powered-By here (helmet removes it for Express).
    removeHeader: () => undefined,
  };
  const request = new Proxy({}, { get: () => fail('the security headers read the request') });
  middleware(request as never, res as never, (err) => (failed = err));
  if (failed) throw failed;
  return headers;
}

const fail = (message: string): never => {
  throw new Error(message);
};

/** The platform's plugins, in order: errors, input guard, auth, access guard, idempotency, operation log. */
async function registerAppPlugins(app: FastifyInstance, ctx: AppContext) {
  const config = ctx.config;
  await app.register(platformPlugin('yunshu-errors', registerErrors));
  await app.register(platformPlugin('yunshu-input-guard', registerInputGuard, ['yunshu-errors']));
  await registerSiteHostRule(app);
  await app.register(platformPlugin('yunshu-auth', (a) => registerAuth(a, ctx.users, ctx.signer), ['yunshu-errors']));
  // Every API route's declared permission, checked once before its handler (access/guard.ts).
  // Destructive routes (config.stepUp) also need a fresh step-up proof there (ADR 0029).
  const stepUp = { enabled: config.stepUpDestructive, hasProof: (userId: string, token: string | undefined) => ctx.passkeys.hasProof(userId, token) };
  await app.register(platformPlugin('yunshu-access-guard', (a) => registerAccessGuard(a, stepUp), ['yunshu-auth']));
  await app.register(platformPlugin('yunshu-idempotency', (a) => registerIdempotency(a, ctx.db, { leaseMs: config.idempotencyLeaseMs }), ['yunshu-auth']));
  // Every signed-in write leaves a line in the operation log (after idempotency: replays do not).
  await app.register(platformPlugin('yunshu-oplog', (a) => registerOperationLog(a, ctx.db), ['yunshu-idempotency']));
}

/** The slices, each a named plugin behind the platform's pipeline, handed the root's services (one line each). */
async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(slicePlugin('health', healthRoutes), ctx);
  await app.register(slicePlugin('session', authRoutes), ctx);
  await app.register(slicePlugin('tenancy', tenancyRoutes), ctx);
  await app.register(slicePlugin('reference', referenceRoutes), ctx);
  await app.register(slicePlugin('resources', resourcesRoutes), ctx);
  await app.register(slicePlugin('site', siteRoutes), ctx);
  await app.register(slicePlugin('catalogue', catalogueRoutes), ctx);
  // ── more slices register here (one line each) ──
  await app.register(slicePlugin('approvals', approvalRoutes), ctx);
  await app.register(slicePlugin('engine', resourceEngineRoutes), ctx);
  await app.register(slicePlugin('events', eventsRoutes), ctx);
  await app.register(slicePlugin('backup-plans', backupPlanRoutes), ctx);
  await app.register(slicePlugin('gtm-logs', gtmLogRoutes), ctx);
  await app.register(slicePlugin('alarms', alarmRoutes), ctx);
  await app.register(slicePlugin('operation-log', operationLogRoutes), ctx);
  await app.register(slicePlugin('notifications', notifyRoutes), ctx);
  await app.register(slicePlugin('desk', deskRoutes), ctx);
  await app.register(slicePlugin('account', accountRoutes), ctx);
  await app.register(slicePlugin('signup', signupRoutes), ctx);
  await app.register(slicePlugin('portal', portalRoutes), ctx);
  await app.register(slicePlugin('billing', billRoutes), ctx);
  await app.register(slicePlugin('invoices', invoiceRoutes), ctx);
  await app.register(slicePlugin('org', orgRoutes), ctx);
  await app.register(slicePlugin('keys', keysRoutes), ctx);
  await app.register(slicePlugin('bastion', bastionRoutes), ctx);
  await app.register(slicePlugin('passkeys', passkeyRoutes), ctx);
  await app.register(slicePlugin('dbconsole', dbConsoleRoutes), ctx);
  await app.register(slicePlugin('dbbackups', dbBackupsRoutes), ctx);
  await app.register(slicePlugin('backup-center', backupCenterRoutes), ctx);
  await app.register(slicePlugin('dbadmin', dbAdminRoutes), ctx);
  await app.register(slicePlugin('dataprotect', dataProtectRoutes), ctx);
  await app.register(slicePlugin('protect', protectRoutes), ctx);
  await app.register(slicePlugin('dts', dtsRoutes), ctx);
  await app.register(slicePlugin('dbsync', dbSyncRoutes), ctx);
  await app.register(slicePlugin('icp', icpRoutes), ctx);
  await app.register(slicePlugin('security-scan', securityScanRoutes), ctx);
  await app.register(slicePlugin('service-catalogue', serviceCatalogueRoutes), ctx);
  await app.register(slicePlugin('dashboards', dashboardsRoutes), ctx);
  await app.register(slicePlugin('stacks', stacksRoutes), ctx);
  await app.register(slicePlugin('assistant', assistantRoutes), ctx);
  await app.register(slicePlugin('oss', ossRoutes), ctx);
  await app.register(slicePlugin('host-console', hostConsoleRoutes), ctx);
  await app.register(slicePlugin('asset-import', assetImportRoutes), ctx);
  await app.register(slicePlugin('access', accessRoutes), ctx);
}

/** Hourly purges of what has expired (idempotency keys, sessions, stream tickets, attempt counters). */
function startPurges(app: FastifyInstance, ctx: AppContext): NodeJS.Timeout {
  const config = ctx.config;
  const purge = setInterval(() => {
    purgeExpiredIdempotencyKeys(ctx.db).catch((err) => app.log.warn({ err }, 'idempotency purge failed'));
    ctx.users.deleteExpiredSessions().catch((err) => app.log.warn({ err }, 'session purge failed'));
    ctx.users.deleteExpiredStreamTickets().catch((err) => app.log.warn({ err }, 'stream ticket purge failed'));
    // Attempt counters outlive their windows only as long as a trusted sign-in source is remembered.
    sweepAttempts(ctx.db, (config.loginTrustedDays + 1) * 24 * 3600_000).catch((err) => app.log.warn({ err }, 'attempt counter purge failed'));
  }, 3600_000);
  purge.unref();
  return purge;
}

export interface RouteEntry {
  method: string;
  url: string;
  pattern: RegExp;
}
const ROUTE_TABLES = new WeakMap<FastifyInstance, RouteEntry[]>();

/** The routes registered on an app built by `buildApp` (tests enumerate the API from it). */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return ROUTE_TABLES.get(app) ?? [];
}

/** A route URL (`/api/tenants/:id/x`, `/*`) as a regular expression over concrete paths. */
function routePattern(url: string): RegExp {
  const body = url
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * The built PWA: hashed assets cached for a year, index.html / sw.js / manifest never cached,
 * client routes fall back to index.html; unknown /api paths stay JSON 404s.
 */
function registerStaticAndFallback(
  app: FastifyInstance,
  distDir: string | null,
  routes: readonly RouteEntry[],
  landingData: (productId: string, lang: Language) => Promise<unknown>,
) {
  const indexPath = distDir ? path.join(distDir, 'index.html') : null;
  const hasIndex = indexPath !== null && fs.existsSync(indexPath);
  if (distDir && !hasIndex) app.log.warn({ distDir }, 'no built PWA found; run `npm run build` (npm start does it for you)');
  if (hasIndex)
    app.register(fastifyStatic, {
      root: distDir!,
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each asset (vite.config.ts precompress()).
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(distDir!, filePath);
        const value = rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
        // @fastify/static 10 passes the Fastify reply; older majors passed the raw ServerResponse.
        const target = res as unknown as { header?: (name: string, value: string) => unknown; setHeader?: (name: string, value: string) => unknown };
        if (typeof target.header === 'function') target.header('cache-control', value);
        else target.setHeader?.('cache-control', value);
      },
    });
  // The app's root is a directory to @fastify/static (403 with index: false): answer the page.
  // index.html is small and rebuilt in place: read it per request as a buffer (a stream here once
  // met the compress/onSend hooks as an invalid payload).
  // A page whose first screen the build knows has its own copy, pages/<path>.html (index.html plus
  // preloads of its chunks, vite.config.ts firstScreenPages, ADR 0033); every other path gets index.html.
  const pageFile = (url: string): string | null => {
    if (!/^\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/.test(url)) return null;
    const file = path.join(distDir!, 'pages', `${url.slice(1)}.html`);
    return fs.existsSync(file) ? file : null;
  };
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, url = '/') => {
    const file = pageFile(url);
    const html = await fs.promises.readFile(file ?? indexPath!);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .type('text/html; charset=utf-8')
      .send(file ? await withLandingData(html, pickLanguage(req.headers['accept-language'])) : html);
  };
  // A landing page's HTML names its data (<meta name="ys-early-get">, ADR 0033): the answer goes into
  // the page as a JSON data block in the request's language, so the page renders whole on its first
  // render instead of waiting for a request its scripts start (ADR 0033 addendum). A data block is not
  // run (the CSP allows no inline script anyway); `<` is escaped so no text in it can close the element.
  const withLandingData = async (html: Buffer, lang: Language): Promise<Buffer | string> => {
    const text = html.toString('utf8');
    const m = /<meta name="ys-early-get" content="auto_product_details\/([A-Za-z0-9_-]+)">/.exec(text);
    if (!m) return html;
    const data = await landingData(m[1]!, lang).catch(() => null);
    if (!data) return html;
    const json = JSON.stringify(data)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
    const block = `<script type="application/json" data-ys-early="auto_product_details/${m[1]}" data-lang="${lang}">${json}</script>`;
    return text.replace(m[0], () => `${m[0]}\n    ${block}`);
  };
  if (hasIndex) app.get('/', (req, reply) => sendIndex(req, reply));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage =
      hasIndex &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/assets/') &&
      !path.extname(url);
    if (wantsPage) {
      reply.header('cache-control', 'no-cache');
      return sendIndex(req, reply, url.replace(/\/+$/, '') || '/');
    }
    const lang = pickLanguage(req.headers['accept-language']);
    if (url.startsWith('/api/')) {
      const allowed = [...new Set(routes.filter((r) => r.url.startsWith('/api/') && r.pattern.test(url)).map((r) => r.method))];
      if (allowed.length && !allowed.includes(req.method)) {
        if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD');
        return reply.status(405).header('allow', allowed.sort().join(', ')).send(errorBody(lang, 405));
      }
    }
    return reply.status(404).send(errorBody(lang, 404, 'api_not_found', { method: req.method, path: url }));
  });
}
