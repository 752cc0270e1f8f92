// The platform's review of account changes (issue 12, ADR 0026): phone changes (seed 001 §9,
// 1-2 working days) and enterprise real-name verifications wait in `reviewing` until an
// administrator approves or rejects them with a reason. The user hears of it (ctx.notify) and the
// profile reflects it: an approved phone replaces the one on record, an approved enterprise is
// written to the profile, and an internet user verified as an enterprise may buy in their project.
import { conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { reviewDecisionSchema, type AccountReviewType } from '../../domain/signup.ts';
import { maskPhone } from '../services/sms.service.ts';
import type { Db } from '../db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import { INTERNET_USER_TYPE } from './signup.service.ts';

export interface ReviewItem {
  id: string;
  type: AccountReviewType;
  status: 'reviewing' | 'approved' | 'rejected';
  account: string;
  nickname: string;
  /** phone change: the new phone (masked); real name: the enterprise */
  subject: string;
  licence_number: string | null;
  licence_name: string | null;
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function reviewService(db: Db, notify: NotifyPort) {
  return {
    async list(type: AccountReviewType, status: string | undefined, limit: number, offset: number): Promise<{ count: number; data: ReviewItem[] }> {
      const statuses = status ? status.split(',').filter((s) => ['reviewing', 'approved', 'rejected'].includes(s)) : ['reviewing', 'approved', 'rejected'];
      if (type === 'phone_change') {
        const base = db
          .selectFrom('phone_change_requests as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .where('r.status', 'in', statuses as never[]);
        const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        const rows = await base
          .select(['r.id', 'r.status', 'r.phone', 'r.reject_reason', 'r.created_at', 'r.reviewed_at', 'u.account', 'u.nickname'])
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id')
          .limit(limit)
          .offset(offset)
          .execute();
        return {
          count: Number(n),
          data: rows.map((r) => ({
            id: r.id,
            type,
            status: r.status,
            account: r.account,
            nickname: r.nickname,
            subject: maskPhone(r.phone),
            licence_number: null,
            licence_name: null,
            reject_reason: r.reject_reason ?? null,
            created_at: iso(r.created_at)!,
            reviewed_at: iso(r.reviewed_at),
          })),
        };
      }
      const base = db
        .selectFrom('enterprise_verifications as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .where('r.status', 'in', statuses as never[]);
      const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'r.id',
          'r.status',
          'r.enterprise',
          'r.licence_number',
          'r.licence_name',
          'r.reject_reason',
          'r.created_at',
          'r.reviewed_at',
          'u.account',
          'u.nickname',
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        count: Number(n),
        data: rows.map((r) => ({
          id: r.id,
          type,
          status: r.status,
          account: r.account,
          nickname: r.nickname,
          subject: r.enterprise,
          licence_number: r.licence_number,
          licence_name: r.licence_name,
          reject_reason: r.reject_reason,
          created_at: iso(r.created_at)!,
          reviewed_at: iso(r.reviewed_at),
        })),
      };
    },

    async licence(id: string) {
      const row = await db
        .selectFrom('enterprise_verifications')
        .select(['licence_name', 'licence_mime', 'licence_data'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return row;
    },

    async decide(type: AccountReviewType, id: string, reviewerId: string, body: unknown) {
      const input = reviewDecisionSchema.parse(body ?? {});
      const approve = input.decision === 'approve';
      const status = approve ? 'approved' : 'rejected';
      const reason = input.reason?.trim() || null;
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        if (type === 'phone_change') {
          const row = await trx.selectFrom('phone_change_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
          if (!row) throw notFound();
          if (row.status !== 'reviewing') throw conflict('review_decided');
          await trx
            .updateTable('phone_change_requests')
            .set({ status, reviewer_id: reviewerId, reviewed_at: now, reject_reason: approve ? null : reason })
            .where('id', '=', id)
            .execute();
          if (approve)
            await trx.updateTable('users').set({ phone: row.phone, area_code: row.area_code, is_phone_validate: true }).where('id', '=', row.user_id).execute();
          await notify.notify(
            {
              tenantId: null,
              projectId: null,
              userIds: [row.user_id],
              category: 'system',
              messageKey: approve ? 'signup:messages.phone_approved' : 'signup:messages.phone_rejected',
              params: { phone: maskPhone(row.phone), reason: reason ?? '' },
              link: '/accountinfo',
              refId: id,
            },
            trx,
          );
          return { id, status };
        }
        const row = await trx
          .selectFrom('enterprise_verifications')
          .select(['id', 'user_id', 'status', 'enterprise'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw notFound();
        if (row.status !== 'reviewing') throw conflict('review_decided');
        await trx
          .updateTable('enterprise_verifications')
          .set({ status, reviewer_id: reviewerId, reviewed_at: now, reject_reason: approve ? null : reason })
          .where('id', '=', id)
          .execute();
        if (approve) {
          const user = await trx.selectFrom('users').select(['user_type']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
          await trx.updateTable('users').set({ enterprise: row.enterprise }).where('id', '=', row.user_id).execute();
          // A verified internet user may buy in their own project (seed 001 §6: real-name verification
          // is required for the full product); their read-only membership gains the owner's role.
          if (user.user_type === INTERNET_USER_TYPE) {
            const own = await trx
              .selectFrom('memberships')
              .select(['tenant_id', 'project_id'])
              .where('user_id', '=', row.user_id)
              .where('role', '=', 'internet_user')
              .execute();
            for (const m of own) {
              const has = await trx
                .selectFrom('memberships')
                .select('id')
                .where('user_id', '=', row.user_id)
                .where('role', '=', 'project_owner')
                .where('project_id', '=', m.project_id)
                .executeTakeFirst();
              if (!has)
                await trx
                  .insertInto('memberships')
                  .values({ id: newId(), user_id: row.user_id, role: 'project_owner', tenant_id: m.tenant_id, project_id: m.project_id })
                  .execute();
            }
          }
        }
        await notify.notify(
          {
            tenantId: null,
            projectId: null,
            userIds: [row.user_id],
            category: 'system',
            messageKey: approve ? 'signup:messages.real_name_approved' : 'signup:messages.real_name_rejected',
            params: { enterprise: row.enterprise, reason: reason ?? '' },
            link: '/auth',
            refId: id,
          },
          trx,
        );
        return { id, status };
      });
    },
  };
}
export type ReviewService = ReturnType<typeof reviewService>;
