// The SMS-verified delete flow (seed 000 §3 "SMS check response", §4, §7).
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../domain/errors.ts';
import { smsNecessitySchema, smsSendSchema } from '../../domain/schemas/resource.schema.ts';
import { resolveScope } from '../plugins/scope.ts';
import { t } from '../lib/i18n.ts';
import type { Engine } from '../services/engine.ts';
import type { AppContext } from '../context.ts';

export async function smsRoutes(app: FastifyInstance, ctx: AppContext, engine: Engine) {
  const load = async (id: string) => {
    const u = await ctx.users.findById(id);
    if (!u) throw unauthorized();
    return { id: u.id, phone: u.phone, area_code: u.area_code, is_phone_validate: u.is_phone_validate };
  };
  for (const path of ['/api/v1/sms/necessity', '/api/sms/necessity']) {
    app.post(path, async (req) => {
      // Asked from inside a console scope; the scope is checked like any other call.
      const { user } = await resolveScope(req, ctx.tenancy);
      const body = smsNecessitySchema.parse(req.body ?? {});
      return engine.sms.necessity(await load(user.id), body.sms_operate_type);
    });
  }
  app.post('/api/v1/sms/sms-codes', async (req) => {
    const { user } = await resolveScope(req, ctx.tenancy);
    const body = smsSendSchema.parse(req.body ?? {});
    const sent = await engine.sms.send(await load(user.id), body.operate_type);
    return { ...sent, message: t(req.lang, 'kinds:messages.sms_sent', { phone: sent.phone }) };
  });
}
