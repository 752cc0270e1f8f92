// The S3-compatible API at /s3 (path-style, ADR 0063): one encapsulated plugin whose bodies are left
// unparsed (objects stream into the store), whose errors are S3's XML, answering ListBuckets,
// Create/Delete/HeadBucket, ListObjectsV2, Put/Get/Head/DeleteObject with ranges, multipart uploads
// and presigned URLs, for callers signed with SigV4 by an OSS key (s3-auth.ts). Anonymous reads
// reach objects of public-read buckets only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import type { Engine } from '../engine/engine.ts';
import { bucketByName } from './bucket.repository.ts';
import { countOssRequest, type OssDeps } from './oss-deps.ts';
import { s3Caller, type S3Caller } from './s3-auth.ts';
import { payloadOf } from './s3-body.ts';
import { S3Error, S3_NS, XML_HEAD, s3, s3ErrorXml, xmlEscape, xmlFields } from './s3-errors.ts';
import { queryPairs } from './s3-sigv4.ts';
import * as ops from './s3.service.ts';

export interface S3RoutesDeps {
  oss: OssDeps;
  users: UsersRepository;
  engine: Engine;
}

interface S3Request {
  req: FastifyRequest;
  reply: FastifyReply;
  bucket: string;
  key: string;
  query: Map<string, string>;
  caller: S3Caller | null;
}

const xml = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('application/xml').send(`${XML_HEAD}${body}`);
const etagOf = (e: string) => `"${e}"`;
const iso = (d: Date) => new Date(d).toISOString().replace(/\.\d{3}Z$/, '.000Z');

/** Bucket and key of a path-style target: /s3/<bucket>/<key…> (the key decoded, slashes kept). */
function target(url: string): { bucket: string; key: string } {
  const path = url.split('?')[0]!.slice('/s3'.length).replace(/^\//, '');
  const slash = path.indexOf('/');
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw s3.invalidArgument('Malformed URL encoding');
    }
  };
  return slash < 0 ? { bucket: dec(path), key: '' } : { bucket: dec(path.slice(0, slash)), key: dec(path.slice(slash + 1)) };
}

async function readSmallBody(req: FastifyRequest, max = 1024 * 1024): Promise<string> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const piece of req.raw as AsyncIterable<Buffer>) {
    n += piece.length;
    if (n > max) throw new S3Error('MaxMessageLengthExceeded', 400, 'Your request was too big.');
    parts.push(piece);
  }
  return Buffer.concat(parts).toString('utf8');
}

function listBucketsXml(deps: S3RoutesDeps, r: S3Request) {
  return ops
    .listBuckets(deps.oss, r.caller!)
    .then((buckets) =>
      xml(
        r.reply,
        `<ListAllMyBucketsResult xmlns="${S3_NS}"><Owner>${xmlFields({ ID: r.caller!.scope.tenantId, DisplayName: r.caller!.scope.user.account })}</Owner><Buckets>${buckets
          .map((b) => `<Bucket>${xmlFields({ Name: b.name, CreationDate: iso(b.created_at) })}</Bucket>`)
          .join('')}</Buckets></ListAllMyBucketsResult>`,
      ),
    );
}

async function listObjectsXml(deps: S3RoutesDeps, r: S3Request) {
  const b = await ops.callerBucket(deps.oss, r.caller!, r.bucket);
  const q = r.query;
  const prefix = q.get('prefix') ?? '';
  const delimiter = q.get('delimiter') ?? '';
  const maxKeys = Math.min(1000, Math.max(0, Number(q.get('max-keys') ?? 1000) || 0));
  const token = q.get('continuation-token');
  let after = q.get('start-after') ?? q.get('marker') ?? '';
  if (token) after = Buffer.from(token, 'base64url').toString('utf8');
  const { page, objects, truncated } = await ops.listObjectsV2(deps.oss, b, { prefix, delimiter, maxKeys, after });
  const enc = q.get('encoding-type') === 'url' ? (s: string) => encodeURIComponent(s).replace(/%2F/g, '/') : (s: string) => s;
  const contents = page
    .filter((e) => !e.folder)
    .map((e) => objects.get(e.entry)!)
    .map(
      (o) =>
        `<Contents>${xmlFields({ Key: enc(o.key), LastModified: iso(o.updated_at), ETag: etagOf(o.etag), Size: o.size, StorageClass: 'STANDARD' })}</Contents>`,
    );
  const prefixes = page.filter((e) => e.folder).map((e) => `<CommonPrefixes><Prefix>${xmlEscape(enc(e.entry))}</Prefix></CommonPrefixes>`);
  const last = page[page.length - 1];
  const fields = xmlFields({
    Name: b.name,
    Prefix: enc(prefix),
    Delimiter: delimiter ? enc(delimiter) : undefined,
    MaxKeys: maxKeys,
    KeyCount: page.length,
    IsTruncated: truncated,
    EncodingType: q.get('encoding-type') ?? undefined,
    ContinuationToken: token ?? undefined,
    StartAfter: q.get('start-after') ?? undefined,
    NextContinuationToken: truncated && last ? Buffer.from(last.entry).toString('base64url') : undefined,
  });
  return xml(r.reply, `<ListBucketResult xmlns="${S3_NS}">${fields}${contents.join('')}${prefixes.join('')}</ListBucketResult>`);
}

async function bucketOp(deps: S3RoutesDeps, r: S3Request) {
  const m = r.req.method;
  if (!r.bucket) {
    if (m === 'GET') return listBucketsXml(deps, r);
    throw new S3Error('MethodNotAllowed', 405, 'The specified method is not allowed against this resource.');
  }
  if (m === 'PUT') {
    await ops.createBucket(deps.oss, deps.engine, r.caller!, r.bucket);
    return r.reply.status(200).header('location', `/${r.bucket}`).send();
  }
  if (m === 'DELETE') {
    await ops.deleteBucket(deps.oss, deps.engine, r.caller!, r.bucket);
    return r.reply.status(204).send();
  }
  if (m === 'HEAD') {
    await ops.callerBucket(deps.oss, r.caller!, r.bucket);
    return r.reply.status(200).send();
  }
  if (m === 'GET' && r.query.has('location')) {
    await ops.callerBucket(deps.oss, r.caller!, r.bucket);
    return xml(r.reply, `<LocationConstraint xmlns="${S3_NS}"></LocationConstraint>`);
  }
  if (m === 'GET') return listObjectsXml(deps, r);
  throw s3.notImplemented();
}

/** A bucket an object request may read: the caller's, or (anonymous GET/HEAD) a public-read one whose referer rules pass. */
async function readableBucket(deps: S3RoutesDeps, r: S3Request) {
  if (r.caller) return ops.callerBucket(deps.oss, r.caller, r.bucket);
  const b = await bucketByName(deps.oss.db, r.bucket);
  if (!b || !['public-read', 'public-read-write'].includes(String(b.spec.acl)) || !['GET', 'HEAD'].includes(r.req.method)) throw s3.accessDenied();
  const referer = r.req.headers.referer;
  const list = ((b.spec.referers as string[] | undefined) ?? []).map(
    (p) => new RegExp(`^(https?://)?${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}(/|$)`, 'i'),
  );
  const listed = !!referer && list.some((re) => re.test(referer));
  if (!referer && b.spec.allow_empty_referer === false) throw s3.accessDenied();
  if (referer && b.spec.referer_type === 'white' && !listed) throw s3.accessDenied();
  if (referer && b.spec.referer_type === 'black' && listed) throw s3.accessDenied();
  return b;
}

async function getOrHead(deps: S3RoutesDeps, r: S3Request) {
  const b = await readableBucket(deps, r);
  const o = await ops.getObject(deps.oss, b, r.key);
  const range = ops.rangeOf(r.req.headers.range, o.size);
  const reply = r.reply
    .header('etag', etagOf(o.etag))
    .header('last-modified', new Date(o.updated_at).toUTCString())
    .header('accept-ranges', 'bytes')
    .type(o.content_type || 'application/octet-stream')
    .header('content-length', range ? range.end - range.start + 1 : o.size);
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${o.size}`);
  if (r.req.method === 'HEAD') return reply.send();
  await countOssRequest(deps.oss, b.tenant_id);
  return reply.send(ops.objectBody(deps.oss, o.blob_id, range));
}

async function objectOp(deps: S3RoutesDeps, r: S3Request) {
  const m = r.req.method;
  if (m === 'GET' || m === 'HEAD') return getOrHead(deps, r);
  if (!r.caller) throw s3.accessDenied();
  const b = await ops.callerBucket(deps.oss, r.caller, r.bucket);
  await countOssRequest(deps.oss, b.tenant_id);
  const uploadId = r.query.get('uploadId');
  const body = () => payloadOf(r.req.raw as AsyncIterable<Uint8Array>, r.caller!.claim.payloadHash, r.req.headers['content-encoding']);
  const contentType = r.req.headers['content-type'] ?? 'application/octet-stream';
  if (m === 'PUT' && r.req.headers['x-amz-copy-source']) throw s3.notImplemented();
  if (m === 'PUT' && uploadId) {
    const etag = await ops.uploadPart(deps.oss, b, r.key, uploadId, Number(r.query.get('partNumber')), body());
    return r.reply.header('etag', etagOf(etag)).send();
  }
  if (m === 'PUT') {
    const o = await ops.putObject(deps.oss, b, r.key, body(), contentType);
    return r.reply.header('etag', etagOf(o.etag)).send();
  }
  if (m === 'POST' && r.query.has('uploads')) {
    const id = await ops.createUpload(deps.oss, b, r.key, contentType);
    return xml(
      r.reply,
      `<InitiateMultipartUploadResult xmlns="${S3_NS}">${xmlFields({ Bucket: b.name, Key: r.key, UploadId: id })}</InitiateMultipartUploadResult>`,
    );
  }
  if (m === 'POST' && uploadId) {
    const o = await ops.completeUpload(deps.oss, b, r.key, uploadId, await readSmallBody(r.req));
    return xml(
      r.reply,
      `<CompleteMultipartUploadResult xmlns="${S3_NS}">${xmlFields({ Location: `/s3/${b.name}/${r.key}`, Bucket: b.name, Key: r.key, ETag: etagOf(o.etag) })}</CompleteMultipartUploadResult>`,
    );
  }
  if (m === 'DELETE' && uploadId) {
    await ops.abortUpload(deps.oss, b, r.key, uploadId);
    return r.reply.status(204).send();
  }
  if (m === 'DELETE') {
    await ops.deleteObject(deps.oss, b, r.key);
    return r.reply.status(204).send();
  }
  throw s3.notImplemented();
}

/** S3's answer to any failure: its XML error (AppErrors of the store mapped to S3 codes). */
function s3Failure(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  let e: S3Error;
  if (err instanceof S3Error) e = err;
  else if (err instanceof AppError && err.key === 'oss.package_full') e = new S3Error('QuotaExceeded', 403, 'The capacity package of this bucket is full.');
  else if (err instanceof AppError && err.key === 'refusals.oss_bucket.unavailable') e = new S3Error('OperationAborted', 409, 'The bucket is not available.');
  else {
    req.log.error({ err }, 's3 request failed');
    e = new S3Error('InternalError', 500, 'We encountered an internal error. Please try again.');
  }
  reply.status(e.status).header('x-amz-request-id', req.id);
  if (req.method === 'HEAD') return reply.send();
  return xml(reply, s3ErrorXml(e, req.url.split('?')[0]!, req.id).slice(XML_HEAD.length), e.status);
}

export async function s3Routes(app: FastifyInstance, deps: S3RoutesDeps) {
  await app.register(async (scope) => {
    // Bodies are read by the operations themselves, streamed (objects) or small (multipart completion).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.setErrorHandler((err, req, reply) => s3Failure(err, req, reply));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-amz-request-id', req.id);
      const url = req.raw.url ?? req.url;
      // The path the client signed: the one it sent (before an S3_HOST request was put under /s3).
      const signed = (req.raw as { originalUrl?: string }).originalUrl ?? url;
      const caller = await s3Caller(deps.oss, deps.users, { method: req.method, url: signed, headers: req.headers });
      const { bucket, key } = target(url);
      const r: S3Request = { req, reply, bucket, key, query: new Map(queryPairs(url)), caller };
      if (!key && !caller) throw s3.accessDenied();
      return key ? objectOp(deps, r) : bucketOp(deps, r);
    };
    const methods = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const;
    for (const url of ['/s3', '/s3/*']) scope.route({ method: [...methods], url, exposeHeadRoute: false, compress: false, handler });
  });
}
