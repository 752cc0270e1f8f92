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
}

const STEPS: Step[] = [
  { name: 'lint', what: 'ESLint (layer boundaries, no barrels, no literal UI text)', args: [bin('eslint/bin/eslint.js'), '.'] },
  {
    name: 'format',
    what: 'Prettier (the whole tree is formatted; `npm run format` fixes it)',
    args: [bin('prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'],
  },
  { name: 'typecheck', what: 'TypeScript (tsc --noEmit)', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'] },
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

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(node, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const started = Date.now();
const done: string[] = [];
for (const [i, step] of steps.entries()) {
  console.log(`\n━━ [${i + 1}/${steps.length}] ${step.name}: ${step.what}`);
  const t0 = Date.now();
  const code = await run(step);
  const took = Date.now() - t0;
  if (code !== 0) {
    console.error(`\n✗ npm test FAILED at step "${step.name}" (exit ${code}, ${fmt(took)}). Passed before it: ${done.join(', ') || 'none'}.`);
    console.error(`  Re-run just this step with: npm test -- ${step.name}`);
    process.exit(code);
  }
  done.push(`${step.name} ${fmt(took)}`);
}
console.log(`\n✓ npm test passed: ${done.join(', ')} — total ${fmt(Date.now() - started)}${pg ? '' : ' (PostgreSQL API run skipped: set TEST_DATABASE_URL)'}`);
