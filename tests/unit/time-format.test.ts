import { describe, expect, it } from 'vitest';
import { formatDateTime, shanghaiHour } from '../../src/domain/time-format.ts';

describe('formatDateTime', () => {
  it('shows Shanghai time as YYYY-MM-DD HH:mm, never with slashes or a 12-hour clock', () => {
    expect(formatDateTime('2026-11-23T06:05:09Z')).toBe('2026-11-23 14:05');
    expect(formatDateTime('2026-11-23T16:00:00Z')).toBe('2026-11-24 00:00');
    expect(formatDateTime(Date.UTC(2026, 0, 2, 3, 4, 5), { seconds: true })).toBe('2026-01-02 11:04:05');
    expect(formatDateTime(new Date('2026-07-01T12:30:00+08:00'))).toBe('2026-07-01 12:30');
  });
  it('leaves nothing empty and a non-time as it is', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('shanghaiHour', () => {
  it('is the hour in Shanghai whatever the device zone (the console greeting)', () => {
    expect(shanghaiHour(new Date('2026-11-25T00:45:00Z'))).toBe(8);
    expect(shanghaiHour(new Date('2026-11-24T16:00:00Z'))).toBe(0);
    expect(shanghaiHour(new Date('2026-11-24T15:59:00Z'))).toBe(23);
  });
});
