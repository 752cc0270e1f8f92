import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API tests run on in-memory PGlite; with TEST_DATABASE_URL set the files whose behaviour can
// differ on a server database run a second time on PostgreSQL (project `api-pg`), each test file in
// a database of its own.
const pg = process.env.TEST_DATABASE_URL;

/**
 * The files that also run on PostgreSQL (ADR 0045). PGlite is PostgreSQL compiled to WebAssembly —
 * the same parser, planner and SQL — but one connection that runs one transaction at a time in one
 * process. So a file is listed when what it proves depends on what only a server gives: concurrent
 * transactions and their locks (FOR UPDATE, SKIP LOCKED, advisory locks, counters under parallel
 * requests), LISTEN/NOTIFY between connections or processes, several processes on one database
 * (crash, replay, start-up), the server's collation and settings, or the pg driver's types.
 * Add a file here when it proves one of those.
 */
export const POSTGRES_FILES = [
  'access-cache', // NOTIFY drops every process's cached sessions and scopes
  'alarms', // two evaluators claim one policy (SKIP LOCKED)
  'approvals-decisions', // two concurrent decisions, one wins
  'approvals-decision-batch', // one transaction per batch, row locks
  'attempt-limits', // parallel guesses of codes, captcha, passwords and signatures counted in one statement
  'dbadmin', // extensions installed into an instance's database on Yunshu's PostgreSQL (PGlite offers plpgsql alone)
  'dbaccounts', // instance accounts as roles granted on schemas of the instance's database (ADR 0055)
  'dbconsole', // instance databases and roles of their own on Yunshu's PostgreSQL (CREATEDB, CREATEROLE, grants)
  'errors', // the health check names the database kind; pg error codes mapped
  'event-stream', // LISTEN/NOTIFY fan-out
  'idempotency', // concurrent duplicates, leases on the database clock
  'idempotency-crash', // SIGKILL of one of two processes (PostgreSQL only)
  'idempotency-exactly-once', // the applied mark commits with the write, on the pg driver's connection
  'idempotency-lease',
  'kinds-cdn', // concurrent submissions against a daily limit
  'kinds-data-disks', // parallel attaches
  'list-counts', // counts of large scopes, planner on a server
  'notifications', // the scheduler's sends claimed with SKIP LOCKED
  'operation-logs', // export tasks claimed with SKIP LOCKED
  'paging', // keyset order under the server's collation
  'rate-limit',
  'sign-in-lockout', // parallel wrong guesses counted atomically
].map((f) => `tests/api/${f}.test.ts`);
// A renamed or removed file must not leave the PostgreSQL run silently smaller.
for (const f of POSTGRES_FILES)
  if (!fs.existsSync(new URL(f, import.meta.url))) throw new Error(`vitest.config.ts: POSTGRES_FILES names ${f}, which does not exist`);

/** A test file named on the command line runs on PostgreSQL too, listed or not (a developer checking a new file). */
const namedFiles = process.argv.some((a) => /\.test\.ts$/.test(a));

/** Test files at once: one per core (vitest's default leaves one core idle; the API files mostly wait on their database thread). */
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, os.availableParallelism()));

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB: 'pglite' },
          // Files share a worker's modules (the server is imported once per worker, not per file,
          // ~2 s of CPU each): the app keeps no module state between builds (ADR 0045).
          isolate: false,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'api-pg',
                include: namedFiles ? ['tests/api/**/*.test.ts'] : POSTGRES_FILES,
                environment: 'node',
                globalSetup: ['tests/api/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DB: 'postgres' },
                isolate: false,
              },
            },
          ]
        : []),
      // Browser tests against the real server (tests/e2e/global-setup.ts); one file at a time. One
      // retry absorbs a browser hiccup on a loaded 2-core machine; a test that fails twice fails the run
      // (each test builds its own data, so a retry starts clean).
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          retry: 1,
          // expect.poll gives up after 1 s by default: on a loaded 2-core machine a reload, a live update
          // or a language switch took longer (four CI failures on 2026-11-25). A poll still fails when
          // the page never gets there; it only waits longer for it.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
