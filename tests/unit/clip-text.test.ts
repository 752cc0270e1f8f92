// Outbox labels from typed text (issue 28: long labels cut at a character boundary, with an ellipsis).
import { describe, expect, it } from 'vitest';
import { clipText } from '../../src/web/lib/clip-text.ts';

describe('clipText', () => {
  it('keeps a short text whole and cuts a long one at a whole character with an ellipsis', () => {
    expect(clipText('  控制台打不开  ', 16)).toBe('控制台打不开');
    expect(clipText('一二三四五六七八九十甲乙丙丁戊己庚', 16)).toBe('一二三四五六七八九十甲乙丙丁戊己…');
    // an emoji (two UTF-16 units) or a flag is never split in half
    expect(clipText('👍👍👍', 2)).toBe('👍👍…');
    expect(clipText('🇨🇳🇭🇰🇹🇼', 2)).toBe('🇨🇳🇭🇰…');
  });
});
