// The composition root (ADR 0009): every repository and service of an app is built here, once, in
// dependency order; route files only register routes and read what they need from the context
// (or `app.engine`). Nothing is built inside a route file and nothing is found through a global.
import { costStrategyService, type CostStrategyService } from './billing/cost-strategy.service.ts';
import { projectLimitService, type ProjectLimitService } from './billing/project-limit.service.ts';
import type { FastifyInstance } from 'fastify';
import { addWriteHooks } from './platform/http/write-hooks.ts';
import type { Config } from './platform/config.ts';
import type { DbHandle, Db } from './platform/db/database.ts';
import type { SecretBox } from './platform/lib/secret-box.ts';
import type { ApprovalEffects } from './approvals/approval-effects.ts';
import type { NotifyPort } from './notifications/notify-port.ts';
import { usersRepository, type UsersRepository } from './platform/auth/users.repository.ts';
import { tenancyRepository, type TenancyRepository } from './platform/auth/tenancy.repository.ts';
import { referenceRepository, type ReferenceRepository } from './tenancy/reference.repository.ts';
import { resourcesRepository, type ResourcesRepository } from './engine/resources.repository.ts';
import { tagsRepository, type TagsRepository } from './engine/tags.repository.ts';
import { adminManageRepository } from './engine/admin-manage.repository.ts';
import { approvalService, type ApprovalService } from './approvals/approval.service.ts';
import { approvalProcessService, delegationService } from './approvals/approval-process.service.ts';
import { siteMessageService } from './approvals/site-message.service.ts';
import { ruleService } from './approvals/rule.service.ts';
import { authService } from './session/session.service.ts';
import { captchaService } from './platform/verification/captcha.service.ts';
import { backupPlanService } from './backup-plans/backup-plan.service.ts';
import { simulatedBackupAgent } from './backup-plans/backup-agent.ts';
import { createEngine, type Engine } from './engine/engine.ts';
import { eventBus, type EventBus } from './platform/events/bus.ts';
import { accessCache, type AccessCache } from './platform/auth/access-cache.ts';
import { alarmService, type AlarmService } from './alarms/alarm.service.ts';
import { notificationService, type NotificationService } from './notifications/notification.service.ts';
import { operationLogService, type OperationLogService } from './oplog/operation-log.service.ts';
import { deskService, type DeskService } from './desk/desk.service.ts';
import { accountService, type AccountService } from './account/account.service.ts';
import { signupService, type SignupService } from './signup/signup.service.ts';
import { reviewService, type ReviewService } from './signup/review.service.ts';
import { meterService, type MeterService } from './billing/meter.service.ts';
import { billService, type BillService } from './billing/bill.service.ts';
import { BILL_EXPORT_CODE, billExportWriter } from './billing/bill-export.ts';
import { simulatedPaymentGateway } from './billing/payment-gateway.ts';
import { costCenterService, type CostCenterService } from './billing/cost-center.service.ts';
import { invoiceService, type InvoiceService } from './invoices/invoice.service.ts';
import { contractService, type ContractService } from './invoices/contract.service.ts';
import { accessKeyService, type AccessKeyService } from './keys/access-key.service.ts';
import { requestSigner, type RequestSigner } from './keys/signing.ts';
import { maasService, type MaasService } from './keys/maas.service.ts';
import { bastionService, type BastionService } from './bastion/bastion.service.ts';
import { passkeyService, type PasskeyService } from './keys/passkey.service.ts';
import { dbConsoleDeps } from './dbconsole/dbconsole.compose.ts';
import { heardEvent, type DbConsoleDeps } from './dbconsole/dbconsole.service.ts';
import { dbBackupsDeps } from './dbbackups/dbbackups.compose.ts';
import { backupCenterDeps } from './backup-center/backup-center.compose.ts';
import { advanceDueBackups } from './backup-center/backup-center.jobs.ts';
import type { BackupCenterDeps } from './backup-center/backup-center.deps.ts';
import { runDue as runDueDbBackups, settled as settledDbBackups } from './dbbackups/dbbackups.jobs.ts';
import type { DbBackupsDeps } from './dbbackups/dbbackups.service.ts';
import { dtsDeps } from './dts/dts.compose.ts';
import { runDue as runDueDts, settled as settledDts } from './dts/dts.jobs.ts';
import type { DtsDeps } from './dts/dts.service.ts';
import type { DbSyncDeps } from './dbsync/dbsync.service.ts';
import { icpRepository } from './icp/icp.repository.ts';
import { advanceDue as advanceIcp, type IcpDeps } from './icp/icp.service.ts';
import { securityScanRepository } from './security-scan/security-scan.repository.ts';
import { runDue as runDueSecurityScans, type SecurityScanDeps } from './security-scan/security-scan.service.ts';
import { stacksRepository } from './stacks/stacks.repository.ts';
import type { StacksDeps } from './stacks/stacks.service.ts';
import { runStacks } from './stacks/stack-runner.ts';
import { catalogueRepository } from './service-catalogue/service-catalogue.repository.ts';
import { catalogueEffects, type CatalogueDeps } from './service-catalogue/service-catalogue.service.ts';
import { ossDeps, ossWorker } from './oss/oss.compose.ts';
import { dbSyncDeps } from './dbsync/dbsync.compose.ts';
import { runDue as runDueDbSync, settled as settledDbSync } from './dbsync/dbsync.jobs.ts';
import type { OssDeps } from './oss/oss-deps.ts';
import { advanceDueHostTasks } from './dataprotect/host-tasks.service.ts';
import { advanceDueProtectTasks } from './dataprotect/dataprotect.service.ts';
import { dataProtectRepository } from './dataprotect/dataprotect.repository.ts';
import { protectRepository } from './dataprotect/protect.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    engine: Engine;
  }
}

// What the root builds, held by the root alone: each slice declares its own dependency type (its
// routes file's `…Deps`), and app.ts hands every slice this whole object, which satisfies them all.
/** What exists before the services are composed (src/server/composition.ts). */
export interface BaseContext {
  config: Config;
  handle: DbHandle;
  /** seals the secret fields of resources (lib/secret-box.ts) */
  secrets: SecretBox;
}

export interface AppContext extends BaseContext {
  db: Db;
  users: UsersRepository;
  tenancy: TenancyRepository;
  reference: ReferenceRepository;
  resources: ResourcesRepository;
  /**
   * The app's one event bus (built once by the composition root): every DomainEvent (resources,
   * exports, backup plans, approvals, site messages) for the SSE streams.
   */
  events: EventBus;
  tags: TagsRepository;
  adminManage: ReturnType<typeof adminManageRepository>;
  auth: ReturnType<typeof authService>;
  backupPlans: ReturnType<typeof backupPlanService>;
  /** the effect of every approval request type (over the resource engine's port) */
  approvalEffects: ApprovalEffects;
  approvals: ApprovalService;
  approvalProcesses: ReturnType<typeof approvalProcessService>;
  delegations: ReturnType<typeof delegationService>;
  siteMessages: ReturnType<typeof siteMessageService>;
  rules: ReturnType<typeof ruleService>;
  /** tells people things (notifications/notify-port.ts): alarms, work orders, billing */
  notify: NotifyPort;
  /** session and scope lookups kept in memory, dropped on any change (plugins/access-cache.ts, ADR 0015) */
  access: AccessCache;
  /** alarm policies, the alarm inbox, the evaluator and monitoring reads (alarms/alarm.service.ts) */
  alarms: AlarmService;
  /** the notification service behind `notify`: channels, devices, settings, deliveries */
  notifications: NotificationService;
  /** the operation log (written by the request pipeline, oplog/operation-log.plugin.ts) */
  operationLogs: OperationLogService;
  /** work orders and feedback (desk/desk.service.ts) */
  desk: DeskService;
  /** the user centre (account/account.service.ts) */
  account: AccountService;
  /** registration, recovery, QR sign-in, appeals (signup/signup.service.ts) */
  signup: SignupService;
  /** the platform's reviews of phone changes and real-name verifications */
  accountReviews: ReviewService;
  /** meters the engine's resources (billing/meter.service.ts) */
  meter: MeterService;
  /** rates metered usage into bills (billing/bill.service.ts) */
  bills: BillService;
  /** balance, recharges through the payment gateway, warning threshold (billing/cost-center.service.ts) */
  costCenter: CostCenterService;
  /** cost optimisation strategies and findings (billing/cost-strategy.service.ts) */
  costStrategies: CostStrategyService;
  /** project monthly spending limits (billing/project-limit.service.ts) */
  projectLimits: ProjectLimitService;
  /** invoice information, pools, applications with GOA approval, AR documents (invoices/invoice.service.ts) */
  invoices: InvoiceService;
  /** contracts, the signed protocol and the template preview link (invoices/contract.service.ts) */
  contracts: ContractService;
  /** AccessKeys: created, locked, bound, ranked (keys/access-key.service.ts) */
  accessKeys: AccessKeyService;
  /** verifies requests signed with an AccessKey for the auth plugin (keys/signing.ts) */
  signer: RequestSigner;
  /** MaaS accounts and their API keys (keys/maas.service.ts) */
  maas: MaasService;
  /** bastion-host permissions per user per host (bastion/bastion.service.ts) */
  bastion: BastionService;
  /** passkeys, passkey sign-in and step-up proofs (keys/passkey.service.ts) */
  passkeys: PasskeyService;
  /** the SQL console of managed database instances and their backing databases (dbconsole/, ADR 0054) */
  dbConsole: DbConsoleDeps;
  /** backups and restores of managed database instances (dbbackups/, ADR 0056) */
  dbBackups: DbBackupsDeps;
  /** the backup centre over every product's backups (backup-center/, ADR 0073) */
  backupCenter: BackupCenterDeps;
  /** data migration tasks between managed SQL instances (dts/, ADR 0059) */
  dts: DtsDeps;
  /** database object-storage sync tasks (dbsync/, ADR 0071) */
  dbSync: DbSyncDeps;
  /** object storage: buckets' objects, keys, lifecycle, sync and backups (oss/, ADR 0063) */
  oss: OssDeps;
  /** ICP filings and their simulated review (icp/) */
  icp: IcpDeps;
  /** scan strategies, scans, findings and repairs of hosts (security-scan/) */
  securityScan: SecurityScanDeps;
  /** resource stacks and their templates, deployed through the engine's service (stacks/, ADR 0069) */
  stacks: StacksDeps;
  /** the service catalogue and its publishing through approval (service-catalogue/) */
  serviceCatalogue: CatalogueDeps;
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
    // (a scheduler stopped before the app was ready stays stopped: see Scheduler.start)
    engine.scheduler.start({ unlessStopped: true });
  });
  // Stop before the database goes away (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    await engine.scheduler.stop();
    await engine.bus.close();
  });
  // A write request may have queued work (a job, an export): the scheduler leaves its idle wait.
  addWriteHooks(app, { onResponse: async () => engine.scheduler.poke() });
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
  // The service catalogue's publishing is an approval request too (issue 31).
  const serviceCatalogue: CatalogueDeps = { repo: catalogueRepository(db), db, bus: events, now: () => new Date(), effects: {} };
  const approvalEffects = { ...engine.approvalEffects, ...invoices.effects, ...catalogueEffects(serviceCatalogue) };
  invoices.useEffects(approvalEffects);
  serviceCatalogue.effects = approvalEffects;
  app.addHook('onReady', async () => meter.start());
  app.addHook('preClose', async () => {
    meter.stop();
    await meter.settled();
    await gateway.idle();
  });
  const captcha = captchaService(db, { devInbox: base.config.captchaDevInbox, log: app.log });
  const { dbConsole, dbBackups, dts, dbSync, oss, icp, securityScan, stacks, backupCenter } = composeDataAndOperations(app, base, engine, events, resources);
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
    dbConsole,
    dbBackups,
    backupCenter,
    dts,
    dbSync,
    oss,
    icp,
    serviceCatalogue,
    securityScan,
    stacks,
  };
}

/**
 * The data and operations slices that work on the engine's scheduler: the SQL console and its backups,
 * migrations, host tasks, object storage, database sync, ICP filings, security scans and stacks.
 */
function composeDataAndOperations(
  app: FastifyInstance,
  base: BaseContext,
  engine: ReturnType<typeof createEngine>,
  events: ReturnType<typeof eventBus>,
  resources: ReturnType<typeof resourcesRepository>,
) {
  const db = base.handle.db;
  // The SQL console: an instance's database is made when it runs and dropped when it is removed for good.
  const dbConsole = dbConsoleDeps({ db, handle: base.handle, resources, secrets: base.secrets, config: base.config, log: app.log });
  const offDbConsole = events.subscribe((e) => heardEvent(dbConsole, e));
  app.addHook('preClose', async () => (offDbConsole(), await dbConsole.close()));
  // Instance backups: logical dumps through the console's backends, run on the engine's scheduler.
  const dbBackups = dbBackupsDeps({ db, resources, console: dbConsole, config: base.config, log: app.log });
  engine.scheduler.add(() => runDueDbBackups(dbBackups));
  app.addHook('preClose', () => settledDbBackups(dbBackups));
  // Data migrations: the backups' logical dump copied between instances, on the engine's scheduler.
  const dts = dtsDeps({ db, resources, console: dbConsole, config: base.config, log: app.log });
  engine.scheduler.add(() => runDueDts(dts));
  // Host tasks (file copy, transfer, migration, whole-machine copy) move on the scheduler, never on read.
  const hostTaskSteps = { repo: protectRepository(db), delayMs: base.config.cloudSimDelayMs, now: () => new Date() };
  engine.scheduler.add(() => advanceDueHostTasks(hostTaskSteps));
  // DR, CDP and data-lake tasks start syncing on the scheduler too (reads never write).
  const protectSteps = { repo: dataProtectRepository(db), now: () => new Date() };
  engine.scheduler.add(() => advanceDueProtectTasks(protectSteps));
  app.addHook('preClose', () => settledDts(dts));
  // Object storage: lifecycle rules, sync and backup strategies on the engine's scheduler.
  const oss = ossDeps({ db, secrets: base.secrets });
  engine.scheduler.add(ossWorker(oss, app.log));
  // Database object-storage sync: queued tasks copy a dump or a bucket's objects on the scheduler.
  const dbSync = dbSyncDeps({ db, console: dbConsole, log: app.log });
  engine.scheduler.add(() => runDueDbSync(dbSync));
  app.addHook('preClose', () => settledDbSync(dbSync));
  // ICP filings: the simulated review moves them on over their working days.
  const icp: IcpDeps = { repo: icpRepository(db), now: () => new Date() };
  engine.scheduler.add(() => advanceIcp(icp));
  // Security scans: strategies' periodic runs and scans move on the scheduler, never on read.
  const securityScan: SecurityScanDeps = { repo: securityScanRepository(db), delayMs: base.config.cloudSimDelayMs, now: () => new Date() };
  engine.scheduler.add(() => runDueSecurityScans(securityScan));
  // Resource stacks: the scheduler makes (or removes) their resources through the engine's service.
  const stacks: StacksDeps = { repo: stacksRepository(db), engine: engine.resources, secrets: base.secrets, now: () => new Date(), log: app.log };
  engine.scheduler.add(() => runStacks(stacks));
  // The backup centre: its own products' runs and every recovery move on the scheduler (ADR 0073).
  const backupCenter = backupCenterDeps({ db, resources, dbBackups, oss, config: base.config, log: app.log });
  engine.scheduler.add(() => advanceDueBackups(backupCenter));
  return { dbConsole, dbBackups, dts, dbSync, oss, icp, securityScan, stacks, backupCenter };
}
