// Session rules of seed 000 §3, §4: cookie names and domain, the cookie-token flow, the init flow.
import { describe, expect, it } from 'vitest';
import { chooseScope, cookieDomain, cookieEnv, cookieNames, resolveSessionToken, tenantLabel } from '../../src/domain/session.ts';

describe('cookies', () => {
  it('environment suffix for localhost, sit, dev, uat', () => {
    expect(cookieEnv('localhost')).toBe('localhost');
    expect(cookieEnv('127.0.0.1')).toBe('localhost');
    expect(cookieEnv('console-sit.yunshu.example.cn')).toBe('sit');
    expect(cookieEnv('dev.yunshu.example.cn')).toBe('dev');
    expect(cookieEnv('uat-portal.example.com')).toBe('uat');
    expect(cookieEnv('console.yunshu.example.cn')).toBeNull();
    expect(cookieNames('localhost').tenantId).toBe('tenant_id_localhost');
    expect(cookieNames('console.yunshu.cn').publicProjectName).toBe('public_project_name');
  });
  it('domain derived from the host', () => {
    expect(cookieDomain('localhost')).toBeUndefined();
    expect(cookieDomain('10.1.2.3')).toBeUndefined();
    expect(cookieDomain('console.yunshu.com')).toBe('.yunshu.com');
    expect(cookieDomain('a.b.yunshu.com.cn')).toBe('.yunshu.com.cn');
    expect(cookieDomain('yunshu.com')).toBe('.yunshu.com');
  });
});

describe('cookie-token flow', () => {
  const ok = (valid: string[]) => async (t: string) => valid.includes(t);
  it('a stored token among the cookie tokens is valid without a call', async () => {
    let calls = 0;
    expect(
      await resolveSessionToken('a', ['b', 'a'], async () => {
        calls++;
        return false;
      }),
    ).toEqual({ token: 'a', checked: false });
    expect(calls).toBe(0);
  });
  it('else the first cookie token the server accepts', async () => {
    expect(await resolveSessionToken('x', ['b', 'c'], ok(['c']))).toEqual({ token: 'c', checked: true });
  });
  it('none accepted: signed out', async () => {
    expect(await resolveSessionToken('x', ['b'], ok([]))).toEqual({ token: null, checked: true });
    expect(await resolveSessionToken(null, [], ok([]))).toEqual({ token: null, checked: false });
  });
  it('no cookie token at all: the stored token is checked', async () => {
    expect(await resolveSessionToken('x', [], ok(['x']))).toEqual({ token: 'x', checked: true });
  });
});

describe('init flow', () => {
  const territories = [
    { tenant_id: 't0', tenant_name: 'T0', projects: [] },
    {
      tenant_id: 't1',
      tenant_name: 'T1',
      projects: [
        { project_id: 'p1', project_name: 'p-one', project_name_zh: '一号' },
        { project_id: 'p2', project_name: 'p-two', project_name_zh: null },
      ],
    },
  ];
  const none = { tenant: null, project: null };
  it('nothing stored: the first territory with projects', () => {
    expect(chooseScope(none, none, territories)).toEqual({ tenant: { id: 't1', name: 'T1' }, project: { id: 'p1', name: '一号' }, reload: false, store: true });
  });
  it('the stored tenant is kept while authorised', () => {
    const stored = { tenant: { id: 't1', name: 'T1' }, project: { id: 'p2', name: 'p-two' } };
    expect(chooseScope(stored, none, territories)).toEqual({ ...stored, reload: false, store: false });
    expect(chooseScope({ tenant: { id: 'gone', name: 'G' }, project: null }, none, territories).tenant?.id).toBe('t1');
  });
  it('a different public cookie scope replaces the stored one and reloads', () => {
    const stored = { tenant: { id: 't1', name: 'T1' }, project: { id: 'p1', name: '一号' } };
    const pub = { tenant: { id: 't1', name: 'T1' }, project: { id: 'p2', name: 'p-two' } };
    expect(chooseScope(stored, pub, territories)).toEqual({ ...pub, reload: true, store: true });
    expect(chooseScope(none, pub, territories)).toMatchObject({ reload: false, store: true });
    expect(chooseScope(stored, stored, territories).reload).toBe(false);
  });
  it('no territory with projects: no scope', () => {
    expect(chooseScope(none, none, [territories[0]!])).toMatchObject({ tenant: null, project: null });
  });
  it('tenant labels', () => {
    expect(tenantLabel('华东制造集团', '华东制造')).toBe('华东制造集团(华东制造)');
    expect(tenantLabel('X', null)).toBe('X(-)');
  });
});
