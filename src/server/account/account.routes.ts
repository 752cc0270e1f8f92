// The user centre's API: /api/v1/account/… for the signed-in user only (no tenant scope: a
// profile is the person's, not a tenant's).
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.plugin.ts';
import { t } from '../lib/i18n.ts';
import type { AppContext } from '../context.ts';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
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
  app.post('/api/v1/account/service-agreement', async (req) => svc.signAgreement(requireUser(req).id));
}
