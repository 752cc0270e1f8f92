// The QR encoder of the sign-in ticket (src/server/signup/qr-code.ts). The fixture below was
// decoded as "HELLO" by zbarimg 0.23.92 (and ticket links of versions 3 and 10 likewise) when the
// encoder was written; it guards every later change of the encoder.
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrSvg } from '../../src/server/signup/qr-code.ts';
import { loginViewOf } from '../../src/domain/signup.ts';

const HELLO = [
  '#######..###..#######',
  '#.....#.#.##..#.....#',
  '#.###.#...#...#.###.#',
  '#.###.#...##..#.###.#',
  '#.###.#.#.#.#.#.###.#',
  '#.....#..##.#.#.....#',
  '#######.#.#.#.#######',
  '.........#.##........',
  '#.#.#.#..#.#....#..#.',
  '#.#.#....##...#....#.',
  '.....##..##.#...#####',
  '#.#.##.#.##...#....#.',
  '.##..###.##.#.#.#.#..',
  '........#.##.#.#..##.',
  '#######....#.###..###',
  '#.....#...####.##....',
  '#.###.#.#.##.###..###',
  '#.###.#..#....##..##.',
  '#.###.#.#.#.#...#.#.#',
  '#.....#..##...#.#..#.',
  '#######.#.#.#.##..###',
];
const draw = (m: boolean[][]) => m.map((r) => r.map((d) => (d ? '#' : '.')).join(''));

describe('QR code', () => {
  it('encodes a short text as the version 1-M symbol a scanner reads', () => {
    expect(draw(qrMatrix('HELLO'))).toEqual(HELLO);
  });

  it('grows the version with the text and refuses what does not fit version 10', () => {
    const link = `https://yunshu.example.cn/login?view=qr-confirm&ticket=${'a'.repeat(32)}`;
    expect(qrMatrix(link).length).toBe(41); // version 6 (87 bytes)
    expect(qrMatrix('x'.repeat(213)).length).toBe(57); // version 10, full
    expect(() => qrMatrix('x'.repeat(214))).toThrow(/too long/);
  });

  it('keeps the finder patterns, timing lines and the dark module in place', () => {
    const m = qrMatrix('https://yunshu.example.cn/login?view=qr-confirm&ticket=0123');
    const n = m.length;
    for (const [x, y] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ])
      expect(draw(m.slice(y, y + 7).map((r) => r.slice(x, x + 7)))).toEqual(HELLO.slice(0, 7).map((r) => r.slice(0, 7)));
    for (let i = 8; i < n - 8; i++) {
      expect(m[6]![i]).toBe(i % 2 === 0);
      expect(m[i]![6]).toBe(i % 2 === 0);
    }
    expect(m[n - 8]![8]).toBe(true);
  });

  it('draws an SVG with a quiet zone and an escaped title', () => {
    const svg = qrSvg('HELLO', '扫码<登录>');
    expect(svg).toContain('viewBox="0 0 29 29"');
    expect(svg).toContain('<title>扫码&#60;登录&#62;</title>');
    expect(svg).not.toContain('<登录>');
  });

  it('knows the login views', () => {
    expect(loginViewOf('qr-confirm')).toBe('qr-confirm');
    expect(loginViewOf('admin')).toBeNull();
    expect(loginViewOf(null)).toBeNull();
  });
});
