// The first visit's language from navigator.languages.
import { describe, expect, it } from 'vitest';
import { browserLanguage } from '../../src/domain/session.ts';

describe('browserLanguage', () => {
  it('starts Traditional for Taiwan, Hong Kong, Macau and zh-Hant browsers', () => {
    for (const l of [['zh-TW'], ['zh-HK', 'en'], ['zh-Hant-TW'], ['en-US', 'zh-MO'], ['zh-hant']]) expect(browserLanguage(l)).toBe('zh-TW');
  });
  it('starts Simplified otherwise', () => {
    for (const l of [['zh-CN', 'zh-TW'], ['zh'], ['zh-Hans-HK'], ['en-US'], [], undefined]) expect(browserLanguage(l)).toBe('zh-CN');
  });
});
