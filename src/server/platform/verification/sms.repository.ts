// SMS verification codes (hashed) per user and operation.
import type { Db } from '../db/database.ts';
import { newId } from '../../../domain/ids.ts';

export async function insertSmsCode(db: Db, row: { user_id: string; operate_type: string; code_hash: string; expires_at: Date }) {
  await db
    .insertInto('sms_codes')
    .values({ id: newId(), ...row })
    .execute();
}
export async function lastSmsSentAt(db: Db, userId: string, operateType: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('operate_type', '=', operateType)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}
export async function latestSmsCode(db: Db, userId: string, operateType: string) {
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('operate_type', '=', operateType)
    .where('used', '=', false)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, expires_at: new Date(row.expires_at) } : undefined;
}
/** Marks a code used unless another request did first; answers whether this call took it. */
export async function consumeSmsCode(db: Db, id: string): Promise<boolean> {
  const rows = await db.updateTable('sms_codes').set({ used: true }).where('id', '=', id).where('used', '=', false).returning('id').execute();
  return rows.length === 1;
}
