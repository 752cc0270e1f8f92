// `npm test`: lint, format, typecheck, unit tests and the PWA build side by side; then the API tests
// (PGlite, and PostgreSQL for the files whose behaviour can differ there when TEST_DATABASE_URL is
// set; a worker per core); then the browser tests in shards, each with a server of its own (ADR 0042).
// Stops at the first failing step and says which; ends with each step's time.
// `npm test -- api e2e` runs only the named steps.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (p: string) => path.join(root, 'node_modules', p);
const pg = Boolean(process.env.TEST_DATABASE_URL);

interface Step {
  name: string;
  what: string;
  /** one command, or several run side by side (the e2e shards, each with a server of its own) */
  args: string[] | (() => string[][]);
  /** consecutive `together` steps start at once and print their output when each ends */
  together?: boolean;
}

const vitest = bin('vitest/vitest.mjs');
/** E2E shards, each a vitest process with its own server and Chromium (tests/e2e/global-setup.ts). */
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

/**
 * The e2e files split into E2E_SHARDS lists of about equal work: longest first onto the lightest
 * shard, with a file's size standing for its time (no duration table to keep up to date; the
 * journeys' length tracks their size). Files named on the command line after `--` are kept as given.
 */
function e2eShards(): string[][] {
  // A file that walks a table (every route, every screen) is short but long-running: it says so with
  // a first-lines comment `// e2e-weight: <n>` (n counts as n bytes of an ordinary journey).
  const weightOf = (file: string) => {
    const text = fs.readFileSync(file, 'utf8');
    // `// e2e-weight: <n> if <ENV>` counts only when that variable is set (the file skips itself otherwise).
    const declared = /^\/\/ e2e-weight: (\d+)(?: if (\w+))?$/m.exec(text.slice(0, 2000));
    if (!declared) return text.length;
    return !declared[2] || process.env[declared[2]] ? Number(declared[1]) : 1000;
  };
  const dir = path.join(root, 'tests/e2e');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => ({ file: `tests/e2e/${f}`, size: weightOf(path.join(dir, f)) }))
    .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  const shards = Array.from({ length: Math.min(E2E_SHARDS, files.length) }, () => ({ files: [] as string[], size: 0 }));
  for (const f of files) {
    const lightest = shards.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(f.file);
    lightest.size += f.size;
  }
  return shards.map((s) => [vitest, 'run', '--project', 'e2e', ...s.files]);
}

const STEPS: Step[] = [
  { name: 'lint', what: 'ESLint (layer boundaries, no barrels, no literal UI text)', args: [bin('eslint/bin/eslint.js'), '.'], together: true },
  {
    name: 'format',
    what: 'Prettier (the whole tree is formatted; `npm run format` fixes it)',
    args: [bin('prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'],
    together: true,
  },
  { name: 'typecheck', what: 'TypeScript (tsc --noEmit)', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], together: true },
  { name: 'unit', what: 'unit tests (domain, web, server parts without a database)', args: [vitest, 'run', '--project', 'unit'], together: true },
  {
    name: 'build',
    what: 'the PWA for the browser tests (vite build, skipped when dist/ is fresh)',
    args: ['--input-type=module', '-e', "const { ensureBuild } = await import('./scripts/start.ts'); ensureBuild();"],
    together: true,
  },
  {
    name: 'api',
    what: `API tests on PGlite${pg ? ' and PostgreSQL' : ' (TEST_DATABASE_URL unset: PostgreSQL run skipped)'}`,
    args: [vitest, 'run', '--project', 'api', ...(pg ? ['--project', 'api-pg'] : [])],
  },
  { name: 'e2e', what: `browser tests in ${E2E_SHARDS} shards (built PWA, a real server each, /usr/bin/chromium)`, args: e2eShards },
];

// `npm test -- api` is shorthand for the vitest step.
const ALIASES: Record<string, string> = { vitest: 'api', eslint: 'lint', tsc: 'typecheck', types: 'typecheck', prettier: 'format', vite: 'build' };
const wanted = process.argv.slice(2).map((a) => ALIASES[a] ?? a);
const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
if (unknown.length) {
  console.error(`npm test: unknown step ${unknown.join(', ')}; steps are ${STEPS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

const fmt = (ms: number) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`;

/** Runs one command; with `buffered` its output is collected and printed in one piece when it ends. */
function runOne(args: string[], buffered: boolean, label = ''): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(node, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (buffered && out.length) process.stdout.write(Buffer.concat([Buffer.from(label), ...out]));
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** Runs a step: its command, or its commands side by side (each printed whole when it ends). */
async function run(step: Step, buffered = false): Promise<number> {
  if (Array.isArray(step.args)) return runOne(step.args, buffered);
  const commands = step.args();
  const t0 = Date.now();
  const codes = await Promise.all(
    commands.map((args, k) =>
      runOne(args, commands.length > 1 || buffered, `\n── ${step.name} ${k + 1}/${commands.length}\n`).then((code) => {
        console.log(`── ${step.name} ${k + 1}/${commands.length}: ${code === 0 ? 'passed' : 'FAILED'} (${fmt(Date.now() - t0)})`);
        return code;
      }),
    ),
  );
  return codes.find((c) => c !== 0) ?? 0;
}

const started = Date.now();
const done: string[] = [];
const fail = (step: Step, code: number, took: number) => {
  console.error(`\n✗ npm test FAILED at step "${step.name}" (exit ${code}, ${fmt(took)}). Passed before it: ${done.join(', ') || 'none'}.`);
  console.error(`  Re-run just this step with: npm test -- ${step.name}`);
  process.exit(code);
};
let i = 0;
while (i < steps.length) {
  // Consecutive `together` steps start at once; each prints its header and output when it ends.
  let j = i;
  while (steps[i].together && j < steps.length && steps[j].together) j++;
  const group = j > i + 1 ? steps.slice(i, j) : [steps[i]];
  const t0 = Date.now();
  if (group.length === 1) console.log(`\n━━ [${i + 1}/${steps.length}] ${group[0].name}: ${group[0].what}`);
  const results = await Promise.all(
    group.map(async (step, k) => {
      const code = await run(step, group.length > 1).then((c) => {
        if (group.length > 1)
          console.log(`\n━━ [${i + k + 1}/${steps.length}] ${step.name}: ${step.what} — ${c === 0 ? 'passed' : 'FAILED'} (${fmt(Date.now() - t0)})`);
        return c;
      });
      return { step, code, took: Date.now() - t0 };
    }),
  );
  for (const r of results) {
    if (r.code !== 0) fail(r.step, r.code, r.took);
    done.push(`${r.step.name} ${fmt(r.took)}`);
  }
  i += group.length;
}
console.log(`\n✓ npm test passed: ${done.join(', ')} — total ${fmt(Date.now() - started)}${pg ? '' : ' (PostgreSQL API run skipped: set TEST_DATABASE_URL)'}`);
