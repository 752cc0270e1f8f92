// The assistant's pure parts (ADR 0065): which questions go to a tool (counts and amounts of the
// caller's own things, never a how-to), the index's Chinese terms for both written forms, the
// months a bill question means, and the console's check of a source link posted by the frame.
import { describe, expect, it } from 'vitest';
import { billMonth, detectIntent } from '../../src/server/assistant/assistant-tools.ts';
import { normalise, tokenize } from '../../src/server/assistant/assistant-text.ts';
import { parseAssistantNavigate } from '../../src/web/ui/ai-panel/window-messages.ts';

describe('detectIntent', () => {
  it.each([
    ['我有几台关机的云主机', { tool: 'hosts', state: 'stopped' }],
    ['我有幾台關機的雲端主機', { tool: 'hosts', state: 'stopped' }],
    ['运行中的主机有多少台', { tool: 'hosts', state: 'running' }],
    ['我一共有多少台云主机', { tool: 'hosts', state: 'all' }],
    ['上个月账单多少', { tool: 'bill', month: 'last' }],
    ['上個月帳單多少', { tool: 'bill', month: 'last' }],
    ['这个月花了多少钱费用', { tool: 'bill', month: 'this' }],
    ['有哪些告警', { tool: 'alarms' }],
    ['有哪些警示', { tool: 'alarms' }],
  ])('%s → a tool', (q, intent) => expect(detectIntent(normalise(q))).toEqual(intent));

  it.each(['云主机怎么关机', '如何设置告警', '包年包月与按量计费有什么区别', '如何申请发票'])('%s → the help centre', (q) =>
    expect(detectIntent(normalise(q))).toBeNull(),
  );
});

describe('terms', () => {
  it('writes zh-TW as zh-CN and pairs Han characters across the segmenter’s splits, without stop words', () => {
    expect(normalise('雲端硬碟擴容')).toBe('云硬盘扩容');
    expect(tokenize(normalise('如何申請發票'))).toEqual(['申请', '请发', '发票']);
    expect(tokenize('扩容后')).toContain('扩容');
  });
});

describe('billMonth', () => {
  it('takes the month in Asia/Shanghai, and January’s last month is December', () => {
    expect(billMonth('last', new Date('2026-01-31T17:00:00Z'))).toBe('2026-01');
    expect(billMonth('last', new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
    expect(billMonth('this', new Date('2026-11-30T16:30:00Z'))).toBe('2026-12');
  });
});

describe('parseAssistantNavigate', () => {
  const msg = (url: unknown) => ({ source: 'yunshu-assistant', event: 'navigate', url });
  it('accepts in-app paths only', () => {
    expect(parseAssistantNavigate(msg('/helpCenter?id=0123456789abcdef0123456789abcdef'))).toBe('/helpCenter?id=0123456789abcdef0123456789abcdef');
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil', 42, '/a b'])
      expect(parseAssistantNavigate(msg(bad))).toBeNull();
    expect(parseAssistantNavigate({ source: 'other', event: 'navigate', url: '/x' })).toBeNull();
  });
});
