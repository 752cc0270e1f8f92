// All SQL of ICP filings (migration 0039): filings of a tenant, their materials, the public lookup
// of completed filings by domain, and the due filings the scheduler moves on (claimed FOR UPDATE
// SKIP LOCKED, so several server processes share them and each step is taken once).
import { sql, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import type { Timestamp, NullableTime } from '../platform/db/tables.ts';

export interface IcpFilingsTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  created_by: string | null;
  domain: string;
  /** JSON text of the subject and the site (the service parses them) */
  subject: string;
  site: string;
  status: string;
  icp_number: string | null;
  submitted_at: Timestamp;
  next_at: NullableTime;
  completed_at: NullableTime;
}

export interface IcpMaterialsTable {
  id: string;
  tenant_id: string;
  uploader_id: string;
  filing_id: string | null;
  kind: string;
  name: string;
  mime: string;
  size: number;
  data: Buffer;
  created_at: Timestamp;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    icp_filings: IcpFilingsTable;
    icp_materials: IcpMaterialsTable;
  }
}

export type FilingRow = Selectable<IcpFilingsTable>;
export type MaterialMeta = Omit<Selectable<IcpMaterialsTable>, 'data'>;
export const FILING_LIST: ListSpec = {
  sortable: { submitted_at: 'icp_filings.submitted_at', domain: 'icp_filings.domain' },
  filters: { status: 'icp_filings.status', domain: 'icp_filings.domain' },
  defaultOrder: '-submitted_at',
  idColumn: 'icp_filings.id',
};
const META = ['id', 'tenant_id', 'uploader_id', 'filing_id', 'kind', 'name', 'mime', 'size', 'created_at'] as const;

export function icpRepository(db: Db) {
  return {
    async insertMaterial(m: Omit<Selectable<IcpMaterialsTable>, 'id' | 'created_at' | 'filing_id'>): Promise<MaterialMeta> {
      return db
        .insertInto('icp_materials')
        .values({ ...m, id: newId(), filing_id: null, created_at: new Date() })
        .returning(META)
        .executeTakeFirstOrThrow();
    },
    materialsByIds(tenantId: string, ids: readonly string[]): Promise<MaterialMeta[]> {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('icp_materials').select(META).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    },
    materialsOf(filingIds: readonly string[]): Promise<MaterialMeta[]> {
      if (!filingIds.length) return Promise.resolve([]);
      return db.selectFrom('icp_materials').select(META).where('filing_id', 'in', filingIds).orderBy('created_at').execute();
    },
    material(tenantId: string, id: string) {
      return db.selectFrom('icp_materials').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    /** The filing and its materials at once; false when the domain is already filed (nothing written). */
    async insertFiling(row: Omit<FilingRow, 'icp_number' | 'completed_at'>, materialIds: readonly string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ins = await trx
          .insertInto('icp_filings')
          .values({ ...row, icp_number: null, completed_at: null })
          .onConflict((oc) => oc.column('domain').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!ins) return false;
        await trx.updateTable('icp_materials').set({ filing_id: row.id }).where('id', 'in', materialIds).where('filing_id', 'is', null).execute();
        return true;
      });
    },
    /** Base query of a tenant's filings for the platform's list helper (paging, filters, order). */
    listQuery(tenantId: string) {
      return db.selectFrom('icp_filings').where('icp_filings.tenant_id', '=', tenantId);
    },
    /** Whether the tenant is a financial one (its filings need the security assessment). */
    async tenantBusiness(tenantId: string): Promise<string | null> {
      const row = await db.selectFrom('tenants').select('business_type').where('id', '=', tenantId).executeTakeFirst();
      return row?.business_type ?? null;
    },
    filing(tenantId: string, id: string) {
      return db.selectFrom('icp_filings').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    completedByDomain(domain: string) {
      return db.selectFrom('icp_filings').selectAll().where('domain', '=', domain).where('status', '=', 'completed').executeTakeFirst();
    },
    /**
     * Moves every due filing to the state `next` computes for it, in one transaction: claimed with
     * SKIP LOCKED, a completed one numbered from the sequence. Answers how many moved.
     */
    async advanceDue(
      now: Date,
      next: (row: FilingRow) => { status: string; next_at: Date | null; completed_at: Date | null },
      numberOf: (row: FilingRow, seq: number) => string,
    ) {
      // One cheap read on an idle pass (the scheduler runs every tick); the transaction only when something is due.
      if (!(await db.selectFrom('icp_filings').select('id').where('next_at', '<=', now).limit(1).executeTakeFirst())) return 0;
      return db.transaction().execute(async (trx) => {
        const due = await trx.selectFrom('icp_filings').selectAll().where('next_at', '<=', now).orderBy('next_at').limit(50).forUpdate().skipLocked().execute();
        for (const row of due) {
          const step = next(row);
          let icp_number: string | null = row.icp_number;
          if (step.completed_at && !icp_number) {
            const { rows } = await sql<{ n: string }>`select nextval('icp_number_seq') as n`.execute(trx);
            icp_number = numberOf(row, Number(rows[0]!.n));
          }
          await trx
            .updateTable('icp_filings')
            .set({ status: step.status, next_at: step.next_at, icp_number, completed_at: step.completed_at })
            .where('id', '=', row.id)
            .execute();
        }
        return due.length;
      });
    },
  };
}

export type IcpRepository = ReturnType<typeof icpRepository>;
