// The composition root (ADR 0009): every repository and service of an app is built here, once, in
// dependency order; route files only register routes and read what they need from the context
// (or `app.engine`). Nothing is built inside a route file and nothing is found through a global.
import { costStrategyService } from './billing/cost-strategy.service.ts';
import { projectLimitService } from './billing/project-limit.service.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, BaseContext } from './context.ts';
import { usersRepository } from './repositories/users.repository.ts';
import { tenancyRepository } from './repositories/tenancy.repository.ts';
import { referenceRepository } from './repositories/reference.repository.ts';
import { resourcesRepository } from './repositories/resources.repository.ts';
import { tagsRepository } from './repositories/tags.repository.ts';
import { adminManageRepository } from './repositories/admin-manage.repository.ts';
import { approvalService } from './approvals/approval.service.ts';
import { approvalProcessService, delegationService } from './approvals/approval-process.service.ts';
import { siteMessageService } from './approvals/site-message.service.ts';
import { ruleService } from './approvals/rule.service.ts';
import { authService } from './services/auth.service.ts';
import { captchaService } from './services/captcha.service.ts';
import { backupPlanService } from './services/backup-plan.service.ts';
import { simulatedBackupAgent } from './cloud/backup-agent.ts';
import { createEngine, type Engine } from './services/engine.ts';
import { eventBus } from './events/bus.ts';
import { accessCache } from './plugins/access-cache.ts';
import { alarmService } from './alarms/alarm.service.ts';
import { notificationService } from './notifications/notification.service.ts';
import { operationLogService } from './oplog/operation-log.service.ts';
import { deskService } from './desk/desk.service.ts';
import { accountService } from './account/account.service.ts';
import { signupService } from './signup/signup.service.ts';
import { reviewService } from './signup/review.service.ts';
import { meterService } from './billing/meter.service.ts';
import { billService } from './billing/bill.service.ts';
import { BILL_EXPORT_CODE, billExportWriter } from './billing/bill-export.ts';
import { simulatedPaymentGateway } from './billing/payment-gateway.ts';
import { costCenterService } from './billing/cost-center.service.ts';
import { invoiceService } from './invoices/invoice.service.ts';
import { contractService } from './invoices/contract.service.ts';
import { accessKeyService } from './keys/access-key.service.ts';
import { requestSigner } from './keys/signing.ts';
import { maasService } from './keys/maas.service.ts';
import { bastionService } from './bastion/bastion.service.ts';
import { passkeyService } from './keys/passkey.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    engine: Engine;
  }
}

/** Builds the app's repositories and services on `base`; the engine starts with the app and stops before the database closes. */
export function composeApp(app: FastifyInstance, base: BaseContext): AppContext {
  const db = base.handle.db;
  // The app's one event bus: the engine, exports, backup plans and approvals publish on it.
  const events = eventBus(base.handle, app.log);
  const engine = createEngine({ ...base, events }, app.log);
  app.decorate('engine', engine);
  app.addHook('onReady', async () => {
    await engine.bus.start();
    engine.scheduler.start();
  });
  // Stop before the database goes away (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    await engine.scheduler.stop();
    await engine.bus.close();
  });
  // Session and scope lookups answered from memory, dropped on any change (ADR 0015).
  const access = accessCache(base.handle, { ttlMs: base.config.accessCacheMs, log: app.log });
  app.addHook('onReady', () => access.start());
  app.addHook('preClose', () => access.close());
  const users = usersRepository(db, access);
  const resources = resourcesRepository(db);
  // The simulated backup agent moves plans between states on the engine's scheduler.
  const agent = simulatedBackupAgent({ delayMs: base.config.cloudSimDelayMs, failureRate: base.config.cloudSimFailureRate });
  const backupPlans = backupPlanService(db, resources, { agent, bus: engine.bus, log: app.log });
  engine.scheduler.add(() => backupPlans.runDue());
  // Notifications: site message + event stream at once, Web Push / e-mail / team-chat robots queued
  // for the scheduler (retried with back-off); the port's one implementation (notify-port.ts).
  const notifications = notificationService({
    db,
    bus: events,
    secrets: base.secrets,
    smtpUrl: base.config.smtpUrl,
    publicUrl: base.config.publicUrl ?? `${base.config.tls ? 'https' : 'http'}://localhost:${base.config.port}`,
    senderEmail: base.config.supportEmail,
    retryMs: base.config.notifyRetryMs,
    log: app.log,
  });
  engine.scheduler.add(() => notifications.runDue());
  // The VAPID key pair exists from the first start (generated once, shared by every process).
  app.addHook('onReady', async () => {
    await notifications.vapidPublicKey();
  });
  app.addHook('onClose', async () => notifications.close());
  // The alarm evaluator runs on the engine's scheduler (claims with SKIP LOCKED, so every process may run it).
  const alarms = alarmService({ db, events, notify: notifications, provider: engine.provider, log: app.log });
  if (base.config.alarmEvaluation) engine.scheduler.add(() => alarms.evaluateDue());
  // Billing (issue 13): the meter hears the engine's resource events; bills are rated from what it metered.
  const meter = meterService({ db, bus: engine.bus, pricing: engine.pricing, log: app.log });
  const bills = billService(db);
  engine.exporter.register(BILL_EXPORT_CODE, billExportWriter(db, bills));
  const gateway = simulatedPaymentGateway({ delayMs: base.config.cloudSimDelayMs, key: process.env.PAYMENT_GATEWAY_KEY || undefined });
  const costCenter = costCenterService({ db, bills, gateway, notify: notifications, log: app.log });
  // Project spending limits: checked when set or read, and every 10 minutes on the scheduler.
  const projectLimits = projectLimitService({ db, bills, notify: notifications });
  let limitsCheckedAt = Date.now();
  engine.scheduler.add(async () => {
    if (Date.now() - limitsCheckedAt < 600_000) return 0;
    limitsCheckedAt = Date.now();
    return (await projectLimits.checkAll()).length;
  });
  // Invoices (ADR 0025): their GOA approvals go through the same approval service as the engine's requests.
  const invoices = invoiceService({ db, bills, bus: events, notify: notifications });
  const approvalEffects = { ...engine.approvalEffects, ...invoices.effects };
  invoices.useEffects(approvalEffects);
  app.addHook('onReady', async () => meter.start());
  app.addHook('preClose', async () => {
    meter.stop();
    await meter.settled();
    await gateway.idle();
  });
  const captcha = captchaService(db, { devInbox: base.config.captchaDevInbox, log: app.log });
  return {
    ...base,
    db,
    events,
    users,
    tenancy: tenancyRepository(db, access),
    reference: referenceRepository(db),
    resources,
    tags: tagsRepository(db),
    adminManage: adminManageRepository(db),
    auth: authService(users, base.config, { db, captcha }),
    backupPlans,
    approvalEffects,
    approvals: approvalService({ db, bus: events, effects: approvalEffects }),
    approvalProcesses: approvalProcessService(db),
    delegations: delegationService(db),
    siteMessages: siteMessageService(db),
    rules: ruleService(db),
    access,
    alarms,
    notify: notifications,
    notifications,
    operationLogs: operationLogService(db),
    desk: deskService(db, notifications),
    account: accountService(db, () => engine.sms, base.secrets, notifications),
    signup: signupService({
      db,
      users,
      gateway: () => engine.smsGateway,
      notify: notifications,
      config: base.config,
      captcha,
    }),
    accountReviews: reviewService(db, notifications),
    meter,
    bills,
    costCenter,
    costStrategies: costStrategyService({ db, provider: () => engine.provider }),
    projectLimits,
    invoices,
    contracts: contractService(db, base.secrets),
    accessKeys: accessKeyService(db, base.secrets),
    signer: requestSigner(db, base.secrets),
    maas: maasService(db, base.secrets),
    bastion: bastionService(db),
    passkeys: passkeyService(db, { rpName: '云枢' }),
  };
}
