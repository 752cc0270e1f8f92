// Stand-in receivers the notification tests start on 127.0.0.1: one node:http server playing the
// WeCom, DingTalk and Feishu robots and a Web Push service (each path may be told to fail its next
// N requests), and an SMTP sink (smtp-server) whose mails are parsed with mailparser. Also what a
// browser does for Web Push: a P-256 key pair and auth secret, and RFC 8291 decryption of what the
// push service received.
import http from 'node:http';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Received {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: () => any;
}

export async function startHttpReceiver() {
  const received: Received[] = [];
  const failures = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      received.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body, json: () => JSON.parse(body.toString('utf8')) });
      const left = failures.get(url.pathname) ?? 0;
      if (left > 0) {
        failures.set(url.pathname, left - 1);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
        return;
      }
      if (url.pathname.startsWith('/push/')) {
        res.writeHead(201).end();
        return;
      }
      // DingTalk refuses a bad signature with its own error code, as the real one does.
      if (url.pathname.startsWith('/dingtalk') && url.searchParams.get('refuse') === '1') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errcode: 310000, errmsg: 'sign not match' }));
        return;
      }
      const ok = url.pathname.startsWith('/feishu') ? { code: 0, msg: 'success' } : { errcode: 0, errmsg: 'ok' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    on: (path: string) => received.filter((r) => r.path === path),
    failNext: (path: string, n: number) => failures.set(path, n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startSmtpSink() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser's push subscription keys. */
export function pushKeys(): { ecdh: ECDH; p256dh: string; auth: string; authSecret: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret), authSecret };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188 (aes128gcm, one record): the plaintext a device would show. */
export function decryptPush(body: Buffer, keys: { ecdh: ECDH; authSecret: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(keys.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 followed by zero padding
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks a `vapid t=<jwt>, k=<key>` header: ES256 signature by k, audience the push service's origin. */
export function checkVapid(header: string | undefined, endpointOrigin: string): { publicKey: string; claims: Record<string, unknown> } {
  const m = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID audience ${String(claims.aud)}`);
  return { publicKey: k, claims };
}
