// WCAG AA for the kit's colour tokens as the app sets them (issue 28: the orange 重启 button and the
// 待审批 tag failed): white text on each solid colour, and each colour as text on white, ≥ 4.5:1.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync('src/web/app/app.css', 'utf8');
const ours = /:root:root\s*{([^}]*)}/.exec(css)![1]!;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

describe('the colour tokens', () => {
  it.each(['primary', 'danger', 'warning', 'success'])('--adm-color-%s carries white text and reads as text on white at ≥ 4.5:1', (name) => {
    const value = new RegExp(`--adm-color-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(ours)?.[1];
    expect(value, `--adm-color-${name} is set in app.css`).toBeDefined();
    expect(contrast(value!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
