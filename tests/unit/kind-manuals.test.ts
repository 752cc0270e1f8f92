// Each kind's list links its own product manual, and only the manuals that exist (issue 28: every
// list linked the cloud host manual).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANUALS_OF_KIND, manualsOf } from '../../src/domain/kinds/manuals.ts';
import { kindOf } from '../../src/domain/kinds/registry.ts';
import { manualHref } from '../../src/web/ui/help-widget/help-target.ts';

const publicDir = path.resolve(import.meta.dirname, '../../public');

describe('kind manuals', () => {
  it('links hosts, bare metal and object storage to their own manuals', () => {
    expect(manualsOf('instance')).toEqual(['vps']);
    expect(manualsOf('phyhost')).toEqual(['physical-model']);
    expect(manualsOf('oss_bucket')).toEqual(['oss']);
    // a list without a manual shows no help link, not the host manual
    expect(manualsOf('vpc')).toEqual([]);
  });

  it('names real kinds and manuals that exist', () => {
    for (const [kind, urls] of Object.entries(MANUALS_OF_KIND)) {
      expect(kindOf(kind), kind).toBeTruthy();
      for (const url of urls) expect(fs.existsSync(path.join(publicDir, manualHref(url)!)), url).toBe(true);
    }
  });
});
