// Reading the operation log (logManage): searchable by user, resource, action and time range,
// cursor-paged, exported as .xlsx through the export tasks. What a caller sees is scoped: platform
// roles every line, a tenant-wide role its tenant's lines, anyone else the lines of the project
// they named in X-Project-Id.
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import type { Language } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import { t } from '../platform/lib/i18n.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { accessOf } from '../platform/auth/tenancy.repository.ts';
import { actionLabel, ROUTE_ACTIONS } from './oplog-actions.ts';
import { exportLines, LINE_COLUMNS, linesQuery, loggedActions } from './operation-log.repository.ts';

const LIST: ListSpec = {
  sortable: { created_at: 'operation_logs.created_at' },
  filters: { action: 'operation_logs.action', user_id: 'operation_logs.user_id' },
  booleanFilters: { success: 'operation_logs.success' },
  defaultOrder: '-created_at',
  idColumn: 'operation_logs.id',
  search: { param: 'resource', columns: ['operation_logs.resource_name', 'operation_logs.resource_id'] },
};

const timeParam = z.iso.datetime({ offset: true }).optional();
export const oplogQuerySchema = z.object({ user: z.string().max(64).optional(), from: timeParam, to: timeParam });

/** Where a scope may look: platform all, tenant-wide its tenant, else the project it named. */
export interface OplogView {
  tenantId: string | null;
  projectId: string | null;
}
export function viewOf(scope: Scope): OplogView {
  const access = accessOf(scope.user);
  if (access.allTenants) return { tenantId: null, projectId: null };
  // a tenant-wide role sees its whole tenant whichever project the console has picked
  if (access.wholeTenants.has(scope.tenantId)) return { tenantId: scope.tenantId, projectId: null };
  // resolveScope made a project-only member name a project they belong to
  return { tenantId: scope.tenantId, projectId: scope.projectId };
}

type Row = { [K in (typeof LINE_COLUMNS)[number] extends `operation_logs.${infer C}` ? C : never]: unknown } & {
  action: string;
  resource_type: string | null;
  created_at: Date;
  success: boolean;
};

export function operationLogService(db: Db) {
  /** The time range and user filter, checked (400 when the range runs backwards). */
  function rangeOf(query: Record<string, unknown>) {
    const q = oplogQuerySchema.parse(query);
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw new AppError(400, 'validation', { field: 'from', rule: '—' });
    return q;
  }
  const present = (lang: Language) => (r: Row) => ({
    ...r,
    action_label: actionLabel(lang, r.action),
    resource_type_label: r.resource_type ? resourceTypeLabel(lang, r.resource_type) : null,
    result_label: t(lang, `notify:oplog.result.${r.success ? 'success' : 'failure'}`),
  });
  return {
    list(view: OplogView, query: Record<string, unknown>, lang: Language) {
      return runList(linesQuery(db, view, rangeOf(query)), (qb) => qb.select([...LINE_COLUMNS]), query, LIST, present(lang) as never);
    },
    /** The action codes a filter offers: the fixed table's plus the kinds' that have been logged. */
    async actions(view: OplogView, lang: Language) {
      const seen = await loggedActions(db, view);
      const fixed = Object.values(ROUTE_ACTIONS).filter((v): v is string => typeof v === 'string');
      const codes = [...new Set([...fixed, ...seen])];
      return codes.map((code) => ({ code, label: actionLabel(lang, code) })).sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
    },
    /** The export task's file: the filtered lines, newest first, up to `max`. */
    async xlsx(view: OplogView, filters: Record<string, string>, lang: Language, max: number) {
      const rows = (await exportLines(db, view, rangeOf(filters), filters, max + 1)) as unknown as Row[];
      const truncated = rows.length > max;
      const book = new ExcelJS.Workbook();
      book.creator = 'Yunshu';
      const sheet = book.addWorksheet(t(lang, 'notify:oplog.title'));
      const cols = ['created_at', 'user', 'action', 'resource', 'resource_id', 'ip', 'result'] as const;
      sheet.columns = cols.map((c) => ({ header: t(lang, `notify:oplog.columns.${c}`), key: c, width: c === 'resource_id' ? 36 : 22 }));
      sheet.getRow(1).font = { bold: true };
      for (const r of rows.slice(0, max)) {
        sheet.addRow({
          created_at: formatTime(r.created_at),
          user: `${String(r.nickname)}（${String(r.account)}）`,
          action: actionLabel(lang, r.action),
          resource: r.resource_name ?? '',
          resource_id: r.resource_id ?? '',
          ip: r.ip,
          result: r.success
            ? t(lang, 'notify:oplog.result.success')
            : `${t(lang, 'notify:oplog.result.failure')}${r.error_title ? `：${String(r.error_title)}` : ''}`,
        });
      }
      return { count: Math.min(rows.length, max), truncated, content: Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer) };
    },
  };
}
export type OperationLogService = ReturnType<typeof operationLogService>;

function resourceTypeLabel(lang: Language, type: string): string {
  const kind = t(lang, `kinds:${type}.name`);
  if (kind !== `${type}.name`) return kind;
  const own = t(lang, `notify:oplog.types.${type}`);
  return own.startsWith('oplog.') ? type : own;
}

/** 2026-11-23 14:05:09 in Asia/Shanghai (UTC+8, no daylight saving). */
export function formatTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
