// The body of an S3 write as the object store reads it: the declared SHA-256 checked as the bytes
// pass (a mismatch is refused before the object is committed), and aws-chunked bodies (the SDK's
// streaming uploads with checksum trailers) decoded into their payload.
import { createHash } from 'node:crypto';
import { S3Error, s3 } from './s3-errors.ts';

/** Passes the bytes through, comparing their SHA-256 with `expectedHex` at the end. */
export async function* checkedSha256(source: AsyncIterable<Uint8Array>, expectedHex: string): AsyncIterable<Uint8Array> {
  const hash = createHash('sha256');
  for await (const piece of source) {
    hash.update(piece);
    yield piece;
  }
  if (hash.digest('hex') !== expectedHex.toLowerCase())
    throw new S3Error('XAmzContentSHA256Mismatch', 400, 'The provided x-amz-content-sha256 header does not match what was computed.');
}

/** Decodes aws-chunked: `hex-size[;ext]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n`. */
export async function* awsChunked(source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  let buf = Buffer.alloc(0);
  let need = -1; // bytes of the current chunk still to pass, -1 while reading a size line
  for await (const piece of source) {
    buf = buf.length ? Buffer.concat([buf, piece]) : Buffer.from(piece);
    for (;;) {
      if (need < 0) {
        const eol = buf.indexOf('\r\n');
        if (eol < 0) {
          if (buf.length > 4096) throw s3.invalidRequest('Malformed aws-chunked body');
          break;
        }
        const size = parseInt(buf.subarray(0, eol).toString('latin1').split(';')[0]!, 16);
        if (!Number.isFinite(size) || size < 0) throw s3.invalidRequest('Malformed aws-chunked body');
        buf = buf.subarray(eol + 2);
        if (size === 0) return; // trailers follow (checksums): not needed to store the object
        need = size;
      }
      if (need > 0) {
        if (!buf.length) break;
        const take = Math.min(need, buf.length);
        yield buf.subarray(0, take);
        buf = buf.subarray(take);
        need -= take;
      }
      if (need === 0) {
        if (buf.length < 2) break;
        buf = buf.subarray(2);
        need = -1;
      }
    }
  }
  throw s3.invalidRequest('Truncated aws-chunked body');
}

/** The payload of a write request as declared by its headers. */
export function payloadOf(raw: AsyncIterable<Uint8Array>, payloadHash: string, contentEncoding: string | undefined): AsyncIterable<Uint8Array> {
  const chunked = payloadHash.startsWith('STREAMING-') || (contentEncoding ?? '').split(',').some((e) => e.trim() === 'aws-chunked');
  if (chunked) return awsChunked(raw);
  if (/^[0-9a-f]{64}$/i.test(payloadHash)) return checkedSha256(raw, payloadHash);
  return raw;
}
