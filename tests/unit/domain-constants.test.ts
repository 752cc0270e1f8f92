import { describe, expect, it } from 'vitest';
import {
  DELETE_RETENTION,
  OPTION_LIMIT,
  TIMEOUT_MS,
  UNREAD_CAP,
  clampUnread,
  fenToYuan,
  maskAfterFour,
  maskPhone,
  shorten,
} from '../../src/domain/constants.ts';
import { ID_PATTERN, idSchema, isId, newId } from '../../src/domain/ids.ts';

describe('seed 000 §9 constants', () => {
  it('has the seed values', () => {
    expect(TIMEOUT_MS).toEqual({ request: 30_000, list: 120_000, export: 600_000, upload: 60_000 });
    expect(UNREAD_CAP).toBe(99);
    expect(OPTION_LIMIT).toBe(1000);
    expect(DELETE_RETENTION).toEqual({ min: 7, max: 60, default: 60 });
  });
});

describe('clampUnread', () => {
  it('keeps the count within 0–99 and whole', () => {
    expect(clampUnread(-3)).toBe(0);
    expect(clampUnread(0)).toBe(0);
    expect(clampUnread(42.9)).toBe(42);
    expect(clampUnread(99)).toBe(99);
    expect(clampUnread(100)).toBe(99);
  });
});

describe('masking', () => {
  it('masks a phone to the first 3 and last 4 digits', () => {
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskPhone('1234567')).toBe('1234567');
  });
  it('masks all but the first four characters', () => {
    expect(maskAfterFour('LTAI5tAbcdEf')).toBe('LTAI********');
    expect(maskAfterFour('abcd')).toBe('abcd');
    expect(maskAfterFour('')).toBe('');
  });
});

describe('shorten', () => {
  it('keeps 20 characters then an ellipsis, counting code points', () => {
    expect(shorten('短')).toBe('短');
    expect(shorten('一二三四五六七八九十一二三四五六七八九十')).toBe('一二三四五六七八九十一二三四五六七八九十');
    expect(shorten('一二三四五六七八九十一二三四五六七八九十多')).toBe('一二三四五六七八九十一二三四五六七八九十...');
    expect(shorten('abcdef', 3)).toBe('abc...');
  });
});

describe('fenToYuan', () => {
  it('shows integer fen as yuan with two decimals', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(28800)).toBe('288.00');
    expect(fenToYuan(25905)).toBe('259.05');
  });
});

describe('ids', () => {
  it('are 32 lowercase hex characters', () => {
    const id = newId();
    expect(id).toMatch(ID_PATTERN);
    expect(newId()).not.toBe(id);
    expect(isId(id)).toBe(true);
    expect(isId(id.toUpperCase())).toBe(false);
    expect(isId(id.slice(1))).toBe(false);
    expect(isId(42)).toBe(false);
    expect(idSchema.safeParse('xyz').success).toBe(false);
  });
});
