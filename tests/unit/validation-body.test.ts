// validationBody: a zod message that is a rule key of the catalogue names that rule; any other
// message falls back to the zod rule, so a description never shows a raw key like 'rules.xyz'.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationBody } from '../../src/server/platform/http/errors.plugin.ts';

const fail = (schema: z.ZodTypeAny, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return r.error;
};

describe('validationBody', () => {
  it('takes a schema message that is a known rule key as the rule', () => {
    const body = validationBody('zh-CN', fail(z.object({ name: z.string().min(1, { message: 'required' }) }), { name: '' }));
    expect(body).toMatchObject({ field: 'name', rule: 'required' });
    expect(body.description).toContain('不能为空');
  });

  it('falls back to the zod rule for a message that is not a rule key', () => {
    const body = validationBody('zh-CN', fail(z.object({ name: z.string().min(2, { message: 'not_a_rule_key_here' }) }), { name: 'x' }));
    expect(body.rule).not.toBe('not_a_rule_key_here');
    expect(body.description).not.toMatch(/rules\.|not_a_rule_key_here/);
  });
});
