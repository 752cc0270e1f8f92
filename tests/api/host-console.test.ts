// A host's web console over a WebSocket (issue 30, ADR 0070), read over real HTTP with the `ws`
// client: a ticket asked for with the session's headers opens it when sent as the first message;
// a reused or absent ticket, a token in the query string, another tenant's host and a stopped host
// (with the seed's refusal, in the caller's language) are refused; commands answer as a shell
// does; `reboot` restarts the host through the resource engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { build, type Client } from './helper.ts';
import { settle, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let address: string;
let c: Client;
let other: Client;
let running: Row;
let stopped: Row;

beforeAll(async () => {
  app = await build({ config: { cloudSimDelayMs: 400 } });
  address = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
  const rows = (await c.req({ method: 'GET', url: '/api/instances?__limit=100' })).json().data as Row[];
  running = rows.find((r) => r.status === 'running')!;
  stopped = rows.find((r) => r.status === 'stopped')!;
  expect(running && stopped).toBeTruthy();
}, 180_000);
afterAll(async () => {
  await app.close();
});

const scope = (cl: Client) => ({ tenant_id: cl.territories[0]!.tenant_id, project_id: cl.territories[0]!.projects[0]!.project_id });

async function ticketFor(cl: Client, id: string, lang?: string) {
  return cl.req({ method: 'POST', url: `/api/v1/instances/${id}/console-ticket`, ...(lang ? { lang } : {}) });
}

/** A message from the server, or the close (`type: 'close'` with its code). */
interface Msg {
  type: string;
  text?: string;
  description?: string;
  effect?: string;
  prompt?: string;
  status?: number;
  code?: number;
}

interface Conn {
  ws: WebSocket;
  /** the next message (JSON) or the close, whichever comes first */
  next(): Promise<Msg>;
  send(msg: object): void;
}

function connect(path = '/api/v1/host-console', headers: Record<string, string> = {}): Promise<Conn> {
  const ws = new WebSocket(`${address}${path}`, { headers });
  const queue: Msg[] = [];
  const waiters: ((v: Msg) => void)[] = [];
  const push = (v: Msg) => (waiters.length ? waiters.shift()!(v) : queue.push(v));
  ws.on('message', (d) => push(JSON.parse(String(d)) as Msg));
  ws.on('close', (code) => push({ type: 'close', code }));
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        send: (m) => ws.send(JSON.stringify(m)),
        next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise<Msg>((r) => waiters.push(r))),
      }),
    );
  });
}

async function open(cl: Client, host: Row) {
  const t = await ticketFor(cl, host.id);
  expect(t.statusCode).toBe(200);
  const conn = await connect();
  conn.send({ type: 'auth', ticket: t.json().ticket, host_id: host.id, ...scope(cl) });
  return { conn, ticket: t.json().ticket as string, ready: await conn.next() };
}

async function run(conn: Conn, line: string) {
  conn.send({ type: 'input', line });
  return conn.next();
}

describe('host web console', () => {
  it('a ticket sent as the first message opens the console; commands answer like a shell', async () => {
    const { conn, ready } = await open(c, running);
    expect(ready).toMatchObject({ type: 'ready', prompt: `root@${running.name}:~# ` });
    expect((await run(conn, 'uptime')).text).toMatch(/^ \d\d:\d\d:\d\d up .+load average: [\d.]+, [\d.]+, [\d.]+$/);
    const df = (await run(conn, 'df -h')).text!;
    expect(df).toContain('Filesystem');
    expect(df).toMatch(/\/dev\/vda1\s+\d+(\.\d)?G/);
    expect((await run(conn, 'top')).text).toMatch(/^top - [\s\S]+MiB Mem[\s\S]+PID USER/);
    expect((await run(conn, 'systemctl status sshd')).text).toMatch(/sshd\.service[\s\S]+Active: active \(running\)/);
    expect((await run(conn, 'systemctl status nosuch')).text).toBe('Unit nosuch.service could not be found.');
    expect((await run(conn, 'help')).text).toContain('uptime');
    expect(await run(conn, 'clear')).toMatchObject({ effect: 'clear' });
    expect((await run(conn, 'rm -rf /')).text).toBe('bash: rm: command not found');
    conn.ws.close();
  });

  it('a used ticket, no ticket, or a token in the query string opens nothing', async () => {
    const { conn, ticket } = await open(c, running);
    conn.ws.close();
    const again = await connect();
    again.send({ type: 'auth', ticket, host_id: running.id, ...scope(c) });
    expect(await again.next()).toMatchObject({ type: 'error', status: 401 });
    expect(await again.next()).toEqual({ type: 'close', code: 4401 });

    const none = await connect();
    none.send({ type: 'input', line: 'uptime' });
    expect(await none.next()).toMatchObject({ type: 'error', status: 401 });

    const t = (await ticketFor(c, running.id)).json().ticket as string;
    for (const q of [`?token=${c.token}`, `?ticket=${t}`]) {
      const inUrl = await connect(`/api/v1/host-console${q}`);
      expect(await inUrl.next()).toMatchObject({ type: 'error', status: 401 });
      expect(await inUrl.next()).toEqual({ type: 'close', code: 4401 });
    }
    // A plain request to the socket's path is answered as JSON, not upgraded.
    const plain = await c.req({ method: 'GET', url: '/api/v1/host-console' });
    expect(plain.statusCode).toBe(401);
  });

  it("another tenant's host is refused, at the ticket and at the socket", async () => {
    expect((await ticketFor(other, running.id)).statusCode).toBe(404);
    // The other tenant's own ticket naming this host (with either tenant's scope) opens nothing.
    const theirs = (await other.req({ method: 'POST', url: '/api/v1/events/ticket', tenant: null, project: null })).json().ticket as string;
    const conn = await connect();
    conn.send({ type: 'auth', ticket: theirs, host_id: running.id, ...scope(c) });
    expect(await conn.next()).toMatchObject({ type: 'error', status: 404 });
    expect(await conn.next()).toEqual({ type: 'close', code: 4404 });
  });

  it('a stopped host is refused with the seed message, in the caller language', async () => {
    const cn = await ticketFor(c, stopped.id);
    expect(cn.statusCode).toBe(409);
    expect(cn.json().description).toBe('当前主机状态不允许打开控制台');
    const tw = await ticketFor(c, stopped.id, 'zh-TW');
    expect(tw.json().description).toBe('目前主機狀態不允許開啟主控台');
    // A ticket got while the host ran is checked again at the socket.
    const t = (await c.req({ method: 'POST', url: '/api/v1/events/ticket', tenant: null, project: null })).json().ticket as string;
    const conn = await connect();
    conn.send({ type: 'auth', ticket: t, host_id: stopped.id, ...scope(c), lang: 'zh-TW' });
    expect(await conn.next()).toMatchObject({ type: 'error', status: 409, description: '目前主機狀態不允許開啟主控台' });
    expect(await conn.next()).toEqual({ type: 'close', code: 4409 });
  });

  it('reboot restarts the host through the engine, like the restart button', async () => {
    const { conn } = await open(c, running);
    const out = await run(conn, 'reboot');
    expect(out).toMatchObject({ type: 'output', effect: 'reboot' });
    expect(await conn.next()).toMatchObject({ type: 'closed', text: expect.stringContaining('正在重启') });
    expect(await conn.next()).toEqual({ type: 'close', code: 1000 });
    const now = (await c.req({ method: 'GET', url: `/api/instances/${running.id}` })).json() as Row;
    expect(now.status).toBe('rebooting');
    expect((await ticketFor(c, running.id)).statusCode).toBe(409);
    expect((await settle(c, 'instances', running.id))?.status).toBe('running');
  });
});
