// The bytes of a signed request must be the bytes its signature declared (ADR 0039/0043).
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { AppError } from '../../../domain/errors.ts';

const sha256Hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Reads the body (at most `limit` bytes) and refuses (401) when its SHA-256 differs from what the
 * signature declared; answers a stream of the same bytes for the parser. Called from preParsing,
 * for every method (a GET declares the hash of nothing), so nothing parses a body the key did not sign.
 */
export async function checkedBody(payload: Readable, declared: string, limit: number): Promise<Readable> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > limit) throw new AppError(413, 'payload_too_large');
    chunks.push(b);
  }
  const body = Buffer.concat(chunks);
  if (sha256Hex(body) !== declared) throw new AppError(401, 'keys.body_mismatch');
  const out = new PassThrough();
  out.end(body);
  return out;
}
