// The SMS-verified delete flow (seed 000 §3 "SMS check response", §4, §5, §7): the necessity check,
// sending a code, and the batch delete of a kind whose delete needs a code.
//
// Batch delete — `POST /api/{collection}/batch-delete` {ids, sms_code, delayed_days}: ONE request
// carries the whole set and ONE code. Why a server endpoint rather than letting a code cover several
// delete calls for a while: a code stays single-use (spent by exactly this request, atomically, see
// sms.service verify) and is bound to the set the user confirmed, because the set travels in the
// same request that spends it — no window in which a leaked code could delete other resources.
// Order: every id is checked against the caller's scope first (one foreign or missing id answers
// 404 and nothing is deleted, the code not spent), then the code is verified (wrong, reused or
// expired: 400 naming sms_code, nothing deleted), then each resource is deleted on its own, and
// the answer lists per resource whether it went or why its state refused it (409 text).
// The server asks for the code whenever the operation needs one, whatever sms_necessity_flag says.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../domain/errors.ts';
import { KINDS } from '../../domain/kinds/registry.ts';
import { kindEntity, type KindDefinition } from '../../domain/kinds/kind.ts';
import { smsNecessitySchema, smsSendSchema } from '../../domain/schemas/resource.schema.ts';
import { batchDeleteSchema, type BatchDeleteRow } from '../../domain/schemas/shared-ops.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, resolveScope } from '../platform/auth/scope.ts';
import { t } from '../platform/lib/i18n.ts';
import type { Engine } from './engine.ts';
import { invalid } from '../platform/lib/invalid.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';

/** Kinds whose delete needs the SMS flow and is offered as a batch action. */
export const smsBatchDeleteKinds = (kinds: readonly KindDefinition[] = KINDS) =>
  kinds.filter((k) => k.actions.some((a) => a.id === 'delete' && a.sms && a.batch));

/** What these routes use; the composition root (app.ts) hands it in. */
export interface SmsRoutesDeps {
  tenancy: TenancyRepository;
  users: UsersRepository;
}

export async function smsRoutes(app: FastifyInstance, ctx: SmsRoutesDeps, engine: Engine) {
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

  for (const def of smsBatchDeleteKinds()) {
    app.post(`/api/${def.collection}/batch-delete`, { config: { stepUp: true } }, async (req: FastifyRequest) => {
      const scope = await resolveScope(req, ctx.tenancy);
      requirePermission(scopeCan(scope, 'delete', kindEntity(def)));
      const body = batchDeleteSchema.parse(req.body ?? {});
      // The code is bound to this kind's delete: a code sent for another operation does not count.
      const operateType = `delete_${def.kind}`;
      if (body.sms_operate_type !== undefined && body.sms_operate_type !== operateType) throw invalid('sms_operate_type', 'invalid_value');
      const rows = [];
      for (const id of body.ids) rows.push(await engine.resources.findOr404(scope, def, id));
      if (engine.sms.required(operateType)) {
        const user = await load(scope.user.id);
        if (!user.phone || !user.is_phone_validate) throw new AppError(409, 'sms_phone_unverified');
        await engine.sms.verify(user.id, operateType, body.sms_code);
      }
      const data: BatchDeleteRow[] = [];
      for (const row of rows) {
        try {
          const r = await engine.resources.act(scope, def, row.id, { action: 'delete' }, { delayedDays: def.recycle ? body.delayed_days : undefined });
          data.push({ id: row.id, name: row.name, ok: true, status: r.status });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          data.push({ id: row.id, name: row.name, ok: false, code: err.status, description: t(req.lang, `errors:${err.key}`) });
        }
      }
      const ok = data.filter((d) => d.ok).length;
      return { action: 'delete', data, message: t(req.lang, 'ops:batch_delete.result', { ok, failed: data.length - ok }) };
    });
  }
}
