// The portal's pure rules: which 选购 link is followed and how, which links may leave the site,
// custom-page placeholders (escaped), and the waterfall's column choice and load distance.
import { describe, expect, it } from 'vitest';
import { buyDecision, fillPlaceholders, internalPath, isBuyNow, safeExternalUrl } from '../../src/domain/portal-content.ts';
import { assignColumns, loadDistance, WATERFALL } from '../../src/web/features/portal/waterfall.tsx';

describe('选购', () => {
  it('joins the menu only for 立即购买 (either script)', () => {
    expect(isBuyNow('立即购买')).toBe(true);
    expect(isBuyNow(' 立即購買 ')).toBe(true);
    expect(isBuyNow('咨询开通')).toBe(false);
    expect(isBuyNow(undefined)).toBe(false);
  });
  it('signs a visitor in first, coming back to the page', () => {
    expect(buyDecision({ loggedIn: false, here: '/portal/bms', link: '/bmsBuy', isInner: true })).toEqual({ kind: 'login', returnTo: '/portal/bms' });
  });
  it('follows internal paths (also the legacy /#/ form) and http(s) only outside', () => {
    expect(buyDecision({ loggedIn: true, here: '/', link: '/bmsBuy', isInner: true })).toEqual({ kind: 'navigate', path: '/bmsBuy' });
    expect(buyDecision({ loggedIn: true, here: '/', link: 'https://x.example/#/ecsBuy', isInner: true })).toEqual({ kind: 'navigate', path: '/ecsBuy' });
    expect(buyDecision({ loggedIn: true, here: '/', link: '//evil.example/x', isInner: true })).toEqual({ kind: 'refuse' });
    expect(buyDecision({ loggedIn: true, here: '/', link: 'https://media.example.cn/buy', isInner: false })).toEqual({
      kind: 'open',
      url: 'https://media.example.cn/buy',
    });
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'ftp://x.example/', 'not a url']) {
      expect(buyDecision({ loggedIn: true, here: '/', link: bad, isInner: false }), bad).toEqual({ kind: 'refuse' });
      expect(safeExternalUrl(bad), bad).toBeNull();
    }
    expect(internalPath('/\\evil.example')).toBeNull();
  });
});

describe('custom page placeholders', () => {
  it('fills {{ path }} from the data, escaped, and leaves objects and unknowns empty', () => {
    expect(
      fillPlaceholders('<h1>{{ title }}</h1><p>{{a.b}}</p><i>{{ nope }}</i><b>{{ obj }}</b>', { title: '<img src=x onerror=1>', a: { b: 3 }, obj: { x: 1 } }),
    ).toBe('<h1>&#60;img src=x onerror=1&#62;</h1><p>3</p><i></i><b></b>');
  });
});

describe('waterfall', () => {
  it('two columns, gutter 10, load distance 300 at 375 px scaled by width, resize debounce 300 ms', () => {
    expect(WATERFALL).toMatchObject({ columns: 2, gutter: 10, loadDistance: 300, resizeDebounceMs: 300 });
    expect(loadDistance(375)).toBe(300);
    expect(loadDistance(820)).toBe(656);
  });
  it('puts each item into the shorter column by measured height', () => {
    expect(assignColumns([100, 300, 100, 100, 50], 2)).toEqual([0, 1, 0, 0, 1]);
    expect(assignColumns([undefined, undefined, undefined], 2, 100)).toEqual([0, 1, 0]);
  });
});
