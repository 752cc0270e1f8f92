// Demo cloud accounts: in the first project of every tenant, one account per public vendor with an
// AccessKey of that vendor's shape, its secret sealed like any other secret field, and the
// vendor's regions synced (all but the last, so a sync still has something to add). Seeded once.
import { createHash } from 'node:crypto';
import { newId } from '../../domain/ids.ts';
import { CLOUD_ACCOUNT_VENDORS, maskAccessKeyId } from '../../domain/kinds/cloud-account/cloud-account.kind.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';

const NAMES: Record<string, [string, string]> = {
  ali: ['aliyun-prod', '阿里云生产账号'],
  tencent: ['tencent-ops', '腾讯云运维账号'],
  ctyun: ['ctyun-gov', '天翼云政务账号'],
  hwyun: ['huawei-dev', '华为云研发账号'],
};

/** A stable AccessKey ID of the vendor's shape, drawn from a seed string. */
function demoKeyId(vendor: string, seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const alnum = Buffer.from(hex, 'hex')
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  if (vendor === 'ali') return `LTAI5t${alnum.slice(0, 18)}`;
  if (vendor === 'tencent') return `AKID${alnum.slice(0, 32)}`;
  if (vendor === 'hwyun') return hex.slice(0, 20).toUpperCase();
  return hex.slice(0, 32);
}

export async function seedCloudAccounts(db: Db, secrets: SecretBox, now = new Date()): Promise<number> {
  if (await db.selectFrom('resources').select('id').where('kind', '=', 'cloud_account').limit(1).executeTakeFirst()) return 0;
  const tenants = await db.selectFrom('tenants').select('id').orderBy('created_at').execute();
  const regions = await db.selectFrom('regions').select(['id', 'name', 'public_cloud_provider']).orderBy('sort_value').execute();
  let n = 0;
  for (const [ti, tenant] of tenants.entries()) {
    const project = await db.selectFrom('projects').select('id').where('tenant_id', '=', tenant.id).orderBy('name').limit(1).executeTakeFirst();
    if (!project) continue;
    for (const [vi, vendor] of CLOUD_ACCOUNT_VENDORS.entries()) {
      const own = regions.filter((r) => r.public_cloud_provider === vendor);
      const synced = own.length > 1 ? own.slice(0, -1) : own;
      const keyId = demoKeyId(vendor, `${tenant.id}:${vendor}`);
      const secret = createHash('sha256').update(`secret:${tenant.id}:${vendor}`).digest('base64').slice(0, 30);
      const [name, cnName] = NAMES[vendor]!;
      const at = new Date(now.getTime() - (40 - ti * 4 - vi) * 86_400_000);
      await db
        .insertInto('resources')
        .values({
          id: newId(),
          kind: 'cloud_account',
          tenant_id: tenant.id,
          project_id: project.id,
          vendor,
          region_id: null,
          az_id: null,
          name: `demo-${name}`,
          status: 'available',
          locked: false,
          spec: JSON.stringify({
            access_key_id: keyId,
            cn_name: cnName,
            description: `${maskAccessKeyId(keyId)} 用于纳管${cnName.slice(0, cnName.length - 2)}资源`,
            region_ids: synced.map((r) => r.id),
            region_names: synced.map((r) => r.name).join('、'),
            region_count: synced.length,
            synced_at: new Date(at.getTime() + 3_600_000).toISOString(),
          }),
          secrets: secrets.seal({ access_key_secret: secret }),
          created_at: at,
          updated_at: at,
        })
        .execute();
      n += 1;
    }
  }
  return n;
}
