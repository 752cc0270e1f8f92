// API global setup: migrate and seed the demo data ONCE per run, then let every test file's build()
// start from a copy instead of migrating and seeding its own (PGlite start-up + migrations + the
// demo seed's password hashing cost ~4–5 s of CPU per file, a copy ~0.7 s). PGlite: a dump of the
// seeded data directory in a temp file (`new PGlite({ loadDataDir })`); PostgreSQL: a template
// database (`create database … template …`). The copy is exactly what build() would have made,
// seeded a few minutes earlier; files that need their own start (no seed, another secret key) still
// migrate and seed themselves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../../src/server/platform/db/database.ts';
import { openSecretBox } from '../../src/server/platform/lib/secret-box.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { seedDemo } from '../../src/server/seed/demo.seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: path of the seeded data-directory dump; PostgreSQL: name of the template database */
    seededTemplate: string;
  }
}

let cleanup: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  if (onPostgres) {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `yunshu_tmpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    await migrate(handle.db);
    await seedDemo(handle.db, await openSecretBox(handle.db, loadConfig().secretKey));
    await handle.close();
    project.provide('seededTemplate', name);
    cleanup = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const handle = await openDatabase({ memory: true });
    await migrate(handle.db);
    await seedDemo(handle.db, await openSecretBox(handle.db, loadConfig().secretKey));
    const dump = await handle.pglite!.dumpDataDir();
    await handle.close();
    const file = path.join(os.tmpdir(), `yunshu-seeded-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('seededTemplate', file);
    cleanup = async () => fs.rmSync(file, { force: true });
  }
}

export async function teardown() {
  await cleanup?.();
}
