// `npm test`: lint, typecheck, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), then the browser tests. Stops at the first failing step and says which; ends with one
// summary line. `npm test -- api e2e` runs only the named steps.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (p: string) => path.join(root, 'node_modules', p);
const pg = Boolean(process.env.TEST_DATABASE_URL);

interface Step {
  name: string;
  what: string;
  args: string[];
  /** the static checks run side by side (the machine has 2 cores; together ~1 min less than one after another) */
  together?: boolean;
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
  {
    name: 'vitest',
    what: `unit + API tests on PGlite${pg ? ' and PostgreSQL' : ' (TEST_DATABASE_URL unset: PostgreSQL run skipped)'}`,
    args: [bin('vitest/vitest.mjs'), 'run', '--project', 'unit', '--project', 'api', ...(pg ? ['--project', 'api-pg'] : [])],
  },
  { name: 'e2e', what: 'browser tests (built PWA, real server, /usr/bin/chromium)', args: [bin('vitest/vitest.mjs'), 'run', '--project', 'e2e'] },
];

// `npm test -- api` is shorthand for the vitest step.
const ALIASES: Record<string, string> = { unit: 'vitest', api: 'vitest', eslint: 'lint', tsc: 'typecheck', types: 'typecheck', prettier: 'format' };
const wanted = process.argv.slice(2).map((a) => ALIASES[a] ?? a);
const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
if (unknown.length) {
  console.error(`npm test: unknown step ${unknown.join(', ')}; steps are ${STEPS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

const fmt = (ms: number) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`;

/** Runs a step; with `buffered` its output is collected and printed in one piece when it ends. */
function run(step: Step, buffered = false): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(node, step.args, {
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
      if (buffered && out.length) process.stdout.write(Buffer.concat(out));
      resolve(code ?? (signal ? 128 : 1));
    });
  });
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
