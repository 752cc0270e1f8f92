// Export of a kind's list as a queued task: the scheduler writes a real .xlsx (exceljs) of up to
// 20,000 rows, with the columns asked and the labels of the task's language, into the task's row
// (bytea), so the process that serves the download need not be the one that wrote it. A list
// longer than that is cut at 20,000 and the task says so (truncated).
import ExcelJS from 'exceljs';
import { EXPORT_MAX_ROWS } from '../../domain/constants.ts';
import type { Language } from '../../domain/errors.ts';
import { kindByProductCode } from '../../domain/kinds/registry.ts';
import { t } from '../platform/lib/i18n.ts';
import type { ExportsRepository } from './exports.repository.ts';
import type { ResourceService } from './resource.service.ts';
import { exportStamp } from '../platform/lib/export-stamp.ts';
import type { EventBus } from '../platform/events/bus.ts';

export { EXPORT_MAX_ROWS };
export { exportStamp };

function cellValue(lang: Language, kind: string, field: string, row: Record<string, unknown>): string | number | Date | null {
  const spec = row.spec as Record<string, unknown>;
  const v = field in row && field !== 'spec' ? row[field] : spec[field];
  if (v === undefined || v === null) return null;
  const refName = (row.ref_names as Record<string, string> | undefined)?.[field];
  if (refName) return refName; // a ref field reads as the name of what it points at, not its id
  if (field === 'status') return t(lang, `kinds:status.${String(v)}`);
  if (field === 'vendor') return t(lang, `kinds:vendors.${String(v)}`);
  if (typeof v === 'boolean') return t(lang, `kinds:common.${v ? 'yes' : 'no'}`);
  if (v instanceof Date) return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'number' ? v : String(v);
}

/** A list that is not a kind's (the operation log) writes its own file for its product code. */
export type ExportWriter = (task: {
  tenant_id: string;
  project_id: string | null;
  user_id: string;
  filters: Record<string, string>;
  lang: Language;
}) => Promise<{
  count: number;
  truncated: boolean;
  content: Buffer;
}>;

export function exportService(deps: { repo: ExportsRepository; resources: ResourceService; bus: EventBus; log: { error: (o: object, m: string) => void } }) {
  const writers = new Map<string, ExportWriter>();
  async function write(task: Awaited<ReturnType<ExportsRepository['claim']>> & object) {
    const own = writers.get(task.product_code);
    if (own) {
      const filters = typeof task.filters === 'string' ? (JSON.parse(task.filters) as Record<string, string>) : task.filters;
      return own({ tenant_id: task.tenant_id, project_id: task.project_id, user_id: task.user_id, filters, lang: task.lang as Language });
    }
    const def = kindByProductCode(task.product_code)!;
    const lang = task.lang as Language;
    const fields = typeof task.fields === 'string' ? (JSON.parse(task.fields) as string[]) : task.fields;
    const filters = typeof task.filters === 'string' ? (JSON.parse(task.filters) as Record<string, string>) : task.filters;
    // One row past the limit tells whether the list was cut.
    const found = await deps.resources.exportRows({ tenantId: task.tenant_id, projectId: task.project_id }, def, filters, EXPORT_MAX_ROWS + 1);
    const truncated = found.length > EXPORT_MAX_ROWS;
    const rows = truncated ? found.slice(0, EXPORT_MAX_ROWS) : found;
    const book = new ExcelJS.Workbook();
    book.creator = 'Yunshu';
    const sheet = book.addWorksheet(t(lang, `kinds:${def.kind}.name`));
    sheet.columns = fields.map((f) => ({ header: t(lang, `kinds:${def.kind}.fields.${f}`), key: f, width: 22 }));
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) sheet.addRow(Object.fromEntries(fields.map((f) => [f, cellValue(lang, def.kind, f, r as unknown as Record<string, unknown>)])));
    const content = Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
    return { count: rows.length, truncated, content };
  }

  /** Scheduler worker: writes queued exports, one per claim. */
  async function runQueued(max = 5): Promise<number> {
    let n = 0;
    for (; n < max; n++) {
      const task = await deps.repo.claim();
      if (!task) break;
      try {
        const { count, truncated, content } = await write(task);
        await deps.repo.finish(task.id, { state: 'done', row_count: count, truncated, content });
      } catch (err) {
        deps.log.error({ err, task: task.id }, 'export failed');
        await deps.repo.finish(task.id, { state: 'failed', error: 'write_failed' });
      }
      await deps.bus.publish([{ type: 'export.finished', tenant_id: task.tenant_id, project_id: task.project_id, id: task.id, at: new Date().toISOString() }]);
    }
    return n;
  }
  return {
    runQueued,
    /** Registers the writer of a non-kind export (product code not a kind's). */
    register(productCode: string, writer: ExportWriter) {
      writers.set(productCode, writer);
    },
  };
}
