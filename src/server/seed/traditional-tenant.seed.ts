// The Taiwanese finance tenant writes Traditional Chinese (issue 28): its people, projects, systems,
// approvals, alarms, work orders, bills and messages were seeded in the seed files' Simplified source
// text, and read 「鑫泰金控 管理员 周敏」 even in the zh-TW interface. After the demo data is in place,
// every text of that tenant's rows (and of the people who belong to it alone) is converted the way a
// Taiwanese company writes it: OpenCC's Simplified → Taiwan standard with Taiwanese phrases
// (opencc-js, `cn` → `twp`: 项目 → 專案, 内存 → 記憶體, 默认 → 預設). OpenCC changes Chinese text
// only: ids, codes, keys and numbers stay as they are. The tenant row itself is left alone: its name reads
// the same in both scripts, and its business type is the platform's classification (金融服务 is what
// makes a tenant's production rules wait for 18:00, domain/approvals/effective-time.ts).
import * as OpenCC from 'opencc-js';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/** The demo tenants that write Traditional Chinese. */
export const TRADITIONAL_TENANTS = ['鑫泰金融控股'];

/** The product's own zh-TW words, one per concept (locales/zh-TW): where OpenCC's phrase differs, ours. */
const PRODUCT_WORDS: [string, string][] = [
  ['審批', '簽核'],
  ['告警', '警示'],
];

let converter: ((text: string) => string) | undefined;
/** Simplified → Taiwanese Traditional in the product's words (built once: the dictionaries take a moment). */
export function taiwanese(text: string): string {
  converter ??= OpenCC.Converter({ from: 'cn', to: 'twp' });
  return PRODUCT_WORDS.reduce((out, [from, to]) => out.replaceAll(from, to), converter(text));
}

interface TextColumn {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** Converts the text and JSON columns of the rows `where` selects; answers how many rows changed. */
async function convertRows(db: Db, table: string, columns: TextColumn[], where: ReturnType<typeof sql>): Promise<number> {
  const rows = (
    await sql<
      Record<string, unknown>
    >`select ctid::text as __row, ${sql.join(columns.map((c) => sql.ref(c.column_name)))} from ${sql.table(table)} where ${where}`.execute(db)
  ).rows;
  let changed = 0;
  for (const row of rows) {
    const sets = columns.flatMap((c) => {
      const value = row[c.column_name];
      if (value === null || value === undefined) return [];
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const converted = taiwanese(text);
      if (converted === text) return [];
      return [sql`${sql.ref(c.column_name)} = ${c.data_type === 'jsonb' ? sql`${converted}::jsonb` : converted}`];
    });
    if (!sets.length) continue;
    await sql`update ${sql.table(table)} set ${sql.join(sets)} where ctid = ${row.__row as string}::tid`.execute(db);
    changed++;
  }
  return changed;
}

/** Writes the Traditional tenants' demo data in Traditional Chinese. */
export async function seedTraditionalTenants(db: Db): Promise<number> {
  const columns = (
    await sql<TextColumn>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb')
      order by table_name, ordinal_position`.execute(db)
  ).rows;
  const byTable = new Map<string, TextColumn[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
  const tenantTables = new Set(
    (
      await sql<{
        table_name: string;
      }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'`.execute(db)
    ).rows.map((r) => r.table_name),
  );
  let changed = 0;
  for (const name of TRADITIONAL_TENANTS) {
    const tenant = await db.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirst();
    if (!tenant) continue;
    const texts = (table: string) => (byTable.get(table) ?? []).filter((c) => c.column_name !== 'tenant_id' && !c.column_name.endsWith('_id'));
    for (const table of tenantTables) if (texts(table).length) changed += await convertRows(db, table, texts(table), sql`tenant_id = ${tenant.id}`);
    // Its people: those whose every membership is in this tenant (not the platform's staff).
    changed += await convertRows(
      db,
      'users',
      texts('users').filter((c) => ['nickname', 'industry', 'enterprise', 'position', 'department'].includes(c.column_name)),
      sql`id in (select user_id from memberships group by user_id having bool_and(tenant_id is not distinct from ${tenant.id}))`,
    );
  }
  return changed;
}
