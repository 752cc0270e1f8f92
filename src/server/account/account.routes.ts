// The user centre's API: /api/v1/account/… for the signed-in user only (no tenant scope: a
// profile is the person's, not a tenant's).
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from '../../domain/errors.ts';
import { UPLOAD_LIMITS } from '../../domain/desk.ts';
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
  app.get('/api/v1/account/real-name', async (req) => ({ data: await svc.realName(requireUser(req).id) }));
  // Multipart: the fields enterprise and licence_number, the file licence (at most 10 MB read).
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 1, fields: 4 } });
    scoped.post('/api/v1/account/real-name', async (req, reply) => {
      const user = requireUser(req);
      if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type');
      const fields: Record<string, unknown> = {};
      let file: { filename: string; bytes: Buffer } | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') file = { filename: part.filename, bytes: await part.toBuffer() };
          else if (part.fieldname === 'enterprise' || part.fieldname === 'licence_number') fields[part.fieldname] = part.value;
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'upload_file_too_large', { name: '', max: '10 MB' });
        throw err;
      }
      return reply.status(201).send({ data: await svc.submitRealName(user.id, fields, file) });
    });
  });
  app.post('/api/v1/account/service-agreement', async (req) => svc.signAgreement(requireUser(req).id));
}
