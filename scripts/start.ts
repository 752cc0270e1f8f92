// `npm start`: builds the PWA when dist/ is missing or older than its sources, then serves Yunshu.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));
const stamp = path.join(distDir, '.build-stamp');
const SOURCES = ['src/web', 'src/domain', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(distDir, 'index.html'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export function ensureBuild(): void {
  if (!buildIsStale()) return;
  console.log('[yunshu] building the PWA (dist/ is missing or stale)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always a production build: under vitest (the E2E global setup) NODE_ENV is 'test', and vite
  // would then bundle React's development build (three times the size, and slow).
  const env = { ...process.env, NODE_ENV: 'production' };
  const res = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error('[yunshu] the PWA build failed');
    process.exit(res.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.main) {
  ensureBuild();
  await import('../src/server/main.ts');
}
