// Demo account reviews (ADR 0026): what the platform administrators find under 账号审核 on the
// first start — real-name verifications and phone changes waiting, earlier ones rejected with their
// reasons — so the review screen is meaningful before anyone submits. Users of 江南物流 and
// an approver of 华东制造 (their own user-centre tests use other accounts).
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';

// A 1×1 PNG stands in for the scanned licence (judged by content like any upload).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const daysAgo = (d: number, h = 10) => new Date(Date.now() - d * 86_400_000 - h * 3600_000);

export async function seedSignup(db: Db): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'account']).execute();
  const id = (account: string) => users.find((u) => u.account === account)?.id;
  const admin = id('admin');
  const wl = id('wl_admin');
  const approver = id('approver');
  if (!admin || !wl || !approver) return;
  await db
    .insertInto('enterprise_verifications')
    .values([
      {
        id: newId(),
        user_id: wl,
        enterprise: '江南物流股份有限公司',
        licence_number: '91320500MA1N00017K',
        licence_name: '营业执照-模糊.png',
        licence_mime: 'image/png',
        licence_data: PNG,
        status: 'rejected',
        reject_reason: '营业执照照片模糊，统一社会信用代码无法辨认，请重新拍摄上传',
        created_at: daysAgo(9),
        reviewer_id: admin,
        reviewed_at: daysAgo(8),
      },
      {
        id: newId(),
        user_id: wl,
        enterprise: '江南物流股份有限公司',
        licence_number: '91320500MA1N00017K',
        licence_name: '营业执照.png',
        licence_mime: 'image/png',
        licence_data: PNG,
        status: 'reviewing',
        reject_reason: null,
        created_at: daysAgo(1, 3),
      },
    ])
    .execute();
  await db
    .insertInto('phone_change_requests')
    .values([
      {
        id: newId(),
        user_id: approver,
        phone: '13912345004',
        area_code: '86',
        status: 'rejected',
        created_at: daysAgo(40),
        reviewer_id: admin,
        reviewed_at: daysAgo(39),
        reject_reason: '新手机号的机主信息与账号实名信息不一致',
      },
      { id: newId(), user_id: approver, phone: '13987654004', area_code: '86', status: 'reviewing', created_at: daysAgo(0, 5) },
    ])
    .execute();
}
