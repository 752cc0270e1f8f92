// The certificate store's own rows: sealed private keys (never read back by any API), and the
// expiry sweep that moves valid certificates to 待续期 / 已过期 as time passes.
import { sql } from 'kysely';
import type { Exec } from './engine.repository.ts';
import { RENEWAL_WARNING_DAYS } from '../../domain/kinds/ssl-certificate/ssl-certificate.rules.ts';

export async function storeSealedKey(ex: Exec, row: { resource_id: string; tenant_id: string; sealed: string }) {
  await ex.insertInto('certificate_keys').values(row).execute();
}

/** The sealed key of a certificate (for a real vendor driver deploying it); tests read it to prove it is sealed. */
export async function sealedKeyOf(ex: Exec, resourceId: string): Promise<string | undefined> {
  return (await ex.selectFrom('certificate_keys').select('sealed').where('resource_id', '=', resourceId).executeTakeFirst())?.sealed;
}

/** Moves certificates past their warning date or expiry; answers how many changed. */
export async function sweepCertificateExpiry(ex: Exec, now: Date): Promise<number> {
  const expiry = sql`(spec->>'expires_at')::timestamptz`;
  const expired = await ex.updateTable('resources').set({ status: 'expired', updated_at: now })
    .where('kind', '=', 'ssl_certificate').where('status', 'in', ['normal', 'pending_renewal'])
    .where(sql<boolean>`spec ? 'expires_at'`).where(expiry, '<=', now).executeTakeFirst();
  const warn = new Date(now.getTime() + RENEWAL_WARNING_DAYS * 86_400_000);
  const renewal = await ex.updateTable('resources').set({ status: 'pending_renewal', updated_at: now })
    .where('kind', '=', 'ssl_certificate').where('status', '=', 'normal')
    .where(sql<boolean>`spec ? 'expires_at'`).where(expiry, '<=', warn).executeTakeFirst();
  return Number(expired.numUpdatedRows) + Number(renewal.numUpdatedRows);
}
