// The pure part of the shared list helper: cursor encoding (src/server/platform/lib/list.ts).
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/server/platform/lib/list.ts';
import { AppError } from '../../src/domain/errors.ts';

describe('cursor encoding', () => {
  it('round-trips [sort value, id] as URL-safe text', () => {
    for (const values of [
      ['2025-06-01 00:00:00.123456+00', 'ab'.repeat(16)],
      [42, 'x'],
      [null, 'y'],
      ['名称 / + =', 'z'],
    ] as [unknown, string][]) {
      const cursor = encodeCursor(values);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor)).toEqual(values);
    }
  });

  it('refuses anything else with a 400 naming __cursor', () => {
    const bad = [
      '',
      '!!!',
      Buffer.from('{}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('[{"a":1},"id"]').toString('base64url'),
      Buffer.from('["a","b","c"]').toString('base64url'),
    ];
    for (const cursor of bad) {
      let err: unknown;
      try {
        decodeCursor(cursor);
      } catch (e) {
        err = e;
      }
      expect(err, cursor).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).params.field).toBe('__cursor');
    }
  });
});
