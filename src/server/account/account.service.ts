// The user centre (issue 12): the profile with masked phone, e-mail and ID number; the password
// change under the seed's rules; phone verification by SMS code (handlePhone/verify, which the SMS
// delete flow links to); a phone change that waits for review; signing the service agreement.
import { AppError, conflict, unauthorized } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { realNameSchema } from '../../domain/account.ts';
import { UPLOAD_LIMITS, nameMatchesType } from '../../domain/desk.ts';
import { sniffMime } from '../desk/desk.service.ts';
import {
  accountSmsSchema,
  maskEmail,
  maskIdNumber,
  passwordChangeSchema,
  passwordProblem,
  phoneChangeSchema,
  phoneVerifySchema,
} from '../../domain/account.ts';
import type { Db } from '../db/database.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { hashPassword, recheckPassword } from '../services/auth.service.ts';
import { hashToken } from '../repositories/users.repository.ts';
import { maskPhone, type SmsService } from '../services/sms.service.ts';
import { invalid } from '../services/kind-hooks.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';

export function accountService(db: Db, sms: () => SmsService, secrets: SecretBox, notify?: NotifyPort) {
  /** The platform's reviewers hear of a new request (ADR 0026: 账号审核 under /auth?view=review). */
  async function tellReviewers(account: string, kind: 'phone_change' | 'real_name', refId: string) {
    if (!notify) return;
    const reviewers = await db.selectFrom('memberships').select('user_id').where('role', 'in', ['super_admin', 'ops_admin']).execute();
    await notify.notify({
      tenantId: null,
      projectId: null,
      userIds: [...new Set(reviewers.map((r) => r.user_id))],
      category: 'system',
      messageKey: `signup:messages.review_${kind}`,
      params: { account },
      link: '/auth?view=review',
      refId,
    });
  }
  async function user(id: string) {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw unauthorized();
    return row;
  }
  return {
    async profile(userId: string) {
      const u = await user(userId);
      const change = await db
        .selectFrom('phone_change_requests')
        .select(['phone', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'reviewing')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      let idNumber: string | null = null;
      if (u.id_number_sealed) idNumber = maskIdNumber(String(secrets.open(u.id_number_sealed).id_number ?? ''));
      return {
        account: u.account,
        nickname: u.nickname,
        user_type: u.user_type,
        phone: u.phone ? maskPhone(u.phone) : null,
        area_code: u.area_code,
        is_phone_validate: u.is_phone_validate,
        email: u.email ? maskEmail(u.email) : null,
        id_number: idNumber,
        industry: u.industry ?? null,
        enterprise: u.enterprise ?? null,
        need_sign_service_agreement: u.need_sign_service_agreement,
        is_sign_service_agreement: u.is_sign_service_agreement,
        is_sign: u.is_sign,
        phone_change: change ? { phone: maskPhone(change.phone), status: change.status, requested_at: new Date(change.created_at).toISOString() } : null,
      };
    },

    async sendCode(userId: string, body: unknown) {
      const { operate_type } = accountSmsSchema.parse(body ?? {});
      const u = await user(userId);
      // Verifying goes to the phone on record even before it is verified; a change needs it verified.
      return sms().send(u, operate_type, { unverified: operate_type === 'verify_phone' });
    },

    async verifyPhone(userId: string, body: unknown) {
      const { sms_code } = phoneVerifySchema.parse(body ?? {});
      await sms().verify(userId, 'verify_phone', sms_code);
      await db.updateTable('users').set({ is_phone_validate: true }).where('id', '=', userId).execute();
      return this.profile(userId);
    },

    /** A new phone waits for review (1–2 working days); the code goes to the verified phone on record. */
    async requestPhoneChange(userId: string, body: unknown) {
      const input = phoneChangeSchema.parse(body ?? {});
      const u = await user(userId);
      if (!u.is_phone_validate) throw new AppError(409, 'sms_phone_unverified');
      if (u.phone === input.phone) throw invalid('phone', 'phone_same');
      await sms().verify(userId, 'change_phone', input.sms_code);
      const requestId = newId();
      await db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('phone_change_requests')
          .select('id')
          .where('user_id', '=', userId)
          .where('status', '=', 'reviewing')
          .forUpdate()
          .executeTakeFirst();
        if (open) throw conflict('phone_change_open');
        await trx
          .insertInto('phone_change_requests')
          .values({ id: requestId, user_id: userId, phone: input.phone, area_code: u.area_code, status: 'reviewing', created_at: new Date() })
          .execute();
      });
      await tellReviewers(u.account, 'phone_change', requestId);
      return this.profile(userId);
    },

    async changePassword(userId: string, currentToken: string, body: unknown) {
      const input = passwordChangeSchema.parse(body ?? {});
      const u = await user(userId);
      if (!(await recheckPassword(db, userId, u.password_hash, input.old_password))) throw invalid('old_password', 'password_old_wrong');
      const problem = passwordProblem(input.new_password, u.account);
      if (problem) throw invalid('new_password', problem);
      if (input.new_password === input.old_password) throw invalid('new_password', 'password_same');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: await hashPassword(input.new_password) })
          .where('id', '=', userId)
          .execute();
        // Other sessions end: whoever knew the old password is signed out everywhere else.
        const rows = await trx.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
        const keep = hashToken(currentToken);
        const drop = rows.map((r) => r.token_hash).filter((h) => h !== keep);
        if (drop.length) await trx.deleteFrom('sessions').where('token_hash', 'in', drop).execute();
      });
      return { ok: true };
    },

    /** The latest real-name verification (without the licence bytes). */
    async realName(userId: string) {
      const row = await db
        .selectFrom('enterprise_verifications')
        .select(['id', 'enterprise', 'licence_number', 'licence_name', 'licence_mime', 'status', 'reject_reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row ? { ...row, created_at: new Date(row.created_at).toISOString() } : null;
    },

    /**
     * Submits the enterprise and its business licence for review. The licence is judged by its
     * content (jpg/png ≤ 2 MB or pdf ≤ 10 MB); one verification under review or passed at a time.
     */
    async submitRealName(userId: string, fields: Record<string, unknown>, file: { filename: string; bytes: Buffer } | null) {
      const input = realNameSchema.parse(fields);
      if (!file || file.bytes.length === 0) throw invalid('licence', 'required');
      const mime = await sniffMime(file.bytes);
      if (!mime || !['image/jpeg', 'image/png', 'application/pdf'].includes(mime) || !nameMatchesType(file.filename, mime))
        throw new AppError(415, 'upload_type', { name: file.filename });
      const limit = mime === 'application/pdf' ? UPLOAD_LIMITS.fileBytes : UPLOAD_LIMITS.imageBytes;
      if (file.bytes.length > limit)
        throw new AppError(413, mime === 'application/pdf' ? 'upload_file_too_large' : 'upload_image_too_large', {
          name: `「${file.filename}」`,
          max: mime === 'application/pdf' ? '10 MB' : '2 MB',
        });
      const verificationId = newId();
      await db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('enterprise_verifications')
          .select('status')
          .where('user_id', '=', userId)
          .where('status', 'in', ['reviewing', 'approved'])
          .forUpdate()
          .executeTakeFirst();
        if (open) throw conflict(open.status === 'approved' ? 'real_name_done' : 'real_name_reviewing');
        await trx
          .insertInto('enterprise_verifications')
          .values({
            id: verificationId,
            user_id: userId,
            enterprise: input.enterprise,
            licence_number: input.licence_number,
            licence_name: file.filename.slice(0, 120),
            licence_mime: mime,
            licence_data: file.bytes,
            status: 'reviewing',
            reject_reason: null,
            created_at: new Date(),
          })
          .execute();
      });
      const u = await user(userId);
      await tellReviewers(u.account, 'real_name', verificationId);
      return this.realName(userId);
    },

    async signAgreement(userId: string) {
      await db.updateTable('users').set({ is_sign_service_agreement: true }).where('id', '=', userId).execute();
      return this.profile(userId);
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
