// Asset import (assetImportResult, issue 30): an .xlsx of assets, one a row under a header row, each
// row created through the resource engine exactly as the 登记资产 form does (schema, the asset
// number once per tenant, one asset per rack U, the machine room in scope, approvals), with a result
// per row: created, or the refusal in the caller's language naming the field. The headers are read
// in zh-CN or zh-TW; the machine room is named as the list shows it; the type by its label or code.
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { AppError, badRequest, type Language } from '../../domain/errors.ts';
import { ASSET_TYPES, assetKind } from '../../domain/kinds/asset/asset.kind.ts';
import { machineRoomKind } from '../../domain/kinds/machine-room/machine-room.kind.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { errorBody, validationBody } from '../platform/http/errors.plugin.ts';
import { t } from '../platform/lib/i18n.ts';
import type { ResourceService } from '../engine/resource.service.ts';

export const IMPORT_LIMITS = { fileBytes: 2 * 1024 * 1024, fileLabel: '2 MB', rows: 500 } as const;

/** The template's columns: body key and its header in each language. */
export const COLUMNS = [
  { key: 'name', cn: '资产名称', tw: '資產名稱', required: true },
  { key: 'asset_no', cn: '资产编号', tw: '資產編號', required: true },
  { key: 'asset_type', cn: '资产类型', tw: '資產類型', required: true },
  { key: 'brand', cn: '品牌', tw: '品牌', required: true },
  { key: 'model', cn: '型号', tw: '型號', required: true },
  { key: 'sn', cn: '序列号', tw: '序號', required: true },
  { key: 'machine_room', cn: '所在机房', tw: '所在機房', required: true },
  { key: 'rack', cn: '机柜', tw: '機櫃', required: true },
  { key: 'u_position', cn: 'U位', tw: 'U位', required: true },
  { key: 'keeper', cn: '保管人', tw: '保管人', required: true },
  { key: 'purchased_on', cn: '购置日期', tw: '購置日期', required: true },
  { key: 'description', cn: '描述', tw: '描述', required: false },
] as const;

const TYPE_LABELS: Readonly<Record<string, (typeof ASSET_TYPES)[number]>> = {
  服务器: 'server',
  伺服器: 'server',
  交换机: 'switch',
  交換器: 'switch',
  路由器: 'router',
  防火墙: 'firewall',
  防火牆: 'firewall',
  存储设备: 'storage',
  儲存裝置: 'storage',
  其他: 'other',
};

export interface ImportRow {
  /** the row's number in the sheet (the header is row 1) */
  row: number;
  name: string;
  asset_no: string;
  ok: boolean;
  id?: string;
  status?: string;
  field?: string;
  error?: string;
}

export interface ImportResult {
  file: string;
  total: number;
  created: number;
  failed: number;
  rows: ImportRow[];
}

export interface AssetImportDeps {
  resources: ResourceService;
}

const normalise = (h: string) => h.replace(/\s+/g, '').replace(/[（(].*[)）]$/, '');

/** A cell as text: dates as YYYY-MM-DD (Asia/Shanghai), rich text and formulas by their text. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return new Date(v.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text).trim();
    return '';
  }
  return String(v).trim();
}

/** The sheet's rows as header-keyed records (400 when it is not an .xlsx, has no rows, misses a header or has too many rows). */
export async function readSheet(bytes: Buffer): Promise<{ row: number; values: Record<string, string> }[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('asset_import.not_xlsx');
  }
  const sheet = book.worksheets[0];
  if (!sheet || sheet.actualRowCount < 2) throw badRequest('asset_import.empty');
  const header = sheet.getRow(1);
  const at = new Map<string, number>();
  header.eachCell((cell, col) => {
    const h = normalise(cellText(cell.value));
    const c = COLUMNS.find((x) => x.cn === h || x.tw === h || x.key === h);
    if (c) at.set(c.key, col);
  });
  const missing = COLUMNS.filter((c) => c.required && !at.has(c.key));
  if (missing.length) throw badRequest('asset_import.headers', { names: missing.map((c) => c.cn).join('、') });
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const values = Object.fromEntries([...at].map(([k, col]) => [k, cellText(r.getCell(col).value)]));
    if (Object.values(values).some(Boolean)) rows.push({ row: n, values });
  });
  if (!rows.length) throw badRequest('asset_import.empty');
  if (rows.length > IMPORT_LIMITS.rows) throw badRequest('asset_import.too_many', { max: IMPORT_LIMITS.rows });
  return rows;
}

function refusalOf(lang: Language, err: unknown): { error: string; field?: string } {
  if (err instanceof z.ZodError) {
    const b = validationBody(lang, err);
    return { error: b.description, field: b.field };
  }
  if (err instanceof AppError) return { error: errorBody(lang, err.status, err.key, err.params as Record<string, string | number>).description };
  throw err;
}

/** Creates each row through the engine, in order, and answers the result of every row. */
export async function importAssets(deps: AssetImportDeps, scope: Scope, lang: Language, file: { filename: string; bytes: Buffer }): Promise<ImportResult> {
  const rows = await readSheet(file.bytes);
  const rooms = (await deps.resources.list(scope, machineRoomKind, { __limit: 1000 })) as { data: { id: string; name: string }[] };
  const roomId = new Map(rooms.data.map((r) => [r.name, r.id]));
  const results: ImportRow[] = [];
  for (const { row, values } of rows) {
    const base = { row, name: values.name ?? '', asset_no: values.asset_no ?? '' };
    const room = roomId.get(values.machine_room ?? '');
    if (!room) {
      results.push({ ...base, ok: false, field: 'machine_room', error: t(lang, 'errors:asset_import.no_room', { name: values.machine_room || '-' }) });
      continue;
    }
    const { machine_room: _room, asset_type, description, ...rest } = values;
    const body = {
      ...rest,
      asset_type: TYPE_LABELS[asset_type ?? ''] ?? asset_type,
      machine_room_id: room,
      ...(description ? { description } : {}),
    };
    try {
      const made = (await deps.resources.create(scope, assetKind, body)) as { id: string; status: string };
      results.push({ ...base, ok: true, id: made.id, status: made.status });
    } catch (err) {
      results.push({ ...base, ok: false, ...refusalOf(lang, err) });
    }
  }
  const created = results.filter((r) => r.ok).length;
  return { file: file.filename, total: results.length, created, failed: results.length - created, rows: results };
}

/** The template to fill: the headers in the caller's language and one example row. */
export async function importTemplate(lang: Language, roomName: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh-TW' ? '資產' : '资产');
  sheet.addRow(COLUMNS.map((c) => (lang === 'zh-TW' ? c.tw : c.cn)));
  sheet.addRow([
    '应用服务器-01',
    'ZJ-SRV-0101',
    lang === 'zh-TW' ? '伺服器' : '服务器',
    '华为',
    'FusionServer 2288H V6',
    '2102313LNS10N6009999',
    roomName,
    'A03',
    8,
    '李明',
    '2024-01-15',
    '',
  ]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}
