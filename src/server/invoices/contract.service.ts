// Contracts (contractManage, contractDetail, uploadProtocol, previewTemplate; ADR 0025): the
// tenant's contracts with the platform, their date rules (start not after now nor after the end),
// the signed protocol (a PDF checked by its bytes with file-type, kept in the database as bytea so
// every process serves it) and a template preview link sealed with the deployment's secret box that
// expires after three days.
import { fileTypeFromBuffer } from 'file-type';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import { PREVIEW_LINK_MS, contractDatesRefusal, type ContractInput } from '../../domain/billing/invoices.ts';
import type { Db } from '../platform/db/database.ts';
import { invalid } from '../platform/lib/invalid.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import * as repo from './invoice.repository.ts';

export interface ContractDeps {
  db: Db;
  secrets: SecretBox;
}

export const listContracts = (d: ContractDeps, tenantId: string) => repo.contractsOf(d.db, tenantId);

export async function getContract(d: ContractDeps, tenantId: string, id: string) {
  const row = await repo.contractById(d.db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

function checkDates(input: ContractInput, now: Date) {
  const refusal = contractDatesRefusal(new Date(input.start_at), new Date(input.end_at), now);
  if (refusal) throw invalid(refusal.field, refusal.rule);
}

export async function createContract(d: ContractDeps, tenantId: string, userId: string, input: ContractInput, now = new Date()) {
  checkDates(input, now);
  const id = newId();
  const contract_no = `HT${shanghaiDay(now).replaceAll('-', '')}${id.slice(0, 6).toUpperCase()}`;
  await repo.insertContract(d.db, { ...input, id, tenant_id: tenantId, contract_no, created_by: userId, created_at: now, updated_at: now });
  return getContract(d, tenantId, id);
}

export async function updateContract(d: ContractDeps, tenantId: string, id: string, input: ContractInput, now = new Date()) {
  await getContract(d, tenantId, id);
  checkDates(input, now);
  await repo.updateContract(d.db, tenantId, id, { ...input, updated_at: now });
  return getContract(d, tenantId, id);
}

/** The signed protocol: a PDF by its content (a renamed image is refused), at most 10 MB. */
export async function uploadProtocol(d: ContractDeps, tenantId: string, id: string, file: { filename: string; bytes: Buffer }, now = new Date()) {
  await getContract(d, tenantId, id);
  if (!file.bytes.length) throw new AppError(400, 'upload_empty');
  const found = await fileTypeFromBuffer(file.bytes);
  if (found?.mime !== 'application/pdf') throw new AppError(400, 'invoices.protocol_not_pdf', { name: file.filename });
  await repo.updateContract(d.db, tenantId, id, {
    protocol_name: file.filename,
    protocol_pdf: file.bytes,
    protocol_size: file.bytes.length,
    protocol_uploaded_at: now,
    updated_at: now,
  });
  return getContract(d, tenantId, id);
}

export async function protocolOf(d: ContractDeps, tenantId: string, id: string) {
  const row = await repo.contractProtocol(d.db, tenantId, id);
  if (!row?.protocol_pdf) throw notFound();
  return { name: row.protocol_name ?? 'protocol.pdf', bytes: row.protocol_pdf };
}

/** A sealed token naming the tenant and the moment it stops working (three days on). */
export function previewToken(d: ContractDeps, tenantId: string, now = new Date()) {
  const expires = now.getTime() + PREVIEW_LINK_MS;
  const token = Buffer.from(d.secrets.seal({ purpose: 'contract_template', tenant: tenantId, exp: expires })).toString('base64url');
  return { token, expires_at: new Date(expires).toISOString() };
}

function openToken(d: ContractDeps, token: string): Record<string, unknown> {
  try {
    return d.secrets.open(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(400, 'invoices.link_invalid');
  }
}

/** The template a token opens: 400 when it was not made here, 410 once expired, 404 for another tenant. */
export async function previewTemplate(d: ContractDeps, tenantId: string, token: string, now = new Date()) {
  const body = openToken(d, token);
  if (body.purpose !== 'contract_template' || typeof body.exp !== 'number') throw new AppError(400, 'invoices.link_invalid');
  if (body.tenant !== tenantId) throw notFound();
  if (body.exp <= now.getTime()) throw new AppError(410, 'invoices.link_expired');
  const tenant = await repo.tenantName(d.db, tenantId);
  const info = await repo.defaultParty(d.db, tenantId);
  return { tenant_name: tenant.name, party: info ?? null, expires_at: new Date(body.exp).toISOString() };
}

export function contractService(db: Db, secrets: SecretBox) {
  const d: ContractDeps = { db, secrets };
  return {
    list: (tenantId: string) => listContracts(d, tenantId),
    get: (tenantId: string, id: string) => getContract(d, tenantId, id),
    create: (tenantId: string, userId: string, input: ContractInput, now?: Date) => createContract(d, tenantId, userId, input, now),
    update: (tenantId: string, id: string, input: ContractInput, now?: Date) => updateContract(d, tenantId, id, input, now),
    upload: (tenantId: string, id: string, file: { filename: string; bytes: Buffer }, now?: Date) => uploadProtocol(d, tenantId, id, file, now),
    protocol: (tenantId: string, id: string) => protocolOf(d, tenantId, id),
    previewToken: (tenantId: string, now?: Date) => previewToken(d, tenantId, now),
    preview: (tenantId: string, token: string, now?: Date) => previewTemplate(d, tenantId, token, now),
  };
}
export type ContractService = ReturnType<typeof contractService>;
