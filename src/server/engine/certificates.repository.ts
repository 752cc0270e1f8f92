// The certificate store's queries: the expiry sweep that moves valid certificates to 待续期 / 已过期 as time passes.
import { sql } from 'kysely';
import type { Exec } from './engine.repository.ts';
import { RENEWAL_WARNING_DAYS } from '../../domain/kinds/ssl-certificate/ssl-certificate.rules.ts';

/** Moves certificates past their warning date or expiry; answers how many changed. */
export async function sweepCertificateExpiry(ex: Exec, now: Date): Promise<number> {
  const expiry = sql`(spec->>'expires_at')::timestamptz`;
  const expired = await ex
    .updateTable('resources')
    .set({ status: 'expired', updated_at: now })
    .where('kind', '=', 'ssl_certificate')
    .where('status', 'in', ['normal', 'pending_renewal'])
    .where(sql<boolean>`spec ? 'expires_at'`)
    .where(expiry, '<=', now)
    .executeTakeFirst();
  const warn = new Date(now.getTime() + RENEWAL_WARNING_DAYS * 86_400_000);
  const renewal = await ex
    .updateTable('resources')
    .set({ status: 'pending_renewal', updated_at: now })
    .where('kind', '=', 'ssl_certificate')
    .where('status', '=', 'normal')
    .where(sql<boolean>`spec ? 'expires_at'`)
    .where(expiry, '<=', warn)
    .executeTakeFirst();
  return Number(expired.numUpdatedRows) + Number(renewal.numUpdatedRows);
}

/** CDN domains (HTTPS) and load-balancer listeners of the tenant using a certificate. */
export async function certificateUsers(ex: Exec, tenantId: string, certificateId: string): Promise<string[]> {
  const rows = await ex
    .selectFrom('resources')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('kind', 'in', ['cdn_domain', 'lb_listener'])
    .where(sql<boolean>`spec->>'certificate_id' = ${certificateId}`)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Counts `n` more CDN task URLs of `type` for the tenant today (Asia/Shanghai) if that stays
 * within `limit`: one conditional upsert, so concurrent submissions cannot both pass. Answers the
 * new total, or null when the limit would be passed (nothing counted).
 */
export async function countCdnTaskUrls(ex: Exec, tenantId: string, type: string, n: number, limit: number): Promise<number | null> {
  if (n > limit) return null;
  const day = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;
  const row = await ex
    .insertInto('cdn_task_counters')
    .values({ tenant_id: tenantId, day, task_type: type, used: n })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'day', 'task_type'])
        .doUpdateSet({ used: sql`cdn_task_counters.used + ${n}` })
        .where(sql<boolean>`cdn_task_counters.used + ${n} <= ${limit}`),
    )
    .returning('used')
    .executeTakeFirst();
  return row ? Number(row.used) : null;
}

/** URLs of each task type the tenant has used today. */
export async function cdnTaskUsage(ex: Exec, tenantId: string): Promise<Record<string, number>> {
  const rows = await ex
    .selectFrom('cdn_task_counters')
    .select(['task_type', 'used'])
    .where('tenant_id', '=', tenantId)
    .where('day', '=', sql<string>`(now() at time zone 'Asia/Shanghai')::date`)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.task_type, Number(r.used)]));
}
