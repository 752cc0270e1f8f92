// The user centre's API: /api/v1/account/… for the signed-in user only (no tenant scope: a
// profile is the person's, not a tenant's).
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../domain/desk.ts';
import { requireUser } from '../platform/auth/auth-user.ts';
import { readMultipart, registerMultipart } from '../platform/http/multipart.plugin.ts';
import { t } from '../platform/lib/i18n.ts';
import type { AccountService } from './account.service.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface AccountRoutesDeps {
  account: AccountService;
}

export async function accountRoutes(app: FastifyInstance, ctx: AccountRoutesDeps) {
  const svc = ctx.account;
  app.get('/api/v1/account/profile', async (req) => svc.profile(requireUser(req).id));
  app.post('/api/v1/account/sms-codes', async (req) => {
    const sent = await svc.sendCode(requireUser(req).id, req.body);
    return { ...sent, message: t(req.lang, 'kinds:messages.sms_sent', { phone: sent.phone }) };
  });
  app.post('/api/v1/account/phone/verify', async (req) => svc.verifyPhone(requireUser(req).id, req.body));
  app.post('/api/v1/account/phone/change', async (req) => svc.requestPhoneChange(requireUser(req).id, req.body));
  app.put('/api/v1/account/password', async (req) => {
    const user = requireUser(req);
    await svc.changePassword(user.id, req.authToken!, req.body);
    return { message: t(req.lang, 'account:notices.password_changed') };
  });
  app.get('/api/v1/account/real-name', async (req) => ({ data: await svc.realName(requireUser(req).id) }));
  // Multipart: the fields enterprise and licence_number, the file licence (at most 10 MB read).
  await app.register(async (scoped) => {
    await registerMultipart(scoped, { fileBytes: UPLOAD_LIMITS.fileBytes, fileLabel: '10 MB', files: 1, fields: 4 });
    scoped.post('/api/v1/account/real-name', async (req, reply) => {
      const user = requireUser(req);
      const form = await readMultipart(req);
      const fields = { enterprise: form.fields.enterprise, licence_number: form.fields.licence_number };
      const file = form.files.at(-1) ?? null;
      return reply.status(201).send({ data: await svc.submitRealName(user.id, fields, file) });
    });
  });
  app.post('/api/v1/account/service-agreement', async (req) => svc.signAgreement(requireUser(req).id));
}
