import { describe, expect, it } from 'vitest';
import { helpDocsMode, loginTarget, mailHref, manualHref, resolveShortcut, telHref } from '../../src/web/ui/help-widget/help-target.ts';
import { isTrusted, parseAssistantEvent, parseRootMessage } from '../../src/web/ui/ai-panel/window-messages.ts';
import { dataAge } from '../../src/web/offline/data-age.ts';

describe('help widget shortcuts', () => {
  it('with a token goes to the page', () => {
    expect(resolveShortcut('/workorderAdd', { hasToken: true, parentHasTabs: false })).toEqual({ kind: 'navigate', to: '/workorderAdd' });
  });
  it('inside a parent layout with tabs opens it there', () => {
    expect(resolveShortcut('/opinionAdd', { hasToken: true, parentHasTabs: true })).toEqual({
      kind: 'parent-tab',
      message: { type: 'openTab', path: '/opinionAdd' },
    });
  });
  it('without a token goes through login remembering the target', () => {
    expect(resolveShortcut('/opinionAdd', { hasToken: false, parentHasTabs: true })).toEqual({
      kind: 'login',
      to: '/login?redirect=%2FopinionAdd',
      returnPath: '/opinionAdd',
    });
    expect(loginTarget('/a?b=1')).toBe('/login?redirect=%2Fa%3Fb%3D1');
  });
  it('builds tel: and mailto: links', () => {
    expect(telHref('400-820 8888')).toBe('tel:4008208888');
    expect(telHref('+86 10 1234')).toBe('tel:+86101234');
    expect(mailHref(' support@yunshu.example ')).toBe('mailto:support@yunshu.example');
  });
});

describe('help docs', () => {
  it('maps a url to its manual and refuses odd paths', () => {
    expect(manualHref('ecs')).toBe('/docs/ecs/manual.html');
    expect(manualHref('/network/vpc/')).toBe('/docs/network/vpc/manual.html');
    expect(manualHref('../etc')).toBeNull();
    expect(manualHref('https://evil.example')).toBeNull();
  });
  it('one opens directly, several list, none hides', () => {
    expect(helpDocsMode(['ecs'])).toBe('direct');
    expect(helpDocsMode(['ecs', 'vpc'])).toBe('list');
    expect(helpDocsMode([])).toBe('none');
    expect(helpDocsMode(['../x'])).toBe('none');
  });
});

describe('window messages', () => {
  const origin = 'https://yunshu.example';
  it('reads assistant events only with our marker', () => {
    expect(parseAssistantEvent({ source: 'yunshu-assistant', event: 'fullscreen' })).toBe('fullscreen');
    expect(parseAssistantEvent({ source: 'yunshu-assistant', event: 'explode' })).toBeNull();
    expect(parseAssistantEvent({ event: 'close' })).toBeNull();
    expect(parseAssistantEvent('close')).toBeNull();
  });
  it('previews same-origin and data images, logs out on the flag', () => {
    expect(parseRootMessage({ type: 'previewImage', url: '/uploads/a.png' }, origin)).toEqual({ kind: 'image', url: `${origin}/uploads/a.png` });
    expect(parseRootMessage({ type: 'previewImage', url: 'data:image/png;base64,AAAA' }, origin)).toEqual({ kind: 'image', url: 'data:image/png;base64,AAAA' });
    expect(parseRootMessage({ type: 'previewImage', url: 'https://evil.example/a.png' }, origin)).toBeNull();
    expect(parseRootMessage({ type: 'previewImage', url: 'javascript:alert(1)' }, origin)).toBeNull();
    expect(parseRootMessage({ logout: true }, origin)).toEqual({ kind: 'logout' });
    expect(parseRootMessage({ logout: 'yes' }, origin)).toBeNull();
  });
  it('trusts only our origin and the expected frame', () => {
    const frame = {} as MessageEventSource;
    expect(isTrusted({ origin, source: frame }, origin, frame)).toBe(true);
    expect(isTrusted({ origin: 'https://evil.example', source: frame }, origin, frame)).toBe(false);
    expect(isTrusted({ origin, source: {} as MessageEventSource }, origin, frame)).toBe(false);
    expect(isTrusted({ origin, source: null }, origin, null)).toBe(false);
    expect(isTrusted({ origin, source: null }, origin)).toBe(true);
  });
});

describe('offline data age', () => {
  const now = 1_000_000_000_000;
  it('says just now, minutes, hours, days', () => {
    expect(dataAge(now - 20_000, now)).toEqual({ unit: 'just_now', count: 0 });
    expect(dataAge(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', count: 5 });
    expect(dataAge(now - 3 * 3600_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(dataAge(now - 50 * 3600_000, now)).toEqual({ unit: 'days', count: 2 });
  });
});
