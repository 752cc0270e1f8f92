// Every kind definition is consistent with itself and with the locales: statuses, actions,
// refusal texts and labels exist in zh-CN and zh-TW with the same keys.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KINDS, kindByCollection, kindOf } from '../../src/domain/kinds/registry.ts';
import { REMOVED, SAME, availableActions, stateRefusal } from '../../src/domain/kinds/kind.ts';
import { cidrInside, parseCidr, usableIps } from '../../src/domain/kinds/cidr.ts';
import { fullKindOf } from '../../src/server/engine/kinds/kind-schemas.ts';
import { tagKeyRule, tagValueRule, adminTagValueRule } from '../../src/domain/schemas/resource.schema.ts';

const load = (lang: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
const get = (tree: any, key: string) => key.split('.').reduce((n, p) => (n && typeof n === 'object' ? n[p] : undefined), tree);
const keys = (tree: any, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('kind definitions', () => {
  it('are unique by kind and collection', () => {
    expect(new Set(KINDS.map((k) => k.kind)).size).toBe(KINDS.length);
    expect(new Set(KINDS.map((k) => k.collection)).size).toBe(KINDS.length);
    for (const k of KINDS) expect(kindByCollection(k.collection)).toBe(k);
  });

  it('move only between their own statuses', () => {
    for (const k of KINDS) {
      const all = new Set([...k.statuses.stable, ...k.statuses.inBetween, ...k.statuses.failure, k.create.inBetween, k.create.final]);
      for (const a of k.actions) {
        for (const s of a.allowedFrom) expect(all.has(s), `${k.kind}.${a.id} from ${s}`).toBe(true);
        if (a.inBetween) expect(k.statuses.inBetween, `${k.kind}.${a.id}`).toContain(a.inBetween);
        if (a.final !== SAME && a.final !== REMOVED) expect(all.has(a.final), `${k.kind}.${a.id} → ${a.final}`).toBe(true);
        for (const g of a.guards ?? []) if (g.type === 'target') expect(kindOf(g.kind)).toBeDefined();
      }
      for (const f of k.filters)
        if (f.source === 'spec')
          expect(
            k.fields.some((x) => x.key === f.key),
            `${k.kind} filter ${f.key}`,
          ).toBe(true);
      for (const c of k.columns)
        expect(
          k.fields.some((x) => x.key === c.field),
          `${k.kind} column ${c.field}`,
        ).toBe(true);
    }
  });

  it('have labels and refusal texts in both languages, with the same keys', () => {
    for (const ns of ['kinds', 'errors']) expect(keys(load('zh-TW', ns)).sort()).toEqual(keys(load('zh-CN', ns)).sort());
    for (const lang of ['zh-CN', 'zh-TW']) {
      const kinds = load(lang, 'kinds');
      const errors = load(lang, 'errors');
      for (const k of KINDS) {
        expect(typeof get(kinds, `${k.kind}.name`)).toBe('string');
        for (const s of [...k.statuses.stable, ...k.statuses.inBetween, ...k.statuses.failure])
          expect(typeof get(kinds, `status.${s}`), `${lang} status.${s}`).toBe('string');
        for (const f of k.fields) expect(typeof get(kinds, `${k.kind}.fields.${f.key}`), `${lang} ${k.kind}.fields.${f.key}`).toBe('string');
        for (const a of k.actions) {
          expect(typeof get(kinds, `${k.kind}.actions.${a.id}`), `${lang} ${k.kind}.actions.${a.id}`).toBe('string');
          for (const key of [a.refusalKey, ...Object.values(a.refusals ?? {}), ...(a.guards ?? []).flatMap((g) => ('refusalKey' in g ? [g.refusalKey] : []))]) {
            expect(typeof get(errors, key), `${lang} errors:${key}`).toBe('string');
          }
        }
      }
    }
    expect(get(load('zh-CN', 'errors'), 'refusals.instance.stop')).toMatch(/^当前状态不允许/);
  });

  it('refuse actions from the wrong state with the precise text', () => {
    const volume = kindOf('volume')!;
    const mount = volume.actions.find((a) => a.id === 'mount')!;
    expect(stateRefusal(mount, 'unmounted')).toBeNull();
    expect(stateRefusal(mount, 'mounted')).toBe('refusals.volume.already_mounted');
    expect(stateRefusal(mount, 'creating')).toBe('refusals.volume.mount');
    const host = kindOf('instance')!;
    expect(availableActions(host, { status: 'running', locked: true }).map((a) => a.id)).toEqual([
      'stop',
      'reboot',
      'unlock',
      'rebuild',
      'resize',
      'mount_iso',
    ]);
    expect(availableActions(host, { status: 'stopped', locked: false }).map((a) => a.id)).toContain('delete');
  });
});

describe('field rules', () => {
  it('parses CIDRs and counts usable addresses', () => {
    expect(parseCidr('10.0.0.1/24')).toBeNull();
    expect(usableIps(parseCidr('10.0.1.0/24')!)).toBe(251);
    expect(cidrInside(parseCidr('10.1.2.0/24')!, parseCidr('10.1.0.0/16')!)).toBe(true);
    expect(cidrInside(parseCidr('10.2.0.0/24')!, parseCidr('10.1.0.0/16')!)).toBe(false);
  });

  it('checks tag keys and values', () => {
    expect(tagKeyRule.safeParse('app.tier1').success).toBe(true);
    expect(tagKeyRule.safeParse('').error?.issues[0]?.message).toBe('tag_key_first');
    expect(tagKeyRule.safeParse('a_b').success).toBe(false);
    expect(tagValueRule.safeParse('生产-a_b.1').success).toBe(true);
    expect(tagValueRule.safeParse('（x）').success).toBe(false);
    expect(adminTagValueRule.safeParse('（x）').success).toBe(true);
  });
});

describe('create fields shown only when they apply', () => {
  it('a host asks for 带宽 only with a public IP', async () => {
    const { fieldShown } = await import('../../src/domain/kinds/kind.ts');
    const { KINDS } = await import('../../src/domain/kinds/registry.ts');
    const host = KINDS.find((k) => k.kind === 'instance')!;
    expect(fieldShown(host, 'bandwidth', { public_ip_type: 'none' })).toBe(false);
    expect(fieldShown(host, 'bandwidth', {})).toBe(false);
    expect(fieldShown(host, 'bandwidth', { public_ip_type: 'bgp' })).toBe(true);
    expect(fieldShown(host, 'name', {})).toBe(true);
    // Every rule names fields of the kind's create schema.
    for (const def of KINDS)
      for (const [key, rule] of Object.entries(def.shownWhen ?? {})) {
        expect(Object.keys(fullKindOf(def.kind)!.createSchema.shape), `${def.kind}.${key}`).toContain(key);
        expect(Object.keys(fullKindOf(def.kind)!.createSchema.shape), `${def.kind}.${rule.key}`).toContain(rule.key);
      }
  });
});

describe('quick actions (an alarm offers them on its resource)', () => {
  it("are each monitored kind's operations without a form, enabled by its state rules", async () => {
    const { quickActions, actionBlock } = await import('../../src/domain/kinds/action-block.ts');
    const { listKindOf } = await import('../../src/domain/kinds/list-kind.ts');
    const ids = (kind: string) => quickActions(listKindOf(kind)!).map((a) => a.id);
    expect(ids('instance')).toEqual(['start', 'stop', 'reboot', 'lock', 'unlock']);
    expect(ids('volume')).toEqual(['unmount']);
    expect(ids('load_balancer')).toEqual(['start', 'stop']);
    expect(ids('eip')).toEqual(['unbind']);
    const lb = listKindOf('load_balancer')!;
    const stop = quickActions(lb).find((a) => a.id === 'stop')!;
    expect(actionBlock(lb, stop, { status: 'running' })).toBeNull();
    expect(actionBlock(lb, stop, { status: 'stopped' })).not.toBeNull();
  });
});
