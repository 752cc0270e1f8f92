// Assembles the resource engine for one app: the cloud provider (the simulator unless another is
// given), the event bus, pricing, the resource service with the app's approval effects (reaching
// the engine through its port), SMS, exports and the scheduler. Called once, by the composition
// root (src/server/composition.ts); route files receive what it built.
import type { Config } from '../platform/config.ts';
import type { DbHandle } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { simulator } from './cloud/simulator.ts';
import type { CloudProvider } from './cloud/provider.ts';
import { scheduler, type Scheduler } from './cloud/scheduler.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { exportsRepository } from './exports.repository.ts';
import { pricingService, type PricingService } from './pricing.service.ts';
import { resourceApprovalPort, resourceService, type ResourceService } from './resource.service.ts';
import { logSmsGateway, smsService, type SmsService } from '../platform/verification/sms.service.ts';
import { exportService } from './export.service.ts';
import { resourceApprovalEffects } from '../approvals/resource-effects.ts';
import type { ApprovalEffects } from '../approvals/approval-effects.ts';
import { certificateExpiryWorker } from './kinds/ssl-certificate/ssl-certificate.hooks.ts';

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

export interface Engine {
  provider: CloudProvider;
  bus: EventBus;
  pricing: PricingService;
  resources: ResourceService;
  /** the effect of every approval request type, acting on this engine through its port */
  approvalEffects: ApprovalEffects;
  smsGateway: ReturnType<typeof logSmsGateway>;
  sms: SmsService;
  exports: ReturnType<typeof exportsRepository>;
  exporter: ReturnType<typeof exportService>;
  scheduler: Scheduler;
}

export interface EngineContext {
  config: Config;
  handle: DbHandle;
  secrets: SecretBox;
  events: EventBus;
}

export function createEngine(ctx: EngineContext, log: Log, provider?: CloudProvider): Engine {
  const db = ctx.handle.db;
  const cloud = provider ?? simulator({ delayMs: ctx.config.cloudSimDelayMs, failureRate: ctx.config.cloudSimFailureRate });
  const bus = ctx.events;
  const pricing = pricingService(db);
  const core = { db, provider: cloud, bus, pricing, secrets: ctx.secrets, log };
  // Approvals reach the engine through its port; the engine submits requests to the approvals
  // directly with these effects (purchases and expansions that need approval wait for it).
  const approvalEffects = resourceApprovalEffects(resourceApprovalPort(core));
  const resources = resourceService({ ...core, approvals: { bus, effects: approvalEffects } });
  const smsGateway = logSmsGateway(log);
  const sms = smsService(db, smsGateway, { enabled: ctx.config.smsDeleteVerification });
  const exports = exportsRepository(db);
  const exporter = exportService({ repo: exports, resources, bus, log });
  // Tick at a quarter of the simulated delay (20 ms–500 ms) so jobs finish close to their due time.
  const tick = Math.min(500, Math.max(20, Math.round(ctx.config.cloudSimDelayMs / 4)));
  const sched = scheduler([() => resources.runDueJobs(), () => exporter.runQueued(), certificateExpiryWorker(db)], tick, log);
  return { provider: cloud, bus, pricing, resources, approvalEffects, smsGateway, sms, exports, exporter, scheduler: sched };
}
