// Assembles the resource engine for one app: the cloud provider (the simulator unless another is
// given), the event bus, pricing, the resource service, SMS, exports and the scheduler.
import type { AppContext } from '../context.ts';
import { simulator } from '../cloud/simulator.ts';
import type { CloudProvider } from '../cloud/provider.ts';
import { scheduler, type Scheduler } from '../cloud/scheduler.ts';
import type { EventBus } from '../events/bus.ts';
import { exportsRepository } from '../repositories/exports.repository.ts';
import { pricingService, type PricingService } from './pricing.service.ts';
import { resourceService, type ResourceService } from './resource.service.ts';
import { logSmsGateway, smsService, type SmsService } from './sms.service.ts';
import { exportService } from './export.service.ts';
import { attachToApprovals } from '../approvals/approval-effects.ts';
import { RESOURCE_ENGINE } from './approval-resources.ts';
import { certificateExpiryWorker } from './kinds/ssl-certificate.hooks.ts';

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

export interface Engine {
  provider: CloudProvider;
  bus: EventBus;
  pricing: PricingService;
  resources: ResourceService;
  smsGateway: ReturnType<typeof logSmsGateway>;
  sms: SmsService;
  exports: ReturnType<typeof exportsRepository>;
  exporter: ReturnType<typeof exportService>;
  scheduler: Scheduler;
}

export function createEngine(ctx: AppContext, log: Log, provider?: CloudProvider): Engine {
  const cloud = provider ?? simulator({ delayMs: ctx.config.cloudSimDelayMs, failureRate: ctx.config.cloudSimFailureRate });
  const bus = ctx.events;
  const pricing = pricingService(ctx.db);
  const resources = resourceService({ db: ctx.db, provider: cloud, bus, pricing, secrets: ctx.secrets, log, approvalBus: ctx.events });
  // Purchases and expansions that need approval are provisioned by this engine when approved.
  attachToApprovals(ctx.events, RESOURCE_ENGINE, resources.approvalPort);
  const smsGateway = logSmsGateway(log);
  const sms = smsService(ctx.db, smsGateway, { enabled: ctx.config.smsDeleteVerification });
  const exports = exportsRepository(ctx.db);
  const exporter = exportService({ repo: exports, resources, bus, log });
  // Tick at a quarter of the simulated delay (20 ms–500 ms) so jobs finish close to their due time.
  const tick = Math.min(500, Math.max(20, Math.round(ctx.config.cloudSimDelayMs / 4)));
  const sched = scheduler([() => resources.runDueJobs(), () => exporter.runQueued(), certificateExpiryWorker(ctx.db)], tick, log);
  return { provider: cloud, bus, pricing, resources, smsGateway, sms, exports, exporter, scheduler: sched };
}
