// `npm ci` refuses a lock file that lacks any optional dependency of a locked package; see
// scripts/fill-lock.py for why this happens here and how to mend it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so npm ci accepts it on a fresh clone', () => {
    const lock = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8'));
    const packages = lock.packages as Record<string, { optionalDependencies?: Record<string, string> }>;
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        // npm resolves a dependency from the parent's own node_modules up to the root.
        const parts = key.split('node_modules/').filter(Boolean);
        const candidates = parts.map(
          (_, i) =>
            `node_modules/${parts
              .slice(0, parts.length - i)
              .map((p) => p.replace(/\/$/, ''))
              .join('/node_modules/')}/node_modules/${dep}`,
        );
        candidates.push(`node_modules/${dep}`);
        if (!candidates.some((c) => c in packages)) missing.push(`${dep} (for ${key || 'root'})`);
      }
    }
    expect(missing, 'run: python3 scripts/fill-lock.py package-lock.json').toEqual([]);
  });
});
