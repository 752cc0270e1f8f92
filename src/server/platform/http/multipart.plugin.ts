// Multipart uploads (issue 27, "no 500 on any input"): the one way a route takes
// multipart/form-data. `registerMultipart(scope, limits)` makes the routes of one encapsulated scope
// accept it; `readMultipart(req)` reads the whole form under those limits. Whatever a client sends —
// no boundary or one busboy cannot search for, a truncated or garbage body, too many parts, a file
// too large, a file without a name, a NUL in a name or value — answers a catalogued 4xx and reaches
// no service: every failure raised while parsing is mapped here, never by the route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AppError } from '../../../domain/errors.ts';
import { nulError } from './input-guard.plugin.ts';

export interface MultipartLimits {
  /** bytes one file may hold; a larger one is cut off and refused (413) */
  fileBytes: number;
  /** the label of fileBytes in the refusal, e.g. '10 MB' */
  fileLabel: string;
  /** files the parser reads; one more is refused (400 upload_too_many) */
  files: number;
  /** the most files the refusal names (default: files) */
  filesShown?: number;
  /** text fields the parser reads; one more is refused */
  fields: number;
  /** bytes all files together may hold (default: unlimited beyond files × fileBytes) */
  totalBytes?: number;
  /** the label of totalBytes in the refusal, e.g. '20 MB' */
  totalLabel?: string;
}

export interface UploadedPart {
  /** the form field the file came in */
  field: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface MultipartForm {
  /** text fields by name (the first value of a repeated name) */
  fields: Record<string, string>;
  files: UploadedPart[];
}

/** RFC 2046 §5.1.1: a boundary is 1–70 characters; busboy cannot search for one over 256. */
export const MAX_BOUNDARY = 70;
/** Field names as long as any form of ours needs; busboy's default allows 100. */
const MAX_FIELD_NAME = 100;
/** Text fields are short (an enterprise name, a licence number). */
const MAX_FIELD_BYTES = 64 * 1024;

const LIMITS = new WeakMap<FastifyRequest, MultipartLimits>();

/** Makes the routes of `scope` (an encapsulated plugin) accept multipart/form-data under `limits`. */
export async function registerMultipart(scope: FastifyInstance, limits: MultipartLimits) {
  await scope.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files,
      fields: limits.fields,
      parts: limits.files + limits.fields,
      fieldNameSize: MAX_FIELD_NAME,
      fieldSize: MAX_FIELD_BYTES,
      headerPairs: 20,
    },
  });
  scope.addHook('onRequest', (req, _reply, done) => {
    LIMITS.set(req, limits);
    done();
  });
  scope.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) MULTIPART_ROUTES.add(`${method} ${route.url}`);
  });
}

/** Every route that takes multipart/form-data (tests walk them all). */
export const MULTIPART_ROUTES = new Set<string>();

/** The boundary of a multipart/form-data Content-Type, or null when it is missing or unusable. */
export function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = m ? (m[1] ?? m[2] ?? '') : '';
  return boundary.length >= 1 && boundary.length <= MAX_BOUNDARY ? boundary : null;
}

/**
 * Reads the whole form of a multipart request under its scope's limits. A request that is not
 * multipart is a 415; every other failure while parsing is a catalogued 4xx (multipartError).
 */
export async function readMultipart(req: FastifyRequest): Promise<MultipartForm> {
  const limits = LIMITS.get(req);
  if (!limits || !req.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  if (!boundaryOf(req.headers['content-type'])) throw new AppError(400, 'multipart_boundary', { max: MAX_BOUNDARY });
  const form: MultipartForm = { fields: {}, files: [] };
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\u0000')) throw nulError(['(form)']);
      if (part.type === 'field') {
        // a field sent as application/json arrives parsed: kept as its JSON text
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (value.includes('\u0000')) throw nulError([part.fieldname]);
        if (!Object.hasOwn(form.fields, part.fieldname)) form.fields[part.fieldname] = value;
        continue;
      }
      // busboy counts a part without a filename as a file when its type is application/octet-stream
      if (!part.filename)
        throw new z.ZodError([{ code: 'invalid_type', expected: 'string', path: [part.fieldname, 'filename'], message: 'required', input: undefined }]);
      if (part.filename.includes('\u0000')) throw nulError([part.fieldname, 'filename']);
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (limits.totalBytes !== undefined && total > limits.totalBytes) throw new AppError(413, 'upload_total_too_large', { max: limits.totalLabel ?? '' });
      form.files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
    }
  } catch (err) {
    throw multipartError(err, limits);
  }
  return form;
}

/**
 * The catalogue's answer to a failure raised while a multipart body was parsed: our own refusals
 * pass through, @fastify/multipart's limits become their texts, and anything else busboy throws
 * (no boundary, a boundary too long to search for, a truncated body, malformed part headers,
 * a closed connection) is a malformed body — the client's fault, never a 500.
 */
export function multipartError(err: unknown, limits: MultipartLimits): Error {
  if (err instanceof AppError || err instanceof z.ZodError) return err;
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'upload_file_too_large', { name: '', max: limits.fileLabel });
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'upload_too_many', { max: limits.filesShown ?? limits.files });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, 'multipart_too_many_fields', { max: limits.fields });
    default:
      return new AppError(400, 'multipart_invalid');
  }
}
