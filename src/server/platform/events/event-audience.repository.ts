// What the audience of an event reads from the database.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The request's participant_ids column as stored (a JSON array of user ids), undefined without the request. */
export async function participantIdsOf(db: Db, requestId: string): Promise<unknown> {
  const row = await db
    .selectFrom('approval_requests')
    .select(sql<unknown>`participant_ids`.as('participant_ids'))
    .where('id', '=', requestId)
    .executeTakeFirst();
  return row?.participant_ids;
}
