// E2E global setup: build the PWA if stale (the same check as `npm start`), start the real
// server as a child process on a free port with a throwaway DATA_DIR (PGlite, demo data) and wait
// for /api/health; tear it all down afterwards. Tests read the address with inject('baseURL').
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/start.ts';
import { startServer, type StartedServer } from './server.ts';

declare module 'vitest' {
  interface ProvidedContext {
    baseURL: string;
    serverPid: number;
  }
}

let server: StartedServer | undefined;

export async function setup(project: TestProject) {
  ensureBuild();
  server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('serverPid', server.child.pid ?? 0);
}

export async function teardown() {
  await server?.stop();
}
