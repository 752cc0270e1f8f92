// What every route plugin receives: configuration, the database, the repositories and services
// the composition root built (src/server/composition.ts).
import type { Config } from './config.ts';
import type { DbHandle, Db } from './db/database.ts';
import type { UsersRepository } from './repositories/users.repository.ts';
import type { TenancyRepository } from './repositories/tenancy.repository.ts';
import type { ReferenceRepository } from './repositories/reference.repository.ts';
import type { ResourcesRepository } from './repositories/resources.repository.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { EventBus } from './events/bus.ts';
import type { ApprovalEffects } from './approvals/approval-effects.ts';
import type { ApprovalService } from './approvals/approval.service.ts';
import type { approvalProcessService, delegationService } from './approvals/approval-process.service.ts';
import type { siteMessageService } from './approvals/site-message.service.ts';
import type { ruleService } from './approvals/rule.service.ts';
import type { TagsRepository } from './repositories/tags.repository.ts';
import type { adminManageRepository } from './repositories/admin-manage.repository.ts';
import type { authService } from './services/auth.service.ts';
import type { backupPlanService } from './services/backup-plan.service.ts';
import type { NotifyPort } from './notifications/notify-port.ts';
import type { AccessCache } from './plugins/access-cache.ts';
import type { AlarmService } from './alarms/alarm.service.ts';
import type { NotificationService } from './notifications/notification.service.ts';
import type { OperationLogService } from './oplog/operation-log.service.ts';
import type { DeskService } from './desk/desk.service.ts';
import type { AccountService } from './account/account.service.ts';
import type { SignupService } from './signup/signup.service.ts';
import type { ReviewService } from './signup/review.service.ts';
import type { MeterService } from './billing/meter.service.ts';
import type { BillService } from './billing/bill.service.ts';
import type { CostCenterService } from './billing/cost-center.service.ts';
import type { CostStrategyService } from './billing/cost-strategy.service.ts';
import type { ProjectLimitService } from './billing/project-limit.service.ts';
import type { AccessKeyService } from './keys/access-key.service.ts';
import type { RequestSigner } from './keys/signing.ts';
import type { MaasService } from './keys/maas.service.ts';
import type { BastionService } from './bastion/bastion.service.ts';
import type { PasskeyService } from './keys/passkey.service.ts';

import type { InvoiceService } from './invoices/invoice.service.ts';
import type { ContractService } from './invoices/contract.service.ts';
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
}
