// Limits by who, not where (issue 8 item 3): signed-in calls count against their user, anonymous
// calls against the client IP — taken only from trusted proxy hops — and the event stream's
// reconnects count against nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, eventsUrl, type Client } from './helper.ts';
import { loadConfig } from '../../src/server/platform/config.ts';

const LIMIT = 10;
let app: Awaited<ReturnType<typeof build>>;
let a: Client;
let b: Client;
let c: Client;
beforeAll(async () => {
  app = await build({ config: { rateLimitPerMinute: LIMIT } });
  // Signed in before the office's IP is used up (signing in is an anonymous call).
  a = await app.as('tenant_admin');
  b = await app.as('approver');
  c = await app.as('member');
});
afterAll(async () => {
  await app.close();
});

const anonymous = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/edit-user', remoteAddress, headers });

describe('the API rate limit', () => {
  it('does not 429 a signed-in user for the traffic of others behind the same IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 5; i++) codes.push((await anonymous()).statusCode);
    expect(codes).toContain(429);
    for (let i = 0; i < 5; i++) expect((await a.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });

  it('still limits each user on their own: one user using up their budget leaves another untouched', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT; i++) codes.push((await a.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect((await b.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });

  it('limits anonymous calls by IP: another IP is untouched, and a made-up token or X-Forwarded-For buys no new bucket', async () => {
    expect((await anonymous()).statusCode).toBe(429);
    expect((await anonymous('198.51.100.9')).statusCode).toBe(401);
    expect((await anonymous('127.0.0.1', { 'x-auth-token': 'f'.repeat(64) })).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      expect((await anonymous('127.0.0.1', { 'x-forwarded-for': `10.9.${i}.${i + 1}` })).statusCode).toBe(429);
    }
  });

  it("does not count the event stream: 100 reconnects leave the user's budget whole", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const tenant = c.territories[0]!.tenant_id;
    const project = c.territories[0]!.projects[0]!.project_id;
    for (let i = 0; i < 100; i++) {
      const ctrl = new AbortController();
      const res = await fetch(await eventsUrl(address, c, { tenant_id: tenant, project_id: project }), { signal: ctrl.signal });
      expect(res.status).toBe(200);
      ctrl.abort();
    }
    for (let i = 0; i < LIMIT - 1; i++) expect((await c.req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  let proxied: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    proxied = await build({ config: { rateLimitPerMinute: 3, trustProxy: 1 } });
  });
  afterAll(async () => {
    await proxied.close();
  });
  // The load balancer (127.0.0.1 here) appends the address it saw; whatever came before is the client's say.
  const via = (client: string, spoofed: string) =>
    proxied.inject({ method: 'GET', url: '/api/v1/edit-user', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${spoofed}, ${client}` } });

  it('keys each client by the hop the proxy added, so rotating the rest of X-Forwarded-For does not help', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await via('203.0.113.1', `10.0.0.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    expect((await via('203.0.113.2', '10.0.0.1')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const read = (value: string | undefined) => {
    const saved = process.env.TRUST_PROXY;
    if (value === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = value;
    try {
      return loadConfig().trustProxy;
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  };
  it('is a hop count or a list of proxy addresses, never "every hop"', () => {
    expect(read(undefined)).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.0/8, 192.168.1.10')).toEqual(['10.0.0.0/8', '192.168.1.10']);
    expect(() => read('everyone')).toThrow(/TRUST_PROXY/);
  });
});
