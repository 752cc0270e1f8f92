// Demo AccessKeys with 90 days of signed calls per action (rankings and details have something to
// show), a locked and an expired key, and MaaS accounts with API keys per tenant (issue 15).
// Secrets are random and sealed: nobody knows them, as after a real creation.
import { randomBytes } from 'node:crypto';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { newId } from '../../domain/ids.ts';
import { maskSecret } from '../../domain/keys.ts';
import { chunks } from '../platform/lib/chunks.ts';

const DAY = 86_400_000;
const KEYS: {
  account: string;
  description: string;
  type: 'temporary' | 'permanent';
  expiresInDays?: number;
  daily: number;
  actions: string[];
  locked?: string;
  ageDays: number;
}[] = [
  {
    account: 'tenant_admin',
    description: 'CI/CD 流水线自动部署',
    type: 'permanent',
    daily: 420,
    ageDays: 300,
    actions: ['GET /api/instances', 'POST /api/instances/:id/actions', 'GET /api/v1/approvals', 'POST /api/instances'],
  },
  {
    account: 'tenant_admin',
    description: '监控数据采集',
    type: 'temporary',
    expiresInDays: 5,
    daily: 260,
    ageDays: 60,
    actions: ['GET /api/v1/alarms', 'GET /api/instances/:id/metrics', 'GET /api/volumes'],
  },
  {
    account: 'tenant_admin',
    description: '旧版运维脚本',
    type: 'permanent',
    daily: 35,
    ageDays: 200,
    locked: '凌晨出现大量异常调用，已暂停使用，请轮换密钥后联系运维解锁',
    actions: ['DELETE /api/instances/:id', 'GET /api/instances'],
  },
  {
    account: 'member',
    description: 'MES 数据同步',
    type: 'permanent',
    daily: 120,
    ageDays: 150,
    actions: ['GET /api/instances', 'GET /api/v1/cloud/bills/projects'],
  },
  {
    account: 'approver',
    description: '临时排障',
    type: 'temporary',
    expiresInDays: -10,
    daily: 15,
    ageDays: 40,
    actions: ['GET /api/v1/approvals', 'POST /api/v1/workorders'],
  },
  {
    account: 'fin_admin',
    description: '核心系统对账',
    type: 'permanent',
    daily: 180,
    ageDays: 240,
    actions: ['GET /api/v1/cloud/bills/tenants', 'GET /api/v1/cloud/cost-center'],
  },
  { account: 'wl_admin', description: '运单轨迹推送', type: 'permanent', daily: 90, ageDays: 120, actions: ['GET /api/eips', 'GET /api/instances'] },
];

const MAAS: { tenantOf: string; vendor: string; name: string; remark: string; keys: { name: string; calls: number; enabled?: boolean }[] }[] = [
  {
    tenantOf: 'tenant_admin',
    vendor: 'qwen',
    name: '智能客服大模型',
    remark: '售后客服机器人',
    keys: [
      { name: '客服机器人', calls: 182_340 },
      { name: '知识库问答', calls: 40_112 },
    ],
  },
  {
    tenantOf: 'tenant_admin',
    vendor: 'deepseek',
    name: '研发代码助手',
    remark: '研发中心使用',
    keys: [
      { name: 'IDE 插件', calls: 96_520 },
      { name: '旧版网关', calls: 3_210, enabled: false },
    ],
  },
  { tenantOf: 'fin_admin', vendor: 'ernie', name: '智能投顾问答', remark: '', keys: [{ name: '投顾助手', calls: 25_600 }] },
  { tenantOf: 'wl_admin', vendor: 'doubao', name: '运单客服', remark: '物流客服热线', keys: [{ name: '热线语音转写', calls: 58_004 }] },
];

/** Small deterministic noise so the charts are not flat (same numbers on every seed). */
function noise(i: number) {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}
const shanghaiDay = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);

export async function seedKeys(db: Db, secrets: SecretBox): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'account']).execute();
  const memberships = await db.selectFrom('memberships').select(['user_id', 'tenant_id']).where('tenant_id', 'is not', null).execute();
  const userId = (account: string) => users.find((u) => u.account === account)?.id;
  const tenantOf = (uid: string) => memberships.find((m) => m.user_id === uid)?.tenant_id ?? null;
  const oncall = userId('oncall') ?? null;
  const now = Date.now();
  let seq = 0;
  for (const k of KEYS) {
    const uid = userId(k.account);
    const tenantId = uid ? tenantOf(uid) : null;
    if (!uid || !tenantId) continue;
    const id = newId();
    const calls: { key_id: string; tenant_id: string; action: string; day: string; calls: number }[] = [];
    let total = 0;
    let last = 0;
    for (let d = Math.min(k.ageDays, 90) - 1; d >= 0; d--) {
      const t = now - d * DAY;
      if (k.expiresInDays !== undefined && t > now + k.expiresInDays * DAY) continue;
      if (k.locked && d < 3) continue;
      k.actions.forEach((action, ai) => {
        const n = Math.round((k.daily / (ai + 1)) * (0.6 + 0.8 * noise(++seq)));
        if (n <= 0) return;
        calls.push({ key_id: id, tenant_id: tenantId, action, day: shanghaiDay(t), calls: n });
        total += n;
        last = t;
      });
    }
    await db
      .insertInto('access_keys')
      .values({
        id,
        tenant_id: tenantId,
        user_id: uid,
        bind_user_id: uid,
        access_key: `YSAK${randomBytes(8).toString('hex').toUpperCase()}`,
        secret_sealed: secrets.seal({ secret: randomBytes(30).toString('base64url') }),
        description: k.description,
        key_type: k.type,
        expires_at: k.expiresInDays !== undefined ? new Date(now + k.expiresInDays * DAY) : null,
        locked: !!k.locked,
        locked_by: k.locked ? oncall : null,
        locked_at: k.locked ? new Date(now - 3 * DAY) : null,
        lock_reason: k.locked ?? null,
        call_count: total,
        last_used_at: last ? new Date(last - 3600_000 * noise(++seq)) : null,
        created_at: new Date(now - k.ageDays * DAY),
      })
      .execute();
    for (const part of chunks(calls)) await db.insertInto('access_key_calls').values(part).execute();
  }
  for (const a of MAAS) {
    const uid = userId(a.tenantOf);
    const tenantId = uid ? tenantOf(uid) : null;
    if (!uid || !tenantId) continue;
    const accountId = newId();
    await db
      .insertInto('maas_accounts')
      .values({ id: accountId, tenant_id: tenantId, vendor: a.vendor, name: a.name, remark: a.remark, created_by: uid, created_at: new Date(now - 200 * DAY) })
      .execute();
    for (const [i, key] of a.keys.entries()) {
      const secret = `sk-${randomBytes(24).toString('hex')}`;
      await db
        .insertInto('maas_api_keys')
        .values({
          id: newId(),
          tenant_id: tenantId,
          account_id: accountId,
          name: key.name,
          masked: maskSecret(secret),
          secret_sealed: secrets.seal({ secret }),
          enabled: key.enabled ?? true,
          calls: key.calls,
          last_used_at: new Date(now - (i + 1) * 5 * 3600_000),
          created_by: uid,
          created_at: new Date(now - (180 - i * 30) * DAY),
        })
        .execute();
    }
  }
}
