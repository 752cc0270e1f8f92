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
import type { Db } from '../db/database.ts';
import { invalid } from '../kinds/hooks.ts';
import type { SecretBox } from '../lib/secret-box.ts';

const LIST_COLUMNS = [
  'id',
  'contract_no',
  'party_name',
  'signing_period',
  'bill_month',
  'start_at',
  'end_at',
  'status',
  'contact',
  'phone',
  'address',
  'email',
  'protocol_name',
  'protocol_size',
  'protocol_uploaded_at',
  'created_at',
  'updated_at',
] as const;

export function contractService(db: Db, secrets: SecretBox) {
  async function get(tenantId: string, id: string) {
    const row = await db.selectFrom('contracts').select(LIST_COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  function checkDates(input: ContractInput, now: Date) {
    const refusal = contractDatesRefusal(new Date(input.start_at), new Date(input.end_at), now);
    if (refusal) throw invalid(refusal.field, refusal.rule);
  }

  return {
    list: (tenantId: string) =>
      db.selectFrom('contracts').select(LIST_COLUMNS).where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').orderBy('id').execute(),
    get,
    async create(tenantId: string, userId: string, input: ContractInput, now = new Date()) {
      checkDates(input, now);
      const id = newId();
      await db
        .insertInto('contracts')
        .values({
          ...input,
          id,
          tenant_id: tenantId,
          contract_no: `HT${shanghaiDay(now).replaceAll('-', '')}${id.slice(0, 6).toUpperCase()}`,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return get(tenantId, id);
    },
    async update(tenantId: string, id: string, input: ContractInput, now = new Date()) {
      await get(tenantId, id);
      checkDates(input, now);
      await db
        .updateTable('contracts')
        .set({ ...input, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      return get(tenantId, id);
    },
    /** The signed protocol: a PDF by its content (a renamed image is refused), at most 10 MB. */
    async upload(tenantId: string, id: string, file: { filename: string; bytes: Buffer }, now = new Date()) {
      await get(tenantId, id);
      if (!file.bytes.length) throw new AppError(400, 'upload_empty');
      const found = await fileTypeFromBuffer(file.bytes);
      if (found?.mime !== 'application/pdf') throw new AppError(400, 'invoices.protocol_not_pdf', { name: file.filename });
      await db
        .updateTable('contracts')
        .set({ protocol_name: file.filename, protocol_pdf: file.bytes, protocol_size: file.bytes.length, protocol_uploaded_at: now, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      return get(tenantId, id);
    },
    async protocol(tenantId: string, id: string) {
      const row = await db
        .selectFrom('contracts')
        .select(['protocol_name', 'protocol_pdf'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row?.protocol_pdf) throw notFound();
      return { name: row.protocol_name ?? 'protocol.pdf', bytes: row.protocol_pdf };
    },
    /** A sealed token naming the tenant and the moment it stops working (three days on). */
    previewToken(tenantId: string, now = new Date()) {
      const expires = now.getTime() + PREVIEW_LINK_MS;
      const token = Buffer.from(secrets.seal({ purpose: 'contract_template', tenant: tenantId, exp: expires })).toString('base64url');
      return { token, expires_at: new Date(expires).toISOString() };
    },
    /** The template a token opens: 400 when it was not made here, 410 once expired, 404 for another tenant. */
    async preview(tenantId: string, token: string, now = new Date()) {
      let body: Record<string, unknown>;
      try {
        body = secrets.open(Buffer.from(token, 'base64url').toString('utf8'));
      } catch {
        throw new AppError(400, 'invoices.link_invalid');
      }
      if (body.purpose !== 'contract_template' || typeof body.exp !== 'number') throw new AppError(400, 'invoices.link_invalid');
      if (body.tenant !== tenantId) throw notFound();
      if (body.exp <= now.getTime()) throw new AppError(410, 'invoices.link_expired');
      const tenant = await db.selectFrom('tenants').select(['name']).where('id', '=', tenantId).executeTakeFirstOrThrow();
      const info = await db
        .selectFrom('invoice_infos')
        .select(['company_name', 'taxpayer_no', 'address', 'phone', 'bank_name', 'bank_account'])
        .where('tenant_id', '=', tenantId)
        .orderBy('is_default', 'desc')
        .executeTakeFirst();
      return { tenant_name: tenant.name, party: info ?? null, expires_at: new Date(body.exp).toISOString() };
    },
  };
}
export type ContractService = ReturnType<typeof contractService>;
