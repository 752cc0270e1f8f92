// Demo bastion-host users and their permissions (issue 15, ADR 0030): two operations engineers of
// the manufacturer hold the bastion-host user role in its projects, each allowed to upload and/or
// download files on a few of its cloud hosts, so /fortproperty shows cards with both chips.
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { usersRepository } from '../platform/auth/users.repository.ts';

/** [account, nickname, phone, projects where the role is held] in 华东制造集团 */
const BASTION_USERS: [string, string, string, string[]][] = [
  ['ops_liu', '运维工程师 刘洋', '13900000021', ['smart-factory-mes', 'rnd-test']],
  ['ops_he', '运维工程师 何静', '13900000022', ['rnd-test']],
];
/** [account, host index among the tenant's hosts by name, upload, download] */
const GRANTS: [string, number, boolean, boolean][] = [
  ['ops_liu', 0, true, true],
  ['ops_liu', 1, false, true],
  ['ops_liu', 2, true, false],
  ['ops_he', 1, true, true],
];

export async function seedBastion(db: Db): Promise<void> {
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', '华东制造集团').executeTakeFirst();
  const admin = await db.selectFrom('users').select(['id', 'password_hash']).where('account', '=', 'tenant_admin').executeTakeFirst();
  if (!tenant || !admin) return;
  const projects = await db.selectFrom('projects').select(['id', 'name']).where('tenant_id', '=', tenant.id).execute();
  const repo = usersRepository(db);
  const ids = new Map<string, string>();
  for (const [account, nickname, phone, held] of BASTION_USERS) {
    const userId = await repo.insertUser({
      account,
      nickname,
      password_hash: admin.password_hash,
      phone,
      email: `${account}@yunshu.example.cn`,
      is_phone_validate: true,
    });
    ids.set(account, userId);
    for (const name of held) {
      const project = projects.find((p) => p.name === name);
      if (project) await repo.addMembership(userId, 'bastion_user', tenant.id, project.id);
    }
  }
  const hosts = await db
    .selectFrom('resources')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('kind', '=', 'instance')
    .orderBy('name')
    .orderBy('id')
    .limit(3)
    .execute();
  const now = new Date();
  for (const [account, index, upload, download] of GRANTS) {
    const host = hosts[index];
    const userId = ids.get(account);
    if (!host || !userId) continue;
    await db
      .insertInto('bastion_permissions')
      .values({
        id: newId(),
        tenant_id: tenant.id,
        user_id: userId,
        host_id: host.id,
        can_upload: upload,
        can_download: download,
        granted_by: admin.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
