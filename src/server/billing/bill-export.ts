// The .xlsx of a bill (issue 13), written by the export tasks' scheduler like every export
// (downloadRecord lists it): the usage lines of the task's range and scope with labelled, formatted
// columns in the task's language — yuan with two decimals, vendor and product names, the original
// currency and rate of each line.
import ExcelJS from 'exceljs';
import type { Language } from '../../domain/errors.ts';
import { fenToYuan } from '../../domain/pricing.ts';
import { EXPORT_MAX_ROWS } from '../../domain/constants.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import type { Db } from '../platform/db/database.ts';
import { t } from '../platform/lib/i18n.ts';
import type { ExportWriter } from '../engine/export.service.ts';
import type { BillService } from './bill.service.ts';
import { projectNames, regionNames } from './bill.repository.ts';

export const BILL_EXPORT_CODE = 'bill';
export const BILL_EXPORT_FIELDS = [
  'day',
  'project',
  'resource_name',
  'product',
  'vendor',
  'region',
  'charging_code',
  'hours',
  'original',
  'discount',
  'amount',
  'currency',
  'original_amount',
  'rate',
] as const;

export function billExportWriter(db: Db, bills: BillService) {
  return async (task: Parameters<ExportWriter>[0]) => {
    const lang = task.lang as Language;
    const filters = (typeof task.filters === 'string' ? JSON.parse(task.filters) : task.filters) as Record<string, string>;
    const found = await bills.lines({ tenantId: task.tenant_id, projectId: task.project_id }, filters.start_date!, filters.end_date!);
    const truncated = found.length > EXPORT_MAX_ROWS;
    const lines = found.slice(0, EXPORT_MAX_ROWS);
    const projects = new Map((await projectNames(db, task.tenant_id)).map((p) => [p.id, p.name_zh]));
    const regions = new Map((await regionNames(db)).map((r) => [r.id, r.name]));
    const book = new ExcelJS.Workbook();
    book.creator = 'Yunshu';
    const sheet = book.addWorksheet(t(lang, 'billing:export.sheet'));
    sheet.columns = BILL_EXPORT_FIELDS.map((f) => ({ header: t(lang, `billing:fields.${f}`), key: f, width: f === 'resource_name' ? 30 : 16 }));
    sheet.getRow(1).font = { bold: true };
    for (const l of lines) {
      const kind = kindOf(l.kind);
      sheet.addRow({
        day: l.day,
        project: projects.get(l.project_id) ?? '',
        resource_name: l.resource_name,
        product: kind ? t(lang, `kinds:${kind.kind}.name`) : l.product_code,
        vendor: t(lang, `kinds:vendors.${l.vendor}`),
        region: l.region_id ? (regions.get(l.region_id) ?? '') : '',
        charging_code: t(lang, `billing:charging.${l.charging_code}`),
        hours: Math.round(l.hours * 100) / 100,
        original: fenToYuan(l.original_fen),
        discount: fenToYuan(l.discount_fen),
        amount: fenToYuan(l.amount_fen),
        currency: t(lang, `billing:currency.${l.currency}`),
        original_amount: fenToYuan(l.original_amount),
        rate: l.rate,
      });
    }
    return { count: lines.length, truncated, content: Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer) };
  };
}
