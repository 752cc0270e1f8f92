// WCAG AA for the shell's colour tokens: text colours and the primary (white text on primary
// buttons, primary links on white) need 4.5:1. Read from app.css so a token change is checked.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/web/app/app.css'), 'utf8');
const token = (name: string) => {
  const m = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!m) throw new Error(`no ${name} in app.css`);
  return m[1]!;
};
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const ratio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('colour tokens pass WCAG AA', () => {
  it('the primary carries white text and reads as a link on white and on the page background', () => {
    expect(ratio(token('--adm-color-primary'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(token('--ys-primary'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(token('--ys-primary'), token('--ys-bg'))).toBeGreaterThanOrEqual(4.5);
  });
  it('every text colour reads on the surface and the page background', () => {
    for (const t of ['--ys-text', '--ys-text-2', '--ys-text-3', '--adm-color-weak', '--adm-color-danger']) {
      expect(ratio(token(t), token('--ys-surface')), t).toBeGreaterThanOrEqual(4.5);
      expect(ratio(token(t), token('--ys-bg')), t).toBeGreaterThanOrEqual(4.5);
    }
  });
});
