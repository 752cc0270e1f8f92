// Starts the real server (`src/server/main.ts`) as a child process on a free port and waits for
// /api/health. Shared by the E2E global setup and the benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
import { copyOf, seededTemplate } from './seeded-template.ts';

const root = path.resolve(import.meta.dirname, '../..');

export function nodeBinary(): string {
  // The pinned Node 24 runs TypeScript natively; the system Node may be older.
  const pinned = path.join(root, 'node_modules', '.bin', 'node');
  return fs.existsSync(pinned) ? pinned : process.execPath;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The status of GET `url`; over HTTPS trusting `ca` (a test's own certificate). */
function statusOf(url: string, ca?: string): Promise<number> {
  if (!ca) return fetch(url).then((res) => res.status);
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

export async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs = 90_000, ca?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was healthy`);
    try {
      const status = await statusOf(`${baseURL}/api/health`, ca);
      if (status === 200) return;
      lastError = `HTTP ${status}`;
    } catch (err) {
      lastError = String((err as Error).message);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms (${lastError})`);
}

export interface StartedServer {
  baseURL: string;
  child: ChildProcess;
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
}

/** Extra flags for the server's node (a bench profiling it: `SERVER_PROFILE_DIR=/tmp/prof` writes a CPU profile per process there; with SERVER_PROFILE=heap an allocation profile). */
export function profileFlags(): string[] {
  const dir = process.env.SERVER_PROFILE_DIR;
  if (!dir) return [];
  // SERVER_PROFILE=heap: an allocation-sampling profile instead.
  return process.env.SERVER_PROFILE === 'heap' ? ['--heap-prof', `--heap-prof-dir=${dir}`] : ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

/**
 * Starts `src/server/main.ts` with the given environment on a free port (HTTPS when it names TLS_CERT and TLS_KEY).
 * In the test runs (vitest), a server with the demo on a throwaway PGlite directory starts from a copy of
 * a seeded template (seeded-template.ts) instead of migrating and seeding its own; the bench starts
 * its servers as a deployment does.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<StartedServer> {
  // A throwaway DATA_DIR unless the caller brings one (then the caller owns it).
  const ownDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-e2e-'));
  const fromTemplate =
    ownDir &&
    process.env.VITEST !== undefined &&
    (env.SEED ?? 'demo') === 'demo' &&
    !('DATABASE_URL' in env && env.DATABASE_URL) &&
    !(env.SECRET_KEY ?? process.env.SECRET_KEY);
  if (fromTemplate) {
    const template = await seededTemplate(async (dir) => {
      // Seeding on a loaded machine took minutes (2026-11-29: 239 s at a load of 23).
      const maker = await spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'warn' }, dir, false, 600_000);
      await maker.stop();
    });
    copyOf(template, dataDir);
  }
  return spawnServer(env, dataDir, ownDir);
}

async function spawnServer(env: Record<string, string | undefined>, dataDir: string, ownDir: boolean, healthMs?: number): Promise<StartedServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    CLOUD_SIM_DELAY_MS: '300',
    // Browser flows follow one path each; the simulator's failures are covered by the API tests.
    CLOUD_SIM_FAILURE_RATE: '0',
    ...env,
  };
  if (env.DATABASE_URL === undefined) delete childEnv.DATABASE_URL;
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const child = spawn(nodeBinary(), [...SERVER_NODE_FLAGS, ...profileFlags(), path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const ca = env.TLS_CERT ? fs.readFileSync(env.TLS_CERT, 'utf8') : undefined;
  const baseURL = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, healthMs, ca);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseURL, child, dataDir, log: () => output, stop };
}
