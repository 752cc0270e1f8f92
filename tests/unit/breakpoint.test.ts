// The layout breakpoint: phone < 768 ≤ tablet < 1200 ≤ desktop, and a degenerate width (headless
// Chromium's 1×1 resize while it captures a full page) keeps the layout there was instead of
// switching shells — which unmounted the page and lost a picked host in the tablet convert journey.
import { describe, expect, it } from 'vitest';
import { breakpointOf } from '../../src/web/lib/hooks.ts';

describe('breakpointOf', () => {
  it('maps widths to the three layouts', () => {
    expect(breakpointOf(375, null)).toBe('phone');
    expect(breakpointOf(767, 'phone')).toBe('phone');
    expect(breakpointOf(768, 'phone')).toBe('tablet');
    expect(breakpointOf(820, null)).toBe('tablet');
    expect(breakpointOf(1199, 'tablet')).toBe('tablet');
    expect(breakpointOf(1200, 'tablet')).toBe('desktop');
    expect(breakpointOf(1280, null)).toBe('desktop');
  });

  it('keeps the last layout through a window narrower than any phone', () => {
    expect(breakpointOf(1, 'tablet')).toBe('tablet');
    expect(breakpointOf(0, 'desktop')).toBe('desktop');
    // with nothing known yet it is a phone, the narrowest layout
    expect(breakpointOf(1, null)).toBe('phone');
  });
});
