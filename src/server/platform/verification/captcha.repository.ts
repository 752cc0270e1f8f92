// Picture captchas: the hash of each image's answer, spent by its one guess.
import type { Db } from '../db/database.ts';

export async function insertCaptcha(db: Db, row: { id: string; answer_hash: string; expires_at: Date }): Promise<void> {
  await db.insertInto('signup_captchas').values(row).execute();
}

/** Drops the images that expired before `before`. */
export async function deleteCaptchasExpiredBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('signup_captchas').where('expires_at', '<', before).execute();
}

/** Spends an image in one statement (UPDATE … WHERE used = false RETURNING): undefined when it was spent already. */
export async function spendCaptcha(db: Db, id: string) {
  return db
    .updateTable('signup_captchas')
    .set({ used: true })
    .where('id', '=', id)
    .where('used', '=', false)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}
