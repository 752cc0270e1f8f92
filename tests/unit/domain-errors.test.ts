import { describe, expect, it } from 'vitest';
import {
  AppError,
  STATUS_FALLBACK,
  badRequest,
  conflict,
  forbidden,
  notFound,
  pickLanguage,
  shortNoticeSeconds,
  tooMany,
  unauthorized,
} from '../../src/domain/errors.ts';

describe('pickLanguage', () => {
  it('defaults to zh-CN', () => {
    for (const h of [undefined, null, '', 'en-US', 'zh-CN', 'zh', 'zh-Hans-CN', 'ja,zh-TW;q=0.9', 'fr']) expect(pickLanguage(h)).toBe('zh-CN');
  });
  it('picks zh-TW for any Traditional-Chinese first tag', () => {
    for (const h of ['zh-TW', 'zh-tw', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW,zh;q=0.9', ' zh-TW , zh-CN']) expect(pickLanguage(h)).toBe('zh-TW');
  });
  it('looks only at the first tag', () => {
    expect(pickLanguage('zh-CN,zh-TW;q=0.9')).toBe('zh-CN');
  });
});

describe('shortNoticeSeconds (seed 000 §8: 8 s up to 15 characters, else 13)', () => {
  it('counts characters, not bytes or UTF-16 units', () => {
    expect(shortNoticeSeconds('')).toBe(8);
    expect(shortNoticeSeconds('令牌校验失败请重新登录再试吧')).toBe(8); // 14 characters
    expect(shortNoticeSeconds('错'.repeat(15))).toBe(8);
    expect(shortNoticeSeconds('错'.repeat(16))).toBe(13);
    expect(shortNoticeSeconds('a'.repeat(15))).toBe(8);
    expect(shortNoticeSeconds('a'.repeat(16))).toBe(13);
    expect(shortNoticeSeconds('😀'.repeat(15))).toBe(8);
  });
});

describe('AppError and the status fallbacks', () => {
  it('has a fallback key for every status of the catalogue', () => {
    for (const s of [400, 401, 403, 404, 405, 409, 428, 429, 500]) expect(STATUS_FALLBACK[s]).toBeTruthy();
  });
  it('takes the fallback key when none is given', () => {
    const e = new AppError(405);
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(405);
    expect(e.key).toBe('method_not_allowed');
    expect(e.params).toEqual({});
    expect(new AppError(418).key).toBe('internal');
  });
  it('builds the helpers with their statuses and params', () => {
    expect([badRequest(), unauthorized(), forbidden(), notFound(), conflict(), tooMany()].map((e) => [e.status, e.key])).toEqual([
      [400, 'bad_request'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [409, 'conflict'],
      [429, 'too_many_requests'],
    ]);
    expect(tooMany('login_locked_out', { minutes: 3 }).params).toEqual({ minutes: 3 });
  });
});
