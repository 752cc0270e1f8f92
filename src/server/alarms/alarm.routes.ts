// Alarm policies, the alarm inbox and monitoring (issue 11). Handlers call the alarm service only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { AlarmService } from './alarm.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface AlarmRoutesDeps {
  alarms: AlarmService;
  tenancy: TenancyRepository;
}

export async function alarmRoutes(app: FastifyInstance, ctx: AlarmRoutesDeps) {
  const svc = ctx.alarms;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const idOf = (req: FastifyRequest) => {
    const id = (req.params as { id: string }).id;
    if (!isId(id)) throw notFound();
    return id;
  };

  app.get('/api/v1/alarm-policies', async (req) => svc.listPolicies(await scope(req), req.query));
  app.post('/api/v1/alarm-policies', async (req, reply) => reply.status(201).send(await svc.createPolicy(await scope(req), req.body)));
  app.get('/api/v1/alarm-policies/:id', async (req) => svc.getPolicy(await scope(req), idOf(req)));
  app.put('/api/v1/alarm-policies/:id', async (req) => svc.updatePolicy(await scope(req), idOf(req), req.body));
  app.patch('/api/v1/alarm-policies/:id', async (req) => svc.updatePolicy(await scope(req), idOf(req), req.body));
  app.delete('/api/v1/alarm-policies/:id', async (req) => svc.deletePolicy(await scope(req), idOf(req)));

  app.get('/api/v1/alarms', async (req) => svc.listAlarms(await scope(req), req.query));
  app.get('/api/v1/alarms/oncall', async (req) => svc.oncall(await scope(req)));
  app.get('/api/v1/alarms/receivers', async (req) => svc.receivers(await scope(req)));
  app.get('/api/v1/alarms/renewals', async (req) => svc.renewals(await scope(req), (req.query as { renewed?: string }).renewed === 'true'));
  app.get('/api/v1/alarms/:id', async (req) => svc.getAlarm(await scope(req), idOf(req)));
  app.post('/api/v1/alarms/:id/ack', async (req) => svc.ack(await scope(req), idOf(req)));
  app.post('/api/v1/alarms/:id/claim', async (req) => svc.claim(await scope(req), idOf(req)));
  app.post('/api/v1/alarms/:id/silence', async (req) => svc.silence(await scope(req), idOf(req), req.body));

  app.get('/api/v1/monitor/metrics', async (req) => svc.metrics(await scope(req), req.query));
  app.get('/api/v1/monitor/resources', async (req) => svc.monitored(await scope(req), req.query as { kind?: string }));
  app.get('/api/v1/monitor/overview', async (req) => svc.overview(await scope(req)));
}
