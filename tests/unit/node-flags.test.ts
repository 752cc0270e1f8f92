// The server's V8 flags are given where it is started (ADR 0037): `npm start` must carry the same
// ones as the test and bench launcher, or the bench would measure a server nobody runs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('the server process flags', () => {
  it.each(['start', 'dev:server'])('npm run %s starts node with every flag of SERVER_NODE_FLAGS', (script) => {
    const words = pkg.scripts[script]!.split(/\s+/);
    expect(words[0]).toBe('node');
    for (const flag of SERVER_NODE_FLAGS) expect(words).toContain(flag);
  });

  it('names only flags this Node accepts', () => {
    for (const flag of SERVER_NODE_FLAGS) expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]!)).toBe(true);
  });
});
