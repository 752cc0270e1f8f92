// Registration, recovery, QR sign-in, appeals and the account reviews (issue 12, ADR 0026).
// The anonymous writes are limited per client IP (ARCHITECTURE "Limits by who, not where"); the
// reviews are the platform's (review:account_review:any). Each route declares for the access guard
// (ADR 0021): the anonymous ones `public`, the QR confirmation by the signed-in phone `self`, the
// reviews the permission `reviewer` checks.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can } from '../../domain/roles.ts';
import { ACCOUNT_REVIEW_TYPES, SIGNUP_WRITES_PER_IP_HOUR, type AccountReviewType } from '../../domain/signup.ts';
import { notFound } from '../../domain/errors.ts';
import { pagingShape } from '../../domain/list-query.ts';
import { requirePermission, requireUser } from '../platform/auth/auth-user.ts';
import { t } from '../platform/lib/i18n.ts';
import type { ReviewService } from './review.service.ts';
import type { SignupService } from './signup.service.ts';

/** Anonymous (the guard lets it through) and limited per client IP. */
const publicPerIp = (max: number) => ({
  config: {
    permission: 'public' as const,
    rateLimit: { max, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `signup:${req.ip}` },
  },
});
const PUBLIC = { config: { permission: 'public' as const } };
const SELF = { config: { permission: 'self' as const } };
const REVIEWER = { config: { permission: 'review:account_review:any' as const } };
const reviewType = (raw: string): AccountReviewType => {
  if (!(ACCOUNT_REVIEW_TYPES as readonly string[]).includes(raw)) throw notFound();
  return raw as AccountReviewType;
};
const pollSchema = z.object({ poll_token: z.string().min(1).max(100) }).strict();
const listQuery = z.object({
  type: z.enum(ACCOUNT_REVIEW_TYPES),
  status: z.string().max(40).optional(),
  ...pagingShape({ defaultLimit: 20, maxLimit: 100 }),
});

/** What these routes use; the composition root (app.ts) hands it in. */
export interface SignupRoutesDeps {
  accountReviews: ReviewService;
  signup: SignupService;
}

export async function signupRoutes(app: FastifyInstance, ctx: SignupRoutesDeps) {
  const svc = ctx.signup;
  const reviews = ctx.accountReviews;
  const reviewer = (req: FastifyRequest) => {
    const user = requireUser(req);
    requirePermission(can(user.platformRoles, 'review', 'account_review', 'any'));
    return user;
  };

  app.get('/api/v1/signup/captcha', publicPerIp(SIGNUP_WRITES_PER_IP_HOUR * 4), async () => svc.captcha());
  app.post('/api/v1/signup/sms-codes', publicPerIp(SIGNUP_WRITES_PER_IP_HOUR), async (req) => {
    const sent = await svc.sendSmsCode(req.body);
    // A recovery code's answer names no phone: it is the same whether the account exists (ADR 0043).
    const message = 'phone' in sent ? t(req.lang, 'kinds:messages.sms_sent', { phone: sent.phone }) : t(req.lang, 'signup:notices.recover_code_sent');
    return { ...sent, message };
  });
  app.post('/api/v1/signup/register', publicPerIp(SIGNUP_WRITES_PER_IP_HOUR), async (req, reply) => reply.status(201).send(await svc.register(req.body)));
  app.post('/api/v1/signup/recover', publicPerIp(SIGNUP_WRITES_PER_IP_HOUR), async (req) => {
    const done = await svc.recover(req.body);
    return { ...done, message: t(req.lang, 'signup:notices.recovered') };
  });
  app.post('/api/v1/signup/appeals', publicPerIp(SIGNUP_WRITES_PER_IP_HOUR), async (req, reply) => reply.status(201).send(await svc.appeal(req.body)));

  // QR sign-in: the login page makes a ticket and polls it; a signed-in phone confirms it.
  app.post('/api/v1/qr-login/tickets', publicPerIp(SIGNUP_WRITES_PER_IP_HOUR * 4), async (req, reply) => {
    const origin = `${req.protocol}://${req.host}`;
    return reply.status(201).send(await svc.createQrTicket(origin, t(req.lang, 'signup:qr.title')));
  });
  app.post('/api/v1/qr-login/tickets/:id/poll', PUBLIC, async (req) => {
    const { id } = req.params as { id: string };
    return svc.pollQrTicket(id, pollSchema.parse(req.body ?? {}).poll_token);
  });
  app.get('/api/v1/qr-login/tickets/:id', SELF, async (req) => {
    requireUser(req);
    return svc.qrTicketInfo((req.params as { id: string }).id);
  });
  app.post('/api/v1/qr-login/tickets/:id/confirm', SELF, async (req) => {
    const user = requireUser(req);
    return svc.confirmQrTicket((req.params as { id: string }).id, user.id);
  });

  // The platform's reviews of phone changes and real-name verifications.
  app.get('/api/v1/account-reviews', REVIEWER, async (req) => {
    reviewer(req);
    const q = listQuery.parse(req.query ?? {});
    return reviews.list(q.type, q.status, q.__limit, q.__offset);
  });
  app.get('/api/v1/account-reviews/real_name/:id/licence', REVIEWER, async (req, reply) => {
    reviewer(req);
    const row = await reviews.licence((req.params as { id: string }).id);
    return reply
      .header('content-type', row.licence_mime)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.licence_name)}`)
      .send(row.licence_data);
  });
  app.post('/api/v1/account-reviews/:type/:id/decision', REVIEWER, async (req) => {
    const user = reviewer(req);
    const { type, id } = req.params as { type: string; id: string };
    return reviews.decide(reviewType(type), id, user.id, req.body);
  });
}
