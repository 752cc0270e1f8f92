// The deployment's generated keys (server_keys), shared by every process of it.
import type { Db } from '../db/database.ts';

/** Stores `value` under `name` unless a key of that name exists (the first process to start wins). */
export async function insertServerKeyIfAbsent(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('server_keys')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function serverKey(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
