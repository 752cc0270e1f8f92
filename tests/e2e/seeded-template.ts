// A seeded PGlite data directory made once and copied for every server the browser tests start
// (the e2e shards' servers and the files that start one of their own). Migrating and seeding the demo
// costs each start ~12 s of CPU on a quiet machine and minutes on a loaded one; a copy takes a moment.
// The template is made by the product's own start (`src/server/main.ts` with DATA_DIR, stopped once
// healthy), so a copy holds exactly what a fresh start would have made. It is keyed by the server's
// and domain's sources and the day (the demo's dates are relative to today): a change to a migration or
// a seed makes a new one. Several processes may ask at once: one makes it under a lock directory, the
// others wait for it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** A lock older than this was left by a process that died; the next one takes over. */
const STALE_LOCK_MS = 10 * 60_000;

function sourcesKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ts|json)$/.test(entry.name)) hash.update(p.slice(root.length)).update(fs.readFileSync(p));
    }
  };
  for (const dir of ['src/server', 'src/domain', 'locales']) walk(path.join(root, dir));
  hash.update(new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The path of a seeded data directory for this tree and day, made with `make(dir)` (which starts the
 * server on `dir` and stops it) when no process has made it yet.
 */
export async function seededTemplate(make: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(os.tmpdir(), `yunshu-e2e-seeded-${sourcesKey()}`);
  const ready = path.join(dir, '.ready');
  const lock = `${dir}.lock`;
  for (;;) {
    if (fs.existsSync(ready)) return dir;
    try {
      fs.mkdirSync(lock);
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      if (fs.existsSync(ready)) return dir;
      const building = `${dir}.building-${process.pid}`;
      fs.rmSync(building, { recursive: true, force: true });
      fs.mkdirSync(building, { recursive: true });
      await make(building);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(building, dir);
      fs.writeFileSync(ready, new Date().toISOString());
      return dir;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A fresh copy of the template for one server (the caller removes it). */
export function copyOf(template: string, into: string): void {
  fs.cpSync(template, into, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });
}
