// Starts Yunshu: database (PGlite in DATA_DIR, or DATABASE_URL), migrations, demo data, server.
// On PostgreSQL it runs one worker process per core (WORKERS, node:cluster) behind one port: the
// primary prepares the database once (migrations, secret key, demo data), then forks the workers,
// replaces one that dies and passes SIGTERM/SIGINT on. PGlite holds its files in one process, so
// there it is always the single process below (ADR 0015).
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './platform/config.ts';
import { migrate, openDatabase, underPrepareLock } from './platform/db/database.ts';
import { openSecretBox } from './platform/lib/secret-box.ts';
import { seedDemo } from './seed/demo.seed.ts';

const config = loadConfig();
const workers = config.databaseUrl ? config.workers : 1;

if (workers > 1 && cluster.isPrimary) await runPrimary(workers);
else await runServer();

function servingAt(c: Config): string {
  return `${c.tls ? 'https' : 'http'}://${c.host === '0.0.0.0' ? 'localhost' : c.host}:${c.port}`;
}

async function runServer() {
  const app = await buildApp();
  const { port, host } = app.ctx.config;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port, host });
  if (cluster.isPrimary) app.log.info(`云枢 Yunshu is serving ${servingAt(app.ctx.config)} (${app.ctx.handle.kind})`);
}

async function runPrimary(count: number) {
  // Once, before any worker: several workers seeding an empty database at once would race (and
  // another server's primary on the same database waits on the same lock).
  const handle = await openDatabase({ url: config.databaseUrl });
  try {
    await underPrepareLock(handle, async () => {
      await migrate(handle.db);
      const secrets = await openSecretBox(handle.db, config.secretKey);
      if (config.seed === 'demo') await seedDemo(handle.db, secrets);
    });
  } finally {
    await handle.close();
  }

  let stopping = false;
  const crashes: number[] = [];
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === count) console.log(`云枢 Yunshu is serving ${servingAt(config)} (postgres, ${count} workers)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // A worker that dies is replaced; one that keeps dying stops the whole server (its supervisor decides).
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - 60_000) crashes.shift();
    console.error(
      `[yunshu] worker ${worker.process.pid} exited (${signal ?? code}); ${crashes.length > 5 ? 'too many in a minute, stopping' : 'starting another'}`,
    );
    if (crashes.length > 5) {
      stop('SIGTERM', 1);
      return;
    }
    cluster.fork();
  });

  function stop(signal: NodeJS.Signals, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    if (!alive.length) process.exit(exitCode);
    for (const w of alive) w.process.kill(signal);
    // Each worker has its own 10 s shutdown limit; this is the primary's.
    setTimeout(() => process.exit(exitCode || 1), 12_000).unref();
    if (exitCode) process.exitCode = exitCode;
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));

  for (let i = 0; i < count; i++) cluster.fork();
}
