// Table interfaces (Kysely style: Generated<> for defaults, Selectable/Insertable at use sites).
import type { ColumnType, Generated } from 'kysely';

/** A timestamp column (written as a Date or an ISO string). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface UsersTable {
  id: string;
  account: string;
  nickname: string;
  password_hash: string;
  phone: string | null;
  area_code: string;
  email: string | null;
  user_type: string;
  locked: Generated<boolean>;
  is_phone_validate: Generated<boolean>;
  need_sign_service_agreement: Generated<boolean>;
  is_sign_service_agreement: Generated<boolean>;
  is_sign: Generated<boolean>;
  sign_pass_time: Date | null;
  created_at: Timestamp;
  id_number_sealed?: string | null;
  industry?: string | null;
  enterprise?: string | null;
}

export interface TenantsTable {
  id: string;
  name: string;
  chinese_name_abbreviation: string | null;
  business_type: string;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface ProjectsTable {
  id: string;
  tenant_id: string;
  name: string;
  name_zh: string;
  enabled: Generated<boolean>;
  template_flag: Generated<number>;
  created_at: Timestamp;
  /** letters, digits, - and _ (migration 0021) */
  name_en: Generated<string>;
  remark: Generated<string>;
}

export interface MembershipsTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  project_id: string | null;
  role: string;
}

// Access (migration 0020): user groups, their roles and members, policies and their grants.
export interface UserGroupsTable {
  id: string;
  name: string;
  description: Generated<string>;
  tenant_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
export interface UserGroupRolesTable {
  id: string;
  group_id: string;
  role: string;
  project_id: string | null;
}
export interface UserGroupMembersTable {
  group_id: string;
  user_id: string;
  created_at: Generated<Timestamp>;
}
export interface PoliciesTable {
  id: string;
  name: string;
  description: Generated<string>;
  tenant_id: string | null;
  template_code: string | null;
  permissions: Json<string[]>;
  include_tenants: Json<string[]>;
  exclude_tenants: Json<string[]>;
  include_projects: Json<string[]>;
  exclude_projects: Json<string[]>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
export interface PolicyGrantsTable {
  id: string;
  policy_id: string;
  user_id: string | null;
  group_id: string | null;
  created_at: Generated<Timestamp>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface StreamTicketsTable {
  ticket_hash: string;
  session_hash: string;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

export interface VendorsTable {
  id: string;
  name_cn: string;
  name_en: string;
  cloud_type: string;
  order_value: number;
  is_deleted: Generated<boolean>;
}

export interface RegionsTable {
  id: string;
  name: string;
  name_en: string;
  public_cloud_provider: string;
  sort_value: number;
  created_date: Timestamp;
}

export interface AzsTable {
  id: string;
  name: string;
  name_en: string;
  region_id: string;
  sort_value: number;
  az_type: string;
  ip_version: string;
  enabled: Generated<boolean>;
  product_codes: Json<string[]>;
  created_date: Timestamp;
}

export interface TenantAzsTable {
  tenant_id: string;
  az_id: string;
  product_code: string;
}

export interface ChargingPkgsTable {
  id: string;
  name: string;
  code: string;
  product_code: string;
  tenant_id: string | null;
  enabled: Generated<boolean>;
  unit_price_fen: number;
  measurement_display: string;
  created_at: Timestamp;
}

export interface PersistentFieldsTable {
  user_id: string;
  route: string;
  fields_item: string;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  body_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  response_type: string | null;
  created_at: Timestamp;
  /** until when an in-flight row belongs to the process running it (0009) */
  lease_until: Timestamp | null;
}

export interface ResourcesTable {
  id: string;
  kind: string;
  tenant_id: string;
  project_id: string;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  name: string;
  status: string;
  locked: Generated<boolean>;
  spec: Json<Record<string, unknown>>;
  /** the kind's secret fields, AES-256-GCM sealed (lib/secret-box.ts); never selected for answers */
  secrets: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LinksTable {
  id: string;
  tenant_id: string;
  from_id: string;
  to_id: string;
  relation: string;
  created_at: Timestamp;
}

export interface JobsTable {
  id: string;
  resource_id: string;
  tenant_id: string;
  kind: string;
  action: string;
  from_status: string;
  target_status: string;
  fail_status: string;
  params: Json<Record<string, unknown>>;
  run_at: Timestamp;
  attempts: Generated<number>;
  state: Generated<string>;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface ProjectQuotasTable {
  project_id: string;
  kind: string;
  /** 'count', or what is summed over the kind (src/domain/approvals/quota-keys.ts) */
  measure: Generated<string>;
  max_count: number;
  updated_at: Timestamp;
}

export interface TagsTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  tag_key: string;
  tag_value: string;
  created_at: Timestamp;
}

export interface TagResourcesTable {
  tag_id: string;
  resource_id: string;
  resource_type: string;
  tenant_id: string;
}

export interface SmsCodesTable {
  id: string;
  user_id: string;
  operate_type: string;
  code_hash: string;
  attempts: Generated<number>;
  used: Generated<boolean>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface ExportTasksTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  user_id: string;
  product_code: string;
  fields: Json<string[]>;
  filters: Json<Record<string, string>>;
  lang: string;
  state: Generated<string>;
  file_name: string;
  row_count: number | null;
  error: string | null;
  /** the written .xlsx (migration 0010): every process serves it */
  content: Generated<Uint8Array | null>;
  /** the export stopped at EXPORT_MAX_ROWS */
  truncated: Generated<boolean>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** Keys the server generated for itself (migration 0010), e.g. the secret box's key. */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: Generated<Timestamp>;
}

// ── approvals (migration 0003) ──────────────────────────────────────────────────────────────

export interface ApprovalLevelSnapshot {
  name: string | null;
  approver_ids: string[];
  escalate_after_hours: number | null;
}

export interface ApprovalProcessesTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  name: string;
  description: string | null;
  request_types: Json<string[]>;
  levels: Json<ApprovalLevelSnapshot[]>;
  production: Generated<boolean>;
  enabled: Generated<boolean>;
  /** requesters may decide their own requests (separation of duties is the default) */
  allow_self_approval: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApprovalRequestsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  type: string;
  status: string;
  title: string;
  payload: Json<Record<string, unknown>>;
  before: Json<Record<string, unknown>> | null;
  requester_id: string;
  process_id: string | null;
  production: Generated<boolean>;
  estimated_cost_fen: Generated<number>;
  levels: Json<ApprovalLevelSnapshot[]>;
  level_count: Generated<number>;
  current_level: Generated<number>;
  current_approver_ids: Json<string[]>;
  participant_ids: Json<string[]>;
  level_entered_at: Timestamp;
  escalate_after_hours: number | null;
  escalated_to_admins: Generated<boolean>;
  target_id: string | null;
  effective_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decided_on_behalf_of: string | null;
  reject_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApprovalActionsTable {
  id: string;
  request_id: string;
  tenant_id: string;
  level: number;
  action: string;
  actor_id: string | null;
  on_behalf_of: string | null;
  comment: string | null;
  created_at: Timestamp;
}

export interface ApprovalDelegationsTable {
  id: string;
  tenant_id: string;
  delegator_id: string;
  delegate_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
}

export interface SiteMessagesTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  category: string;
  message_key: string;
  params: Json<Record<string, string | number>>;
  link: string | null;
  ref_id: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface BackupPlansTable {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_id: string;
  resource_kind: string;
  name: string;
  schedule_type: string;
  start_time: string;
  backup_freq: string;
  backup_days: Json<(number | string)[]>;
  retention_time: string;
  device_type: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** creating / installing / issuing, or settled (created, *_failed); migration 0008 */
  status: Generated<string>;
  /** when the simulated backup agent ends the current step; null once settled */
  step_due_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  tenants: TenantsTable;
  projects: ProjectsTable;
  memberships: MembershipsTable;
  user_groups: UserGroupsTable;
  user_group_roles: UserGroupRolesTable;
  user_group_members: UserGroupMembersTable;
  policies: PoliciesTable;
  policy_grants: PolicyGrantsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  stream_tickets: StreamTicketsTable;
  vendors: VendorsTable;
  regions: RegionsTable;
  azs: AzsTable;
  tenant_azs: TenantAzsTable;
  charging_pkgs: ChargingPkgsTable;
  persistent_fields: PersistentFieldsTable;
  idempotency_keys: IdempotencyKeysTable;
  resources: ResourcesTable;
  org_quota_switches: OrgQuotaSwitchesTable;
  project_public_quotas: ProjectPublicQuotasTable;
  org_groups: OrgGroupsTable;
  org_group_resources: OrgGroupResourcesTable;
  org_units: OrgUnitsTable;
  org_unit_tenants: OrgUnitTenantsTable;
  links: LinksTable;
  jobs: JobsTable;
  project_quotas: ProjectQuotasTable;
  tags: TagsTable;
  tag_resources: TagResourcesTable;
  sms_codes: SmsCodesTable;
  export_tasks: ExportTasksTable;
  server_keys: ServerKeysTable;
  approval_processes: ApprovalProcessesTable;
  approval_requests: ApprovalRequestsTable;
  approval_actions: ApprovalActionsTable;
  approval_delegations: ApprovalDelegationsTable;
  site_messages: SiteMessagesTable;
  backup_plans: BackupPlansTable;
  catalog_classifies: CatalogClassifiesTable;
  catalog_products: CatalogProductsTable;
  cdn_task_counters: CdnTaskCountersTable;
  gtm_logs: GtmLogsTable;
  alarm_policies: AlarmPoliciesTable;
  alarms: AlarmsTable;
  alarm_history: AlarmHistoryTable;
  notify_channels: NotifyChannelsTable;
  push_subscriptions: PushSubscriptionsTable;
  notify_settings: NotifySettingsTable;
  notify_deliveries: NotifyDeliveriesTable;
  operation_logs: OperationLogsTable;
  workorder_types: WorkorderTypesTable;
  workorder_questions: WorkorderQuestionsTable;
  workorder_templates: WorkorderTemplatesTable;
  workorders: WorkordersTable;
  workorder_replies: WorkorderRepliesTable;
  workorder_attachments: WorkorderAttachmentsTable;
  feedbacks: FeedbacksTable;
  phone_change_requests: PhoneChangeRequestsTable;
  enterprise_verifications: EnterpriseVerificationsTable;
  meter_segments: MeterSegmentsTable;
  bill_charges: BillChargesTable;
  exchange_rates: ExchangeRatesTable;
  bill_checks: BillChecksTable;
  cost_accounts: CostAccountsTable;
  recharges: RechargesTable;
  orders: OrdersTable;
  invoice_infos: InvoiceInfosTable;
  invoice_pools: InvoicePoolsTable;
  invoices: InvoicesTable;
  ar_documents: ArDocumentsTable;
  contracts: ContractsTable;
}

/** CDN refresh / warm-up tasks used per tenant per day (migration 0012). */
export interface CdnTaskCountersTable {
  tenant_id: string;
  day: string;
  task_type: string;
  used: Generated<number>;
}

/** A text in each console language. */
export type LocalText = Record<string, string>;

export interface CatalogClassifiesTable {
  id: string;
  area: 'header' | 'footer';
  group_name: Json<LocalText> | null;
  name: Json<LocalText>;
  sort: number;
}

export interface CatalogProductsTable {
  id: string;
  classify_id: string;
  name: Json<LocalText>;
  summary: Json<LocalText>;
  highlights: Json<LocalText[]>;
  link: string | null;
  is_inner: boolean;
  is_static_html: boolean;
  console_route: string | null;
  buy_route: string | null;
  sort: number;
}

export interface GtmLogsTable {
  id: string;
  tenant_id: string;
  gtm_id: string;
  operation: string;
  target_kind: string;
  target_name: string;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
  seq: Generated<string>;
}

/** Alarm policies (migration 0014). */
export interface AlarmPoliciesTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  name: string;
  kind: string;
  metric: string;
  level: string;
  operator: string;
  threshold: number;
  occurrences: number;
  samples: number;
  max_alarms: number;
  source: string;
  receivers: Json<string[]>;
  target_type: string;
  target_value: string;
  enabled: boolean;
  next_eval_at: Timestamp;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Alarms raised by the evaluator (migration 0014). */
export interface AlarmsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  policy_id: string;
  resource_id: string;
  resource_name: string;
  resource_kind: string;
  vendor: string;
  metric: string;
  level: string;
  operator: string;
  threshold: number;
  state: string;
  sort_rank: number;
  value: number;
  fired_at: Timestamp;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
  claimed_at: Timestamp | null;
  claimed_by: string | null;
  silenced_until: Timestamp | null;
  silenced_by: string | null;
  resolved_at: Timestamp | null;
  resolved_value: number | null;
  updated_at: Timestamp;
}

export interface AlarmHistoryTable {
  id: string;
  alarm_id: string;
  tenant_id: string;
  change: string;
  user_id: string | null;
  value: number | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
  seq: Generated<string>;
}

/** A team-chat robot of a project (migration 0015); URL and secret only sealed. */
export interface NotifyChannelsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  type: string;
  name: string;
  sealed: string;
  url_masked: string;
  enabled: Generated<boolean>;
  last_status: string | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  last_success_at: Timestamp | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  sealed_keys: string;
  user_agent: string | null;
  last_status: string | null;
  last_error_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NotifySettingsTable {
  user_id: string;
  category: string;
  site: boolean;
  email: boolean;
  push: boolean;
  chat: boolean;
}

export interface NotifyDeliveriesTable {
  id: string;
  tenant_id: string | null;
  project_id: string | null;
  user_id: string | null;
  channel: string;
  target_id: string | null;
  category: string;
  message: Json<Record<string, unknown>>;
  state: string;
  attempts: Generated<number>;
  next_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface OperationLogsTable {
  id: string;
  seq: Generated<string>;
  user_id: string;
  account: string;
  nickname: string;
  tenant_id: string | null;
  project_id: string | null;
  action: string;
  method: string;
  route: string;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  ip: string;
  status_code: number;
  success: boolean;
  error_title: string | null;
  created_at: Timestamp;
}

// The service desk (migration 0016).
export interface WorkorderTypesTable {
  id: string;
  name: Json<LocalText>;
  description: Json<LocalText>;
  sort: number;
}
export interface WorkorderQuestionsTable {
  id: string;
  type_id: string;
  name: Json<LocalText>;
  sort: number;
}
export interface WorkorderTemplatesTable {
  id: string;
  type_id: string;
  name: Json<LocalText>;
  content: Json<LocalText>;
  sort: number;
}
export interface WorkordersTable {
  id: string;
  number: string;
  tenant_id: string;
  project_id: string | null;
  creator_id: string;
  type_id: string;
  question_id: string | null;
  title: string;
  contact: string;
  phone: string;
  email: string;
  urgency: string;
  contact_time: string;
  description: string;
  resource_ids: Json<string[]>;
  status: string;
  rating: number | null;
  rating_comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface WorkorderRepliesTable {
  id: string;
  workorder_id: string;
  author_id: string;
  side: 'user' | 'ops';
  content: string;
  created_at: Timestamp;
  seq: Generated<string>;
}
export interface WorkorderAttachmentsTable {
  id: string;
  tenant_id: string;
  uploader_id: string;
  workorder_id: string | null;
  name: string;
  mime: string;
  size: number;
  data: Buffer;
  created_at: Timestamp;
}
export interface FeedbacksTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  creator_id: string;
  name: string;
  phone: string;
  email: string;
  type: string;
  content: string;
  status: string;
  reply: string | null;
  replier_id: string | null;
  replied_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PhoneChangeRequestsTable {
  id: string;
  user_id: string;
  phone: string;
  area_code: string;
  status: 'reviewing' | 'approved' | 'rejected';
  created_at: Timestamp;
  reviewer_id?: string | null;
  reviewed_at?: Timestamp | null;
  reject_reason?: string | null;
}
export interface EnterpriseVerificationsTable {
  id: string;
  user_id: string;
  enterprise: string;
  licence_number: string;
  licence_name: string;
  licence_mime: string;
  licence_data: Buffer;
  status: 'reviewing' | 'approved' | 'rejected';
  reject_reason: string | null;
  created_at: Timestamp;
  reviewer_id?: string | null;
  reviewed_at?: Timestamp | null;
}
// ── Registration, recovery, QR sign-in, appeals (migration 0025, ADR 0026) ──
export interface Database {
  signup_captchas: SignupCaptchasTable;
  signup_sms_codes: SignupSmsCodesTable;
  qr_login_tickets: QrLoginTicketsTable;
  account_appeals: AccountAppealsTable;
}
export interface SignupCaptchasTable {
  id: string;
  answer_hash: string;
  used: Generated<boolean>;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}
export interface SignupSmsCodesTable {
  id: string;
  phone: string;
  purpose: 'register' | 'recover';
  code_hash: string;
  attempts: Generated<number>;
  used: Generated<boolean>;
  expires_at: Timestamp;
  created_at: Timestamp;
}
export interface QrLoginTicketsTable {
  id: string;
  poll_hash: string;
  status: 'pending' | 'confirmed' | 'consumed';
  user_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}
export interface AccountAppealsTable {
  id: string;
  account: string;
  user_id: string | null;
  contact: string;
  reason: string;
  status: 'open' | 'closed';
  created_at: Timestamp;
}
// ── The public portal's content (migration 0017): landing pages, articles, templates ──
export interface Database {
  portal_pages: PortalPagesTable;
  portal_articles: PortalArticlesTable;
  portal_templates: PortalTemplatesTable;
}
/** One landing page (auto_product_details): its banner and sections per language. */
export interface PortalPagesTable {
  product_id: string;
  content: Json<Record<string, { name: string; product_advert: unknown[]; product_details: unknown[] }>>;
  updated_at: Timestamp;
}
export interface PortalArticlesTable {
  id: string;
  kind: string;
  category: Json<LocalText>;
  title: Json<LocalText>;
  summary: Json<LocalText>;
  body: Json<Record<string, string[]>>;
  published_at: Timestamp;
}
export interface PortalTemplatesTable {
  id: string;
  kind: string;
  name: string;
  html_code: string;
  css_code: string;
  js_code: string;
  data_json: Json<Record<string, unknown>>;
  published: boolean;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One interval of a priced resource billed the same way (migration 0019). */
export interface MeterSegmentsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  product_code: string;
  vendor: string;
  region_id: string | null;
  charging_code: string;
  status: string;
  items: Json<{ product_code: string; quantity: number }[]>;
  units: Json<{ product_code: string; charging_code: string; unit_price_fen: number; measurement_display: string; package_name: string }[]>;
  started_at: Timestamp;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface BillChargesTable {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  product_code: string;
  vendor: string;
  region_id: string | null;
  charging_code: string;
  duration: number;
  original_fen: number;
  amount_fen: number;
  price: Json<Record<string, unknown>>;
  charged_at: Timestamp;
}

export interface ExchangeRatesTable {
  id: string;
  currency: string;
  effective_date: string;
  rate_e4: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface BillChecksTable {
  id: string;
  tenant_id: string;
  month: string;
  state: string;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  confirmed_by: string | null;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  submitted_by: string | null;
  created_at: Timestamp;
}

export interface CostAccountsTable {
  tenant_id: string;
  opening_fen: Generated<number>;
  opened_at: Timestamp;
  credit_fen: Generated<number>;
  warn_threshold_fen: number | null;
  warned: Generated<boolean>;
  updated_at: Timestamp;
}

export interface RechargesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  amount_fen: number;
  state: string;
  gateway_trade_no: string | null;
  created_at: Timestamp;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OrdersTable {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  order_type: string;
  charging_code: string;
  duration: number | null;
  sum_price: number;
  cheap_price: number;
  whole_year_price: number;
  price: Json<Record<string, unknown>>;
  state: string;
  segment_id: string | null;
  created_at: Timestamp;
  /** 14 digits: the day placed (China time) and a sequence, given by the database (migration 0033) */
  order_no: Generated<string>;
}

// ── Orders and costs (migration 0023) ──
export interface Database {
  cost_strategies: CostStrategiesTable;
  cost_strategy_choices: CostStrategyChoicesTable;
  project_limits: ProjectLimitsTable;
  maas_usage: MaasUsageTable;
}
export interface CostStrategiesTable {
  id: string;
  tenant_id: string;
  name: string;
  rules: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CostStrategyChoicesTable {
  tenant_id: string;
  strategy_id: string | null;
  previous_id: string | null;
  effective_date: string;
  updated_at: Timestamp;
}
export interface ProjectLimitsTable {
  project_id: string;
  tenant_id: string;
  monthly_limit_fen: number;
  warned_month: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}
export interface MaasUsageTable {
  id: string;
  tenant_id: string;
  project_id: string;
  day: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  amount_fen: number;
}

type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface InvoiceInfosTable {
  id: string;
  tenant_id: string;
  company_name: string;
  taxpayer_no: string;
  bank_name: string;
  bank_account: string;
  address: string;
  phone: string;
  extension: string | null;
  terminal_no: string | null;
  contract_no: string | null;
  company_nature: string;
  invoice_type: string;
  is_default: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoicePoolsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  name: string;
  info_id: string | null;
  created_at: Timestamp;
}

export interface InvoicesTable {
  id: string;
  tenant_id: string;
  pool_id: string;
  info_id: string;
  info: Json<Record<string, unknown>>;
  business_no: string;
  bill_ids: Json<string[]>;
  months: Json<string[]>;
  merged: boolean;
  amount_fen: number;
  invoice_type: string;
  medium: string;
  remark: string | null;
  state: string;
  approval_id: string | null;
  invoice_code: string | null;
  invoice_no: string | null;
  issued_at: MaybeTime;
  void_state: string | null;
  void_reason: string | null;
  void_approval_id: string | null;
  void_at: MaybeTime;
  red_state: string | null;
  red_reason: string | null;
  red_approval_id: string | null;
  red_at: MaybeTime;
  red_invoice_no: string | null;
  applicant_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ArDocumentsTable {
  id: string;
  tenant_id: string;
  invoice_id: string;
  doc_no: string;
  amount_fen: number;
  received_fen: Generated<number>;
  state: string;
  due_date: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContractsTable {
  id: string;
  tenant_id: string;
  contract_no: string;
  party_name: string;
  signing_period: number;
  bill_month: string;
  start_at: Timestamp;
  end_at: Timestamp;
  status: string;
  contact: string;
  phone: string;
  address: string | null;
  email: string | null;
  protocol_name: string | null;
  protocol_pdf: Buffer | null;
  protocol_size: number | null;
  protocol_uploaded_at: MaybeTime;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Whether a tenant's projects have quotas of a cloud (private / public) to edit (migration 0021). */
export interface OrgQuotaSwitchesTable {
  tenant_id: string;
  cloud: string;
  enabled: boolean;
  updated_at: Timestamp;
}

/** A project's limits on public-cloud resources (migration 0021); private ones are project_quotas. */
export interface ProjectPublicQuotasTable {
  project_id: string;
  kind: string;
  measure: string;
  max_count: number;
  updated_at: Timestamp;
}

/** A system or a resource group of a project (migration 0021). */
export interface OrgGroupsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  type: string;
  name: string;
  description: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrgGroupResourcesTable {
  group_id: string;
  resource_id: string;
  created_at: Timestamp;
}

/** The administrative organisation above the tenants (migration 0021). */
export interface OrgUnitsTable {
  id: string;
  parent_id: string | null;
  name: string;
  enabled: Generated<boolean>;
  sort_value: Generated<number>;
}

export interface OrgUnitTenantsTable {
  tenant_id: string;
  unit_id: string;
}

// ── Access keys, MaaS accounts, passkeys and step-up proofs (migration 0022, ADR 0023) ──
export interface Database {
  access_keys: AccessKeysTable;
  access_key_nonces: AccessKeyNoncesTable;
  access_key_calls: AccessKeyCallsTable;
  maas_accounts: MaasAccountsTable;
  maas_api_keys: MaasApiKeysTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  step_up_proofs: StepUpProofsTable;
}
/** A timestamp column that may be null. */
export type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A jsonb column written as JSON text. */
export type JsonText = ColumnType<unknown, string, string>;
/** A nullable jsonb column written as JSON text. */
export type NullableJsonText = ColumnType<unknown, string | null | undefined, string | null>;
type Count = ColumnType<string | number, number | undefined, number>;
export interface AccessKeysTable {
  id: string;
  tenant_id: string;
  user_id: string;
  bind_user_id: string;
  access_key: string;
  secret_sealed: string;
  description: Generated<string>;
  key_type: 'temporary' | 'permanent';
  expires_at: NullableTime;
  enabled: Generated<boolean>;
  locked: Generated<boolean>;
  locked_by: string | null;
  locked_at: NullableTime;
  lock_reason: string | null;
  call_count: Count;
  last_used_at: NullableTime;
  created_at: Timestamp;
}
export interface AccessKeyNoncesTable {
  key_id: string;
  nonce: string;
  seen_at: Generated<Date>;
}
export interface AccessKeyCallsTable {
  key_id: string;
  tenant_id: string;
  action: string;
  day: string;
  calls: Count;
}
export interface MaasAccountsTable {
  id: string;
  tenant_id: string;
  vendor: string;
  name: string;
  remark: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
}
export interface MaasApiKeysTable {
  id: string;
  tenant_id: string;
  account_id: string;
  name: string;
  masked: string;
  secret_sealed: string;
  enabled: Generated<boolean>;
  calls: Count;
  last_used_at: NullableTime;
  created_by: string | null;
  created_at: Timestamp;
}
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: Count;
  transports: Json<string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTime;
}
export interface WebauthnChallengesTable {
  challenge: string;
  user_id: string | null;
  purpose: 'register' | 'login' | 'step_up';
  expires_at: Timestamp;
}
export interface StepUpProofsTable {
  token_hash: string;
  user_id: string;
  method: 'passkey' | 'password';
  expires_at: Timestamp;
}

// ── Bastion-host permissions (migration 0026, ADR 0030) ──
export interface Database {
  bastion_permissions: BastionPermissionsTable;
}
export interface BastionPermissionsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** a `resources` row of kind instance in the tenant */
  host_id: string;
  can_upload: boolean;
  can_download: boolean;
  granted_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
