// The event stream without tokens in URLs or logs, and with every event scoped like the data it
// describes (issue 8 items 4 and 6). Read over real HTTP: app.listen on port 0 and fetch.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, eventsUrl, type Client } from './helper.ts';
import { act, network, placement, uniq } from './kinds-helpers.ts';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: Awaited<ReturnType<typeof build>>;
let address: string;
let member: Client;
let admin: Client;
beforeAll(async () => {
  // Every request's lines (REQUEST_LOG=all), so every URL the test sends is seen redacted.
  app = await build({ logger: { level: 'info', stream: logStream }, config: { requestLog: 'all' } });
  address = await app.listen({ port: 0, host: '127.0.0.1' });
  member = await app.as('member');
  admin = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const scopeOf = (c: Client) => ({ tenant_id: c.territories[0]!.tenant_id, project_id: c.territories[0]!.projects[0]!.project_id });

/** A stream reader: `until(text)` reads until the text appears (or `ms`), answering all read so far. */
async function stream(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal });
  let text = '';
  const reader = res.status === 200 ? res.body!.getReader() : null;
  return {
    status: res.status,
    async until(needle: string, ms = 5000) {
      const end = Date.now() + ms;
      while (reader && !text.includes(needle) && Date.now() < end) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, end - Date.now())))]);
        if (!chunk || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      return text;
    },
    close: () => ctrl.abort(),
  };
}

describe('stream tickets', () => {
  it('a session token in the URL no longer opens the stream', async () => {
    const q = new URLSearchParams({ token: member.token, ...scopeOf(member) });
    expect((await fetch(`${address}/api/v1/events?${q.toString()}`)).status).toBe(401);
  });

  it('a ticket needs a session, opens the stream once, and expires', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/events/ticket' })).statusCode).toBe(401);
    const res = await member.req({ method: 'POST', url: '/api/v1/events/ticket' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ticket: expect.stringMatching(/^[0-9a-f]{64}$/), expires_in: 60 });
    const url = `${address}/api/v1/events?${new URLSearchParams({ ticket: res.json().ticket, ...scopeOf(member) }).toString()}`;
    const first = await stream(url);
    expect(first.status).toBe(200);
    first.close();
    expect((await fetch(url)).status).toBe(401);

    const stale = await eventsUrl(address, member, scopeOf(member));
    await app.ctx.db
      .updateTable('stream_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await fetch(stale)).status).toBe(401);
  });

  it('signing out voids the tickets of the session', async () => {
    const c = await app.as('approver', { fresh: true });
    const url = await eventsUrl(address, c, { tenant_id: c.territories[0]!.tenant_id, project_id: c.territories[0]!.projects[0]!.project_id });
    expect((await c.req({ method: 'POST', url: '/api/v1/logout' })).statusCode).toBe(204);
    expect((await fetch(url)).status).toBe(401);
  });
});

describe('logs', () => {
  it('no log line holds a session token, a ticket or a password', async () => {
    const c = await app.as('tenant_admin', { fresh: true });
    const ticketRes = await c.req({ method: 'POST', url: '/api/v1/events/ticket' });
    const ticket = ticketRes.json().ticket as string;
    const opened = await stream(`${address}/api/v1/events?ticket=${ticket}&tenant_id=${c.territories[0]!.tenant_id}`);
    opened.close();
    await fetch(`${address}/api/v1/events?token=${c.token}&tenant_id=${c.territories[0]!.tenant_id}`);
    await fetch(`${address}/api/v1/edit-user?sms_code=482913&password=Sesame-Open-1`, {
      headers: { 'x-auth-token': c.token, authorization: `Bearer ${c.token}`, cookie: `sid=${c.token}` },
    });
    await new Promise((r) => setTimeout(r, 100));
    const all = lines.join('');
    expect(all).toContain('/api/v1/events?ticket=[redacted]');
    expect(all).toContain('incoming request');
    for (const secret of [c.token, ticket, 'Demo@123456', '482913', 'Sesame-Open-1']) expect(all).not.toContain(secret);
  });
});

describe('event scoping', () => {
  it('a member of one project hears neither the approvals nor the resources of another project', async () => {
    const rnd = admin.territories[0]!.projects.find((p) => p.project_name === 'rnd-test')!.project_id;
    const mes = scopeOf(member).project_id;
    expect(rnd).not.toBe(mes);
    const subnetId = (await network(app, admin)).subnet.id;
    const proc = await admin.req({
      method: 'POST',
      url: '/api/v1/approval_process',
      project: rnd,
      payload: { name: '研发资源审批', project_id: rnd, request_types: ['resource_purchase'], levels: [{ approvers: 'approver' }] },
    });
    expect(proc.statusCode).toBe(201);

    const memberStream = await stream(await eventsUrl(address, member, scopeOf(member)));
    const adminStream = await stream(await eventsUrl(address, admin, { tenant_id: scopeOf(admin).tenant_id }));
    expect(memberStream.status).toBe(200);

    // A purchase in rnd-test waits for approval, is approved, and is built: approval and resource events of rnd-test.
    const bought = await admin.req({
      method: 'POST',
      url: '/api/instances',
      project: rnd,
      payload: { name: uniq('host'), ...(await placement(app)), image: 'centos-7.9', flavor: 's6.large.2', subnet_id: subnetId, password: 'Passw0rd2025' },
    });
    expect(bought.statusCode).toBe(202);
    const host = bought.json();
    const approver = await app.as('approver');
    expect((await approver.req({ method: 'POST', url: `/api/v1/approvals/${host.approval_id}/approve`, payload: {} })).statusCode).toBe(200);
    const seen = await adminStream.until(`"id":"${host.id}","kind":"instance","status":"running"`);
    expect(seen).toContain('event: approval.created');
    expect(seen).toContain('event: approval.decided');
    expect(seen).not.toContain('approver_ids');
    adminStream.close();

    // The member's own project still reaches the member's stream…
    const running = (await member.req({ method: 'GET', url: '/api/instances?status=running&__limit=1' })).json().data[0];
    expect(running.project_id).toBe(mes);
    expect((await act(member, 'instances', running.id, { action: 'stop' })).statusCode).toBeLessThan(300);
    const heard = await memberStream.until(`"id":"${running.id}","kind":"instance","status":"stopped"`);
    memberStream.close();
    expect(heard).toContain(`"id":"${running.id}","kind":"instance","status":"stopped"`);
    // …and nothing of rnd-test did.
    expect(heard).not.toContain(host.approval_id);
    expect(heard).not.toContain(host.id);
    expect(heard).not.toContain('event: approval.');
    expect(heard).not.toContain(rnd);
  });
});

describe('the event bus', () => {
  it('refuses an event the DomainEvent union does not declare, and publishes none of its batch', async () => {
    const heard: string[] = [];
    const off = app.ctx.events.subscribe((e) => heard.push(e.type === 'export.finished' && e.id === 'f'.repeat(32) ? e.type : ''));
    const ok = { type: 'export.finished', tenant_id: scopeOf(member).tenant_id, project_id: null, id: 'f'.repeat(32), at: new Date().toISOString() } as const;
    await expect(app.ctx.events.publish([ok, { ...ok, type: 'export.exploded' } as never])).rejects.toThrow(/undeclared event type/);
    await expect(app.ctx.events.publish([{ ...ok, at: 'yesterday' }])).rejects.toThrow();
    await app.ctx.events.publish([ok]);
    await new Promise((r) => setTimeout(r, 200));
    off();
    expect(heard.filter(Boolean)).toEqual(['export.finished']);
  });
});
