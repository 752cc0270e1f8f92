// Streams the file of an upload form (fields first, then one file) into a handler, through the
// platform's multipart plugin (its limits, its catalogued refusals): unlike readMultipart, the file
// is never buffered — the handler reads it as it arrives and writes it away in chunks.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { MAX_BOUNDARY, boundaryOf, multipartError, type MultipartLimits } from '../platform/http/multipart.plugin.ts';
import type { IncomingFile } from './oss-objects.service.ts';

export async function streamUpload<T>(
  req: FastifyRequest,
  limits: MultipartLimits,
  handle: (fields: Record<string, string>, file: IncomingFile) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  if (!boundaryOf(req.headers['content-type'])) throw new AppError(400, 'multipart_boundary', { max: MAX_BOUNDARY });
  const fields: Record<string, string> = {};
  let result: { value: T } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw new AppError(400, 'multipart_invalid');
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = value;
        continue;
      }
      if (result || part.fieldname !== 'file' || !part.filename || part.filename.includes('\u0000')) {
        part.file.resume();
        if (!result) throw new AppError(400, 'multipart_invalid');
        continue;
      }
      result = { value: await handle(fields, { filename: part.filename, mimetype: part.mimetype, stream: part.file }) };
      if (part.file.truncated) throw new AppError(413, 'upload_file_too_large', { name: part.filename, max: limits.fileLabel });
    }
  } catch (err) {
    throw multipartError(err, limits);
  }
  if (!result) throw new AppError(400, 'upload_empty');
  return result.value;
}
