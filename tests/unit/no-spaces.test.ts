// Seed 000 §5's generic "no spaces" validator: every value the product's rules keep free of blanks
// is refused with the rule's own key (errors:rules.no_spaces), the first issue the form and the
// server's 400 name — a half-width, full-width (U+3000) or tab blank alike — while the same value
// without the blank passes.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hasSpace } from '../../src/domain/no-spaces.ts';
import { passwordProblem } from '../../src/domain/account.ts';
import { passwordRule } from '../../src/domain/kinds/rules.ts';
import { projectFieldsSchema } from '../../src/domain/org.ts';
import { secretKeySchema } from '../../src/domain/protect.ts';
import { bucketNameRule } from '../../src/domain/kinds/oss-bucket/oss-bucket.schema.ts';
import { zoneNameRule } from '../../src/domain/kinds/dns-zone/dns-zone.schema.ts';
import { cdnDomainRule } from '../../src/domain/kinds/cdn-domain/cdn-domain.schema.ts';
import { registerSchema } from '../../src/domain/signup.ts';
import zhCN from '../../locales/zh-CN/errors.json' with { type: 'json' };
import zhTW from '../../locales/zh-TW/errors.json' with { type: 'json' };

const firstRule = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error.issues[0]!.message;
};

const cases: [string, z.ZodType, string][] = [
  ['host password', passwordRule, 'Passw0rd2025'],
  ['project English name', projectFieldsSchema.shape.name_en, 'data-platform'],
  ['secret key', secretKeySchema, 'Abcdefgh12345678'],
  ['bucket name', bucketNameRule, 'demo-assets'],
  ['DNS zone', zoneNameRule, 'example.com'],
  ['CDN domain', cdnDomainRule, 'cdn.example.com'],
];

describe('the no-spaces rule', () => {
  it('finds half-width, full-width, tab and line-break blanks', () => {
    for (const v of ['a b', 'a\u3000b', 'a\tb', 'a\nb']) expect(hasSpace(v), JSON.stringify(v)).toBe(true);
    expect(hasSpace('a-b_c.d')).toBe(false);
  });

  it.each(cases)('refuses a %s holding a blank, with its own message first', (_label, schema, good) => {
    expect(firstRule(schema, good)).toBeNull();
    const mid = Math.floor(good.length / 2);
    for (const blank of [' ', '\u3000']) expect(firstRule(schema, good.slice(0, mid) + blank + good.slice(mid))).toBe('no_spaces');
  });

  it('refuses a user password and a signup account holding a blank', () => {
    expect(passwordProblem('Newpass 2026A', 'member')).toBe('no_spaces');
    expect(passwordProblem('Newpass2026A', 'member')).toBeNull();
    const account = registerSchema.safeParse({ account: 'xiao yun' });
    expect(account.success).toBe(false);
    expect(account.error!.issues.find((i) => i.path[0] === 'account')!.message).toBe('no_spaces');
  });

  it('is worded in both scripts', () => {
    expect(zhCN.rules.no_spaces).toBe('不能包含空格');
    expect(zhTW.rules.no_spaces).toBe('不能包含空白');
  });
});
