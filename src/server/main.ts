// Starts Yunshu: database (PGlite in DATA_DIR, or DATABASE_URL), migrations, demo data, server.
import { buildApp } from './app.ts';

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
app.log.info(`云枢 Yunshu is serving http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (${app.ctx.handle.kind})`);
