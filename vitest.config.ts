import { defineConfig } from 'vitest/config';

// API tests run on in-memory PGlite; with TEST_DATABASE_URL set they run a second time on
// PostgreSQL (project `api-pg`), each test file in a database of its own.
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
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
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'api-pg',
                include: ['tests/api/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['tests/api/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DB: 'postgres' },
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
