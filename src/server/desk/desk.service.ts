// The service desk (issue 12): work orders (types, questions, templates, attachments, a reply thread
// both ways, states, rating) and feedback. Tenants see only their own tenant's (and, when the scope
// names one, their project's) items; the operations side (platform roles: `oncall`, `admin`) sees
// every tenant's and answers. People hear of replies and state changes through the NotifyPort.
// This file holds the catalogue and uploads and binds the slice's functions to their dependencies
// (workorder.service.ts, feedback.service.ts); the SQL is in desk.repository.ts.
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { Language } from '../../domain/errors.ts';
import { DOCUMENT_MIMES, IMAGE_MIMES, UPLOAD_LIMITS, nameMatchesType } from '../../domain/desk.ts';
import type { Db } from '../platform/db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { DeskCaller, DeskDeps, TenantCaller } from './desk-deps.ts';

export type { DeskCaller, DeskDeps, TenantCaller };
import { attachmentById, insertAttachments, workorderQuestions, workorderTemplates, workorderTypes } from './desk.repository.ts';
import { createWorkorder, getWorkorder, listWorkorders, local, rate, reply, transition, workorderOr404 } from './workorder.service.ts';
import { closeFeedback, createFeedback, getFeedback, listFeedback, replyFeedback } from './feedback.service.ts';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

const typeFilter = (typeId: unknown) => (typeof typeId === 'string' && typeId ? typeId : null);

/** The mime type an upload really has, read from its bytes (never from its name); null if not accepted. */
export async function sniffMime(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return (IMAGE_MIMES as readonly string[]).includes(found.mime) || (DOCUMENT_MIMES as readonly string[]).includes(found.mime) ? found.mime : null;
  // Plain text has no magic number: accept it only when it is valid UTF-8 without control bytes.
  const text = bytes.toString('utf8');
  let control = false;
  for (const b of bytes) if (b < 0x09 || (b > 0x0d && b < 0x20)) control = true;
  return !text.includes('\uFFFD') && !control ? 'text/plain' : null;
}

export async function types(deps: DeskDeps, lang: Language) {
  const rows = await workorderTypes(deps.db);
  return { count: rows.length, data: rows.map((r) => ({ id: r.id, name: local(r.name, lang), description: local(r.description, lang) })) };
}

export async function questions(deps: DeskDeps, lang: Language, typeId: unknown) {
  const rows = await workorderQuestions(deps.db, typeFilter(typeId));
  return { count: rows.length, data: rows.map((r) => ({ id: r.id, workorder_type_id: r.type_id, name: local(r.name, lang) })) };
}

export async function templates(deps: DeskDeps, lang: Language, typeId: unknown) {
  const rows = await workorderTemplates(deps.db, typeFilter(typeId));
  return {
    count: rows.length,
    data: rows.map((r) => ({ id: r.id, workorder_type_id: r.type_id, name: local(r.name, lang), content: local(r.content, lang) })),
  };
}

/** Checks one file within the size limits by its content; answers its stored form or throws the refusal. */
async function checkFile(f: UploadedFile) {
  const mime = await sniffMime(f.bytes);
  if (!mime || !nameMatchesType(f.filename, mime)) throw new AppError(415, 'upload_type', { name: f.filename });
  if ((IMAGE_MIMES as readonly string[]).includes(mime) && f.bytes.length > UPLOAD_LIMITS.imageBytes)
    throw new AppError(413, 'upload_image_too_large', { name: `「${f.filename}」`, max: '2 MB' });
  return { name: f.filename.slice(0, 120) || 'file', mime, bytes: f.bytes };
}

/**
 * Stores uploaded files after checking each by its content: an accepted type, images (jpg/png)
 * at most 2 MB, any file at most 10 MB, all of one request at most 20 MB. Nothing is stored
 * unless every file passes.
 */
export async function upload(deps: DeskDeps, caller: TenantCaller, files: UploadedFile[]) {
  if (files.length === 0) throw badRequest('upload_empty');
  if (files.length > UPLOAD_LIMITS.maxFiles) throw badRequest('upload_too_many', { max: UPLOAD_LIMITS.maxFiles });
  let total = 0;
  const checked: { name: string; mime: string; bytes: Buffer }[] = [];
  for (const f of files) {
    total += f.bytes.length;
    if (f.bytes.length > UPLOAD_LIMITS.fileBytes) throw new AppError(413, 'upload_file_too_large', { name: `「${f.filename}」`, max: '10 MB' });
    if (total > UPLOAD_LIMITS.totalBytes) throw new AppError(413, 'upload_total_too_large', { max: '20 MB' });
    checked.push(await checkFile(f));
  }
  const now = new Date();
  const rows = checked.map((c) => ({
    id: newId(),
    tenant_id: caller.tenantId,
    uploader_id: caller.userId,
    workorder_id: null,
    name: c.name,
    mime: c.mime,
    size: c.bytes.length,
    data: c.bytes,
    created_at: now,
  }));
  await insertAttachments(deps.db, rows);
  return { count: rows.length, data: rows.map((r) => ({ id: r.id, name: r.name, mime: r.mime, size: r.size })) };
}

export async function attachment(deps: DeskDeps, caller: DeskCaller, id: string) {
  const row = await attachmentById(deps.db, id);
  if (!row) throw notFound();
  // An attachment not yet on a work order is its uploader's; one on a work order follows it.
  if (row.workorder_id) await workorderOr404(deps.db, caller, row.workorder_id);
  else if (row.uploader_id !== caller.userId) throw notFound();
  return row;
}

/** Binds a function of the slice to its dependencies. */
const bound =
  <A extends unknown[], R>(deps: DeskDeps, fn: (d: DeskDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

export function deskService(db: Db, notify: NotifyPort) {
  const deps: DeskDeps = { db, notify };
  return {
    types: bound(deps, types),
    questions: bound(deps, questions),
    templates: bound(deps, templates),
    upload: bound(deps, upload),
    attachment: bound(deps, attachment),
    createWorkorder: bound(deps, createWorkorder),
    listWorkorders: bound(deps, listWorkorders),
    getWorkorder: bound(deps, getWorkorder),
    reply: bound(deps, reply),
    transition: bound(deps, transition),
    rate: bound(deps, rate),
    createFeedback: bound(deps, createFeedback),
    listFeedback: bound(deps, listFeedback),
    getFeedback: bound(deps, getFeedback),
    replyFeedback: bound(deps, replyFeedback),
    closeFeedback: bound(deps, closeFeedback),
  };
}

export type DeskService = ReturnType<typeof deskService>;
