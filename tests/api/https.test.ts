// HTTPS with a certificate (TLS_CERT, TLS_KEY; ADR 0040): HTTP/2 to a client that offers it,
// HTTP/1.1 to one that does not, on one port; the routes that read the raw request (the event
// stream, the passkeys' relying party) work over both. A real server on a free port, real TLS.
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp, type Helpers } from './helper.ts';
import { devCertificate, type DevCertificate } from '../e2e/tls.ts';
import { loadConfig } from '../../src/server/platform/config.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.seed.ts';

let cert: DevCertificate;
let app: TestApp & Helpers;
let origin: string;
let session: http2.ClientHttp2Session;

beforeAll(async () => {
  cert = devCertificate();
  app = await build({ config: { tls: { certFile: cert.certFile, keyFile: cert.keyFile }, publicUrl: undefined } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  session = http2.connect(origin, { ca: cert.cert });
});
afterAll(async () => {
  session?.close();
  await app?.close();
  cert?.remove();
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request on the test's HTTP/2 connection; `until` ends a stream that stays open once it has been seen. */
function h2(method: string, path: string, headers: Record<string, string> = {}, body?: unknown, until?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request({
      ':method': method,
      ':path': path,
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    });
    let status = 0;
    let got: http2.IncomingHttpHeaders = {};
    let text = '';
    req.setEncoding('utf8');
    req.on('response', (h) => {
      status = Number(h[':status']);
      got = h;
    });
    req.on('data', (chunk: string) => {
      text += chunk;
      if (until && text.includes(until)) {
        req.close();
        resolve({ status, headers: got, body: text });
      }
    });
    req.on('end', () => resolve({ status, headers: got, body: text }));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function signIn(account: string): Promise<Record<string, string>> {
  const login = await h2('POST', '/api/v1/login', {}, { account, password: DEMO_PASSWORD });
  expect(login.status, login.body).toBe(200);
  return { 'x-auth-token': JSON.parse(login.body).token as string };
}

describe('HTTPS with HTTP/2', () => {
  it('answers HTTP/2 to a client that offers it and HTTP/1.1 to one that does not, on one port', async () => {
    const health = await h2('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    const old = await new Promise<{ version: string; status: number }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca: cert.cert }, (res) => {
          res.resume();
          resolve({ version: res.httpVersion, status: res.statusCode ?? 0 });
        })
        .on('error', reject);
    });
    expect(old).toEqual({ version: '1.1', status: 200 });
  });

  it('signs in, reads and opens the event stream over one HTTP/2 connection', async () => {
    const auth = await signIn('tenant_admin');
    const territories = await h2('GET', '/api/v1/auth/territories?enabled=true', auth);
    expect(territories.status).toBe(200);
    const t = (JSON.parse(territories.body).data as { tenant_id: string; tenant_name: string; projects: { project_id: string }[] }[])[0]!;
    expect(t.tenant_name).toBe('华东制造集团');
    const ticket = await h2('POST', '/api/v1/events/ticket', auth, {});
    expect(ticket.status, ticket.body).toBe(200);
    // The stream's hijacked answer, written on Node's HTTP/2 compatibility API.
    const q = new URLSearchParams({ ticket: JSON.parse(ticket.body).ticket, tenant_id: t.tenant_id, project_id: t.projects[0]!.project_id });
    const stream = await h2('GET', `/api/v1/events?${q.toString()}`, {}, undefined, ': connected');
    expect(stream.status, stream.body).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.body).toContain('retry: 3000');
  });

  it("names the host the browser used as the passkeys' relying party (HTTP/2 sends it as :authority)", async () => {
    const auth = await signIn('member');
    const options = await h2('POST', '/api/v1/account/passkeys/options', auth, {});
    expect(options.status, options.body).toBe(200);
    expect(JSON.parse(options.body).rp).toMatchObject({ id: '127.0.0.1' });
  });

  it('refuses a certificate without its key, and the other way round', () => {
    try {
      vi.stubEnv('TLS_CERT', cert.certFile);
      vi.stubEnv('TLS_KEY', undefined);
      expect(() => loadConfig()).toThrow('TLS_CERT and TLS_KEY go together');
      vi.stubEnv('TLS_CERT', undefined);
      vi.stubEnv('TLS_KEY', cert.keyFile);
      expect(() => loadConfig()).toThrow('TLS_CERT and TLS_KEY go together');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
