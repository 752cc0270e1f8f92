// Streams the file of an upload form (fields first, then one file) into the object store, through
// the platform's multipart plugin (its limits, its catalogued refusals, the same answers as
// readMultipart for a nameless file or a NUL): unlike readMultipart, the file is never buffered —
// it is written away in chunks as it arrives. What is written is only staged: it is committed once
// the whole form has been read, and discarded when any part of the form is refused.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import { nulError } from '../platform/http/input-guard.plugin.ts';
import { MAX_BOUNDARY, boundaryOf, multipartError, type MultipartLimits } from '../platform/http/multipart.plugin.ts';
import type { IncomingFile, Staged } from './oss-deps.ts';

async function readForm<T>(
  req: FastifyRequest,
  limits: MultipartLimits,
  stage: (fields: Record<string, string>, file: IncomingFile) => Promise<Staged<T>>,
): Promise<Staged<T> | null> {
  const fields: Record<string, string> = {};
  let staged: Staged<T> | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\u0000')) throw nulError(['(form)']);
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (value.includes('\u0000')) throw nulError([part.fieldname]);
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = value;
        continue;
      }
      if (!part.filename)
        throw new z.ZodError([{ code: 'invalid_type', expected: 'string', path: [part.fieldname, 'filename'], message: 'required', input: undefined }]);
      if (part.filename.includes('\u0000')) throw nulError([part.fieldname, 'filename']);
      if (staged || part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      staged = await stage(fields, { filename: part.filename, mimetype: part.mimetype, stream: part.file });
      if (part.file.truncated) throw new AppError(413, 'upload_file_too_large', { name: '', max: limits.fileLabel });
    }
  } catch (err) {
    await staged?.discard();
    throw err;
  }
  return staged;
}

export async function streamUpload<T>(
  req: FastifyRequest,
  limits: MultipartLimits,
  stage: (fields: Record<string, string>, file: IncomingFile) => Promise<Staged<T>>,
): Promise<T> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  if (!boundaryOf(req.headers['content-type'])) throw new AppError(400, 'multipart_boundary', { max: MAX_BOUNDARY });
  let staged: Staged<T> | null;
  try {
    staged = await readForm(req, limits, stage);
  } catch (err) {
    throw multipartError(err, limits);
  }
  if (!staged) throw new AppError(400, 'upload_empty');
  return staged.commit();
}
