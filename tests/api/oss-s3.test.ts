// The S3-compatible API at /s3 with the official AWS SDK against the running server (issue 30): a key
// made through REST; ListBuckets, Create/Head/DeleteBucket, a 6 MiB object put by multipart
// (lib-storage, 5 MiB parts), ListObjectsV2 with a prefix and continuation, GetObject with a Range,
// HeadObject, DeleteObject, a presigned GET, and refusals in S3's XML: a wrong secret
// (SignatureDoesNotMatch, 403), a bucket of another tenant (NoSuchBucket), a non-empty bucket.
import { createHash, createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { SignatureV4 } from '@smithy/signature-v4';
import { build, type Client } from './helper.ts';
import { createSettled, placement, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let endpoint: string;
let bucket: Row;
let keys: { access_key_id: string; secret_access_key: string };
let s3: S3Client;

const client = (accessKeyId: string, secretAccessKey: string) =>
  new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });

beforeAll(async () => {
  app = await build();
  await app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/s3`;
  c = await app.as('tenant_admin');
  const pkg = await createSettled(c, 'oss-packages', { name: uniq('pk'), ...(await placement(app)), capacity_gb: 100 });
  bucket = await createSettled(c, 'oss-buckets', { name: `s3-${Date.now().toString(36)}`, package_id: pkg.id });
  keys = (await c.req({ method: 'POST', url: '/api/v1/oss/keys', payload: { description: 'sdk' } })).json();
  s3 = client(keys.access_key_id, keys.secret_access_key);
}, 180_000);
afterAll(async () => {
  s3?.destroy();
  await app.close();
});

async function s3Error(p: Promise<unknown>): Promise<S3ServiceException> {
  try {
    await p;
  } catch (e) {
    if (e instanceof S3ServiceException) return e;
    throw e;
  }
  throw new Error('expected an S3 error');
}

class Sha256 {
  private readonly h;
  constructor(secret?: unknown) {
    this.h = secret ? createHmac('sha256', secret as Buffer) : createHash('sha256');
  }
  update(data: string | Uint8Array) {
    this.h.update(data);
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
}

describe('S3 API with the AWS SDK', () => {
  it('lists, creates, heads and deletes buckets within the tenant package', async () => {
    const listed = await s3.send(new ListBucketsCommand({}));
    expect(listed.Buckets?.map((b) => b.Name)).toContain(bucket.name);
    const name = `s3new-${Date.now().toString(36)}`;
    await s3.send(new CreateBucketCommand({ Bucket: name }));
    await s3.send(new HeadBucketCommand({ Bucket: name }));
    expect((await s3Error(s3.send(new CreateBucketCommand({ Bucket: name })))).name).toBe('BucketAlreadyOwnedByYou');
    expect((await s3Error(s3.send(new CreateBucketCommand({ Bucket: 'Bad_Name' })))).name).toBe('InvalidBucketName');
    await s3.send(new DeleteBucketCommand({ Bucket: name }));
  });

  it('puts a 6 MiB object by multipart, reads ranges and heads, lists with prefix and continuation, deletes', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32BE(i, i);
    const up = new Upload({
      client: s3,
      params: { Bucket: bucket.name, Key: 'docs/big.bin', Body: big, ContentType: 'application/x-test' },
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
    });
    const done = await up.done();
    expect(done.ETag).toMatch(/-2"$/);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket.name, Key: 'docs/big.bin' }));
    expect(head.ContentLength).toBe(big.length);
    expect(head.ContentType).toBe('application/x-test');
    const part = await s3.send(new GetObjectCommand({ Bucket: bucket.name, Key: 'docs/big.bin', Range: 'bytes=5242870-5242889' }));
    expect(part.ContentRange).toBe(`bytes 5242870-5242889/${big.length}`);
    expect(Buffer.from(await part.Body!.transformToByteArray())).toEqual(big.subarray(5242870, 5242890));
    const whole = await s3.send(new GetObjectCommand({ Bucket: bucket.name, Key: 'docs/big.bin' }));
    expect(
      createHash('md5')
        .update(await whole.Body!.transformToByteArray())
        .digest('hex'),
    ).toBe(createHash('md5').update(big).digest('hex'));

    for (const k of ['docs/a.txt', 'docs/b.txt', 'docs/sub/c.txt', 'other.txt']) await s3.send(new PutObjectCommand({ Bucket: bucket.name, Key: k, Body: k }));
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket.name, Prefix: 'docs/', MaxKeys: 2, ContinuationToken: token }));
      seen.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    expect(seen).toEqual(['docs/a.txt', 'docs/b.txt', 'docs/big.bin', 'docs/sub/c.txt']);
    const level = await s3.send(new ListObjectsV2Command({ Bucket: bucket.name, Prefix: 'docs/', Delimiter: '/' }));
    expect(level.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['docs/sub/']);
    expect(level.Contents?.map((o) => o.Key)).toEqual(['docs/a.txt', 'docs/b.txt', 'docs/big.bin']);

    await s3.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: 'docs/a.txt' }));
    expect((await s3Error(s3.send(new GetObjectCommand({ Bucket: bucket.name, Key: 'docs/a.txt' })))).name).toBe('NoSuchKey');
    // the console sees what the SDK wrote
    const files = (await c.req({ method: 'GET', url: `/api/v1/oss/buckets/${bucket.id}/objects?prefix=docs/` })).json().data;
    expect(files.map((f: { name: string }) => f.name)).toEqual(['sub', 'b.txt', 'big.bin']);
  }, 180_000);

  it('answers a presigned GET, and refuses it once tampered with', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket.name, Key: '报告 1.txt', Body: 'presigned body' }));
    const url = new URL(`${endpoint}/${bucket.name}/${encodeURIComponent('报告 1.txt')}`);
    const signer = new SignatureV4({
      credentials: { accessKeyId: keys.access_key_id, secretAccessKey: keys.secret_access_key },
      region: 'us-east-1',
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
    });
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: {},
        headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn: 300 },
    );
    const q = new URLSearchParams(signed.query as Record<string, string>).toString();
    const res = await fetch(`${url.origin}${url.pathname}?${q}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('presigned body');
    const tampered = await fetch(`${url.origin}${url.pathname}?${q.replace('X-Amz-Expires=300', 'X-Amz-Expires=600')}`);
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('refuses a wrong secret (SignatureDoesNotMatch, 403), another tenant (NoSuchBucket) and a non-empty bucket delete', async () => {
    const wrong = client(keys.access_key_id, `${keys.secret_access_key.slice(0, -1)}x`);
    const e = await s3Error(wrong.send(new ListBucketsCommand({})));
    expect(e.name).toBe('SignatureDoesNotMatch');
    expect(e.$metadata.httpStatusCode).toBe(403);
    wrong.destroy();
    const other = await app.as('fin_admin');
    const theirs = (await other.req({ method: 'POST', url: '/api/v1/oss/keys', payload: {} })).json();
    const them = client(theirs.access_key_id, theirs.secret_access_key);
    expect((await s3Error(them.send(new GetObjectCommand({ Bucket: bucket.name, Key: 'other.txt' })))).name).toBe('NoSuchBucket');
    expect((await s3Error(them.send(new PutObjectCommand({ Bucket: bucket.name, Key: 'x', Body: 'x' })))).name).toBe('NoSuchBucket');
    expect((await them.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).not.toContain(bucket.name);
    them.destroy();
    const full = await s3Error(s3.send(new DeleteBucketCommand({ Bucket: bucket.name })));
    expect(full.name).toBe('BucketNotEmpty');
    expect(full.$metadata.httpStatusCode).toBe(409);
    await c.req({ method: 'POST', url: `/api/v1/oss/keys/${(await c.req({ method: 'GET', url: '/api/v1/oss/keys' })).json().data[0].id}/disable` });
    expect((await s3Error(s3.send(new ListBucketsCommand({})))).name).toBe('AccessDenied');
  });
});

describe('S3 API on its own host name (S3_HOST)', () => {
  it('answers path-style at the root of that host, signed as sent, while the console keeps its routes', async () => {
    const own = await build({ config: { s3Host: '127.0.0.1' } });
    try {
      await own.listen({ port: 0, host: '127.0.0.1' });
      const admin = await own.as('tenant_admin'); // (inject's host is localhost: the console's routes)
      const k = (await admin.req({ method: 'POST', url: '/api/v1/oss/keys', payload: { description: 'host' } })).json();
      const root = new S3Client({
        endpoint: `http://127.0.0.1:${(own.server.address() as AddressInfo).port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: k.access_key_id, secretAccessKey: k.secret_access_key },
      });
      expect((await root.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toContain('demo-assets');
      await root.send(new PutObjectCommand({ Bucket: 'demo-assets', Key: 'host/hello.txt', Body: '你好' }));
      const got = await root.send(new GetObjectCommand({ Bucket: 'demo-assets', Key: 'host/hello.txt' }));
      expect(await got.Body!.transformToString()).toBe('你好');
      await root.send(new DeleteObjectCommand({ Bucket: 'demo-assets', Key: 'host/hello.txt' }));
      root.destroy();
    } finally {
      await own.close();
    }
  }, 120_000);
});
