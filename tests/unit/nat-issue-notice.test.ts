// The sentence above a NAT rule list follows what the server says of the current project
// (GET /api/v1/approval-requirements): at once, after approval at once, at the nightly 22:00 slot,
// or at 18:00 after approval (finance production) — in zh-CN and zh-TW from the locale files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { issueNotice } from '../../src/web/kinds/nat-rules/nat-rules.ts';

const list = (lang: string) =>
  (JSON.parse(readFileSync(new URL(`../../locales/${lang}/nat.json`, import.meta.url), 'utf8')) as { list: Record<string, string> }).list;
const say = (lang: string, r: Parameters<typeof issueNotice>[0]) => {
  const { key, hour } = issueNotice(r);
  return list(lang)[key]!.replaceAll('{{hour}}', hour);
};

describe('the NAT rule issue notice', () => {
  it('says 立即下发 where no process covers the rule type', () => {
    expect(say('zh-CN', { type: 'dnat_rule', needs_approval: false, issue_hour: null })).toBe(
      '规则添加后立即下发到 NAT 网关；停用后规则不再生效，可随时重新启用。',
    );
  });
  it('names the nightly 22:00 slot, or 18:00 after approval in finance production', () => {
    expect(say('zh-CN', { type: 'snat_rule', needs_approval: true, issue_hour: 22 })).toBe(
      '本项目规则需审批，审批通过后于 22:00 统一下发（22:00 后提交的次日下发）。',
    );
    expect(say('zh-TW', { type: 'snat_rule', needs_approval: true, issue_hour: 22 })).toBe(
      '本專案規則需經簽核，核准後於 22:00 統一下發（22:00 後送出的次日下發）。',
    );
    expect(say('zh-CN', { type: 'dnat_rule', needs_approval: true, issue_hour: 18 })).toBe(
      '本项目规则需审批，审批通过后于 18:00 下发（18:00 后通过的次日下发）。',
    );
    expect(say('zh-TW', { type: 'dnat_rule', needs_approval: true, issue_hour: 18 })).toBe(
      '本專案規則需經簽核，核准後於 18:00 下發（18:00 後核准的次日下發）。',
    );
  });
  it('says issued once approved when approval names no hour', () => {
    expect(say('zh-CN', { type: 'firewall_policy', needs_approval: true, issue_hour: null })).toBe('本项目规则需审批，审批通过后立即下发。');
    expect(say('zh-TW', { type: 'firewall_policy', needs_approval: true, issue_hour: null })).toBe('本專案規則需經簽核，核准後立即下發。');
  });
});
