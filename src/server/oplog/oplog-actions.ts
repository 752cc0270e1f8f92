// What a write is called in the operation log (logManage): a readable action per route, taken from
// the route's own `config.oplog` when it names one, else from this table, else from the resource
// engine's kind routes (`/api/<collection>…`: 创建/修改/删除 or the action's own label + the kind's
// name, e.g. 重启云主机). Routes that change nothing a person would audit (price quotes, stream
// tickets, marking a message read) say `false` and are not logged.
import type { Language } from '../../domain/errors.ts';
import { kindByCollection } from '../../domain/kinds/registry.ts';
import { t } from '../platform/lib/i18n.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the operation log's action code for this route (`notify:oplog.actions.<code>`), or false: not logged */
    oplog?: string | false;
  }
}

/** `METHOD url-as-registered` → action code (a key under notify:oplog.actions), or false. */
export const ROUTE_ACTIONS: Readonly<Record<string, string | false>> = {
  'POST /api/v1/login': 'login',
  // access (issue 15)
  'POST /api/v1/cloud/users': 'user_create',
  'PATCH /api/v1/cloud/users/:id': 'user_update',
  'POST /api/v1/cloud/users/:id/lock': 'user_lock',
  'POST /api/v1/cloud/users/:id/unlock': 'user_unlock',
  'POST /api/v1/cloud/users/:id/reset-password': 'user_reset_password',
  'PUT /api/v1/cloud/users/:id/memberships': 'user_memberships',
  'POST /api/v1/cloud/user-groups': 'group_create',
  'PATCH /api/v1/cloud/user-groups/:id': 'group_update',
  'DELETE /api/v1/cloud/user-groups/:id': 'group_delete',
  'PUT /api/v1/cloud/user-groups/:id/members': 'group_members',
  'PUT /api/v1/cloud/user-groups/:id/roles': 'group_roles',
  'POST /api/v1/cloud/policies': 'policy_create',
  'PATCH /api/v1/cloud/policies/:id': 'policy_update',
  'DELETE /api/v1/cloud/policies/:id': 'policy_delete',
  'POST /api/v1/cloud/authorizations': 'policy_grant',
  'DELETE /api/v1/cloud/authorizations/:id': 'policy_revoke',
  'POST /api/v1/logout': 'logout',
  'POST /api/v1/events/ticket': false,
  'POST /api/v1/approval_process': 'approval_process_create',
  'PUT /api/v1/approval_process/:id': 'approval_process_update',
  'DELETE /api/v1/approval_process/:id': 'approval_process_delete',
  'POST /api/v1/approvals': 'approval_submit',
  'POST /api/v1/approvals/batch-approve': 'approval_batch_approve',
  'POST /api/v1/approvals/:id/approve': 'approval_approve',
  'POST /api/v1/approvals/:id/reject': 'approval_reject',
  // each decision in a batch goes through the whole pipeline again (and is logged there)
  'POST /api/v1/approvals/decision-batch': false,
  'POST /api/v1/approval-delegations': 'delegation_create',
  'DELETE /api/v1/approval-delegations/:id': 'delegation_delete',
  'POST /api/v1/site_messages/read_all': false,
  'POST /api/v1/site_messages/:id/read': false,
  'POST /api/v1/site_messages/delete': 'message_delete',
  'DELETE /api/v1/site_messages/:id': 'message_delete',
  'PUT /api/v1/site_messages/settings': 'message_settings',
  // the SQL console keeps every statement, with who ran it, in its own history (ADR 0054)
  'POST /api/v1/dbinstances/:id/sql': false,
  // an instance's accounts and databases (ADR 0055)
  'POST /api/v1/dbinstances/:id/accounts': 'db_account_create',
  'PUT /api/v1/dbinstances/:id/accounts/:name/privilege': 'db_account_privilege',
  'PUT /api/v1/dbinstances/:id/accounts/:name/password': 'db_account_password',
  'DELETE /api/v1/dbinstances/:id/accounts/:name': 'db_account_delete',
  // the document and cache databases' accounts (ADR 0076)
  'POST /api/v1/docinstances/:id/accounts': 'db_account_create',
  'PUT /api/v1/docinstances/:id/accounts/:name/privilege': 'db_account_privilege',
  'PUT /api/v1/docinstances/:id/accounts/:name/password': 'db_account_password',
  'DELETE /api/v1/docinstances/:id/accounts/:name': 'db_account_delete',
  'POST /api/v1/cacheinstances/:id/accounts': 'db_account_create',
  'PUT /api/v1/cacheinstances/:id/accounts/:name/privilege': 'db_account_privilege',
  'PUT /api/v1/cacheinstances/:id/accounts/:name/password': 'db_account_password',
  'DELETE /api/v1/cacheinstances/:id/accounts/:name': 'db_account_delete',
  'POST /api/v1/dbinstances/:id/databases': 'db_database_create',
  'DELETE /api/v1/dbinstances/:id/databases/:name': 'db_database_delete',
  // instance backups (ADR 0056)
  'POST /api/v1/dbinstances/:id/backup-policy': 'backup_policy_create',
  'PUT /api/v1/dbinstances/:id/backup-policy': 'backup_policy_update',
  'DELETE /api/v1/dbinstances/:id/backup-policy': 'backup_policy_delete',
  'POST /api/v1/dbinstances/:id/backups': 'db_backup_start',
  'POST /api/v1/dbinstances/:id/backups/:backupId/pause': 'db_backup_pause',
  'POST /api/v1/dbinstances/:id/backups/:backupId/resume': 'db_backup_resume',
  'POST /api/v1/dbinstances/:id/restores': 'db_restore',
  // the backup centre (ADR 0073)
  'POST /api/v1/backup-center/:product/strategies': 'backup_policy_create',
  'PUT /api/v1/backup-center/:product/strategies/:id': 'backup_policy_update',
  'DELETE /api/v1/backup-center/:product/strategies/:id': 'backup_policy_delete',
  'POST /api/v1/backup-center/:product/recoveries': 'backup_recovery',
  // disaster recovery, CDP and data-lake tasks (ADR 0060)
  'POST /api/v1/dr/tasks': 'dr_task_create',
  'POST /api/v1/dr/tasks/:id/switchover': 'dr_task_switchover',
  'POST /api/v1/dr/tasks/:id/stop': 'dr_task_stop',
  'DELETE /api/v1/dr/tasks/:id': 'dr_task_delete',
  'POST /api/v1/data-protect/instances/:id/cdp': 'cdp_create',
  'POST /api/v1/dbinstances/:id/lake-tasks': 'lake_task_create',
  'POST /api/v1/dbinstances/:id/lake-tasks/:taskId/stop': 'lake_task_stop',
  'DELETE /api/v1/dbinstances/:id/lake-tasks/:taskId': 'lake_task_delete',
  // DR templates, associations, comparisons and host protection tasks (ADR 0062)
  'POST /api/v1/dr/templates': 'dr_template_create',
  'PUT /api/v1/dr/templates/:id': 'dr_template_update',
  'DELETE /api/v1/dr/templates/:id': 'dr_template_delete',
  'POST /api/v1/dr/associations': 'dr_association_create',
  'DELETE /api/v1/dr/associations/:id': 'dr_association_delete',
  'POST /api/v1/dr/comparisons': 'dr_compare_create',
  'DELETE /api/v1/dr/comparisons/:id': 'dr_compare_delete',
  'POST /api/v1/host-tasks': 'host_task_create',
  'DELETE /api/v1/host-tasks/:id': 'host_task_delete',
  // instance parameters and plugins (ADR 0058)
  'PUT /api/v1/dbinstances/:id/parameters/:name': 'db_param_update',
  'POST /api/v1/dbinstances/:id/plugins': 'db_plugin_install',
  'DELETE /api/v1/dbinstances/:id/plugins/:name': 'db_plugin_uninstall',
  // data migration tasks (ADR 0059)
  // the assistant's answers change nothing (its route says so too)
  'POST /api/v1/assistant/answers': false,
  // ICP filings (issue 31)
  'POST /api/v1/isps': 'icp_create',
  'POST /api/v1/isps/materials': 'icp_material_upload',
  // a user's own dashboard panels are a preference, not an audited operation (their routes say so too)
  'POST /api/v1/dashboards/panels': false,
  'PATCH /api/v1/dashboards/panels/:key': false,
  'DELETE /api/v1/dashboards/panels/:key': false,
  'PUT /api/v1/dashboards/order': false,
  // database sync (issue 29), service catalogue, resource stacks (issue 31), host console and asset import (issue 30)
  'DELETE /api/v1/sync-tasks/:id': 'sync_task_delete',
  'POST /api/v1/service-catalog/entries': 'catalogue_entry_create',
  'PATCH /api/v1/service-catalog/entries/:id': 'catalogue_entry_update',
  'DELETE /api/v1/service-catalog/entries/:id': 'catalogue_entry_delete',
  'POST /api/v1/service-catalog/entries/:id/publish': 'catalogue_entry_publish',
  'PUT /api/v1/service-catalog/entries/:id/config': 'catalogue_entry_config',
  'POST /api/v1/stack-templates': 'stack_template_create',
  'PUT /api/v1/stack-templates/:id': 'stack_template_update',
  'DELETE /api/v1/stack-templates/:id': 'stack_template_delete',
  'POST /api/v1/stacks': 'stack_deploy',
  'DELETE /api/v1/stacks/:id': 'stack_delete',
  'POST /api/v1/instances/:id/console-ticket': 'host_console_open',
  'POST /api/v1/assets/import': 'asset_import',
  // security scanning (issue 31)
  'POST /api/v1/security/strategies': 'security_strategy_create',
  'PUT /api/v1/security/strategies/:id': 'security_strategy_update',
  'DELETE /api/v1/security/strategies/:id': 'security_strategy_delete',
  'POST /api/v1/security/strategies/:id/scans': 'security_scan_start',
  'POST /api/v1/security/vulns/:id/repairs': 'security_repair',
  'POST /api/v1/migrations': 'dts_create',
  'PUT /api/v1/migrations/:id': 'dts_update',
  'DELETE /api/v1/migrations/:id': 'dts_delete',
  'POST /api/v1/migrations/:id/precheck': 'dts_precheck',
  'POST /api/v1/migrations/:id/start': 'dts_start',
  'POST /api/v1/migrations/:id/pause': 'dts_pause',
  // object storage (issue 30)
  'POST /api/v1/oss/keys': 'oss_key_create',
  'POST /api/v1/oss/keys/:id/disable': 'oss_key_disable',
  'POST /api/v1/oss/keys/:id/enable': 'oss_key_enable',
  'DELETE /api/v1/oss/keys/:id': 'oss_key_delete',
  'POST /api/v1/oss/buckets/:id/folders': 'oss_folder_create',
  'POST /api/v1/oss/buckets/:id/objects': 'oss_object_upload',
  'DELETE /api/v1/oss/buckets/:id/objects': 'oss_object_delete',
  'POST /api/v1/oss/buckets/:id/lifecycle-rules': 'oss_lifecycle_create',
  'PUT /api/v1/oss/buckets/:id/lifecycle-rules/:ruleId': 'oss_lifecycle_update',
  'DELETE /api/v1/oss/buckets/:id/lifecycle-rules/:ruleId': 'oss_lifecycle_delete',
  'POST /api/v1/oss/buckets/:id/sync-strategies': 'oss_sync_create',
  'PUT /api/v1/oss/sync-strategies/:sid': 'oss_sync_update',
  'DELETE /api/v1/oss/sync-strategies/:sid': 'oss_sync_delete',
  'POST /api/v1/oss/buckets/:id/backup-strategies': 'oss_backup_create',
  'PUT /api/v1/oss/backup-strategies/:sid': 'oss_backup_update',
  'DELETE /api/v1/oss/backup-strategies/:sid': 'oss_backup_delete',
  'POST /api/v1/backup-policies': 'backup_policy_create',
  'PUT /api/v1/backup-policies/:id': 'backup_policy_update',
  'DELETE /api/v1/backup-policies/:id': 'backup_policy_delete',
  'POST /api/tag-resources': 'tag_bind',
  'POST /api/tag-manage': 'tag_manage',
  'POST /api/v1/persistent_fields': false,
  'POST /api/v1/sms/sms-codes': 'sms_code',
  'POST /api/v1/notify-channels': 'channel_create',
  'PUT /api/v1/notify-channels/:id': 'channel_update',
  'DELETE /api/v1/notify-channels/:id': 'channel_delete',
  'POST /api/v1/notify-channels/:id/test': 'channel_test',
  'POST /api/v1/push/subscriptions': 'push_subscribe',
  'DELETE /api/v1/push/subscriptions': 'push_unsubscribe',
  'POST /api/v1/operation-logs/export': 'oplog_export',
  // access keys, MaaS, passkeys and step-up (issue 15)
  'POST /api/v1/auth/aksk': 'aksk_create',
  'PUT /api/v1/auth/aksk/:id': 'aksk_update',
  'DELETE /api/v1/auth/aksk/:id': 'aksk_delete',
  'POST /api/v1/auth/aksk/:id/lock': 'aksk_lock',
  'POST /api/v1/auth/aksk/:id/unlock': 'aksk_unlock',
  'PUT /api/v1/auth/aksk/:id/authorize': 'aksk_authorize',
  'POST /api/v1/maas/accounts': 'maas_account_create',
  'DELETE /api/v1/maas/accounts/:id': 'maas_account_delete',
  'POST /api/v1/maas/api-keys': 'maas_key_create',
  'PUT /api/v1/maas/api-keys/:id': 'maas_key_update',
  'DELETE /api/v1/maas/api-keys/:id': 'maas_key_delete',
  'PUT /api/v1/bastion/users/:id/permissions': 'bastion_permission_set',
  'POST /api/v1/account/passkeys/options': false,
  'POST /api/v1/account/passkeys': 'passkey_register',
  'DELETE /api/v1/account/passkeys/:id': 'passkey_delete',
  'POST /api/v1/passkeys/login/options': false,
  'POST /api/v1/passkeys/login': 'passkey_login',
  'POST /api/v1/step-up/options': false,
  'POST /api/v1/step-up/passkey': 'step_up',
  'POST /api/v1/step-up/password': 'step_up',
  // billing
  'PUT /api/v1/cloud/cost-center/threshold': 'balance_threshold',
  'POST /api/v1/cloud/cost-center/recharges': 'recharge',
  'POST /api/v1/cloud/payment/callback': false,
  'POST /api/v1/cloud/bills/tenants/checks/:id/confirm': 'bill_confirm',
  'POST /api/v1/cloud/bills/tenants/checks/:id/submit': 'bill_submit',
  'PUT /api/v1/cloud/exchange-rates': 'exchange_rates',
  'POST /api/v1/cloud/orders/convert': 'charging_convert',
  'POST /api/v1/cloud/orders/terminate': 'charging_terminate',
  'POST /api/v1/cloud/orders/renew': 'charging_renew',
  'POST /api/v1/cloud/cost_optimize/strategies': 'cost_strategy_create',
  'PUT /api/v1/cloud/cost_optimize/strategies/:id': 'cost_strategy_update',
  'DELETE /api/v1/cloud/cost_optimize/strategies/:id': 'cost_strategy_delete',
  'POST /api/v1/cloud/cost_optimize/strategies/:id/apply': 'cost_strategy_apply',
  'PUT /api/v1/cloud/project-limits/:projectId': 'project_limit_set',
  'DELETE /api/v1/cloud/project-limits/:projectId': 'project_limit_delete',
  'POST /api/v1/invoice-infos': 'invoice_info_create',
  'PUT /api/v1/invoice-infos/:id': 'invoice_info_update',
  'POST /api/v1/invoices': 'invoice_apply',
  'POST /api/v1/invoices/:id/void': 'invoice_void',
  'POST /api/v1/invoices/:id/red-flush': 'invoice_red_flush',
  'POST /api/v1/contracts': 'contract_create',
  'PUT /api/v1/contracts/:id': 'contract_update',
  'POST /api/v1/contracts/:id/protocol': 'contract_protocol',
  'POST /api/v1/contracts/template-link': 'contract_template_link',
  // access and organisation (issue 15)
  'POST /api/v1/manage/projects': 'project_create',
  'PUT /api/v1/manage/projects/:id': 'project_update',
  'DELETE /api/v1/manage/projects/:id': 'project_delete',
  'PUT /api/v1/manage/projects/:id/members': 'project_members',
  'POST /api/v1/manage/project-grants': 'project_grant',
  'PUT /api/v1/manage/quota-switches': 'quota_switch',
  'PUT /api/v1/manage/projects/:id/quotas': 'quota_update',
  'POST /api/v1/systems': 'system_create',
  'PUT /api/v1/systems/:id': 'system_update',
  'DELETE /api/v1/systems/:id': 'system_delete',
  'POST /api/v1/systems/:id/resources': 'system_add_resources',
  'DELETE /api/v1/systems/:id/resources/:rid': 'system_remove_resource',
  'POST /api/v1/auth/resource_groups': 'resource_group_create',
  'PUT /api/v1/auth/resource_groups/:id': 'resource_group_update',
  'DELETE /api/v1/auth/resource_groups/:id': 'resource_group_delete',
  'POST /api/v1/auth/resource_groups/:id/resources': 'resource_group_add_resources',
  'DELETE /api/v1/auth/resource_groups/:id/resources/:rid': 'resource_group_remove_resource',
  'POST /api/v1/manage/tags': 'tag_create',
  'DELETE /api/v1/manage/tags/:id': 'tag_delete',
  // alarms, service desk, user centre, portal pages
  'POST /api/v1/alarm-policies': 'alarm_policy_create',
  'PUT /api/v1/alarm-policies/:id': 'alarm_policy_update',
  'PATCH /api/v1/alarm-policies/:id': 'alarm_policy_update',
  'DELETE /api/v1/alarm-policies/:id': 'alarm_policy_delete',
  'POST /api/v1/alarms/:id/ack': 'alarm_ack',
  'POST /api/v1/alarms/:id/claim': 'alarm_claim',
  'POST /api/v1/alarms/:id/silence': 'alarm_silence',
  'POST /api/v1/workorders/upload': 'workorder_upload',
  'POST /api/v1/workorders': 'workorder_create',
  'POST /api/v1/workorders/:id/replies': 'workorder_reply',
  'POST /api/v1/workorders/:id/accept': 'workorder_accept',
  'POST /api/v1/workorders/:id/propose': 'workorder_propose',
  'POST /api/v1/workorders/:id/confirm': 'workorder_confirm',
  'POST /api/v1/workorders/:id/reject_solution': 'workorder_reject_solution',
  'POST /api/v1/workorders/:id/rating': 'workorder_rating',
  'POST /api/v1/opinions': 'opinion_create',
  'POST /api/v1/opinions/:id/reply': 'opinion_reply',
  'POST /api/v1/opinions/:id/close': 'opinion_close',
  'POST /api/v1/account/sms-codes': 'sms_code',
  'POST /api/v1/account/phone/verify': 'phone_verify',
  'POST /api/v1/account/phone/change': 'phone_change',
  'PUT /api/v1/account/password': 'password_change',
  'POST /api/v1/account/real-name': 'real_name_submit',
  'POST /api/v1/account/service-agreement': 'service_agreement_sign',
  // Registration, recovery and QR sign-in (signup/signup.routes.ts): a code send and a poll change nothing audited.
  'POST /api/v1/signup/sms-codes': false,
  'POST /api/v1/signup/register': 'signup_register',
  'POST /api/v1/signup/recover': 'signup_recover',
  'POST /api/v1/signup/appeals': 'signup_appeal',
  'POST /api/v1/qr-login/tickets': false,
  'POST /api/v1/qr-login/tickets/:id/poll': false,
  'POST /api/v1/qr-login/tickets/:id/confirm': 'qr_login_confirm',
  'POST /api/v1/account-reviews/:type/:id/decision': 'account_review_decide',
  'POST /api/v1/customize_pages': 'custom_page_create',
  'PUT /api/v1/customize_pages/:id': 'custom_page_update',
  'DELETE /api/v1/customize_pages/:id': 'custom_page_delete',
};

/** Route families registered in loops (price quotes, SMS, recycle bin, batch delete). */
const PATTERNS: readonly [RegExp, string | false][] = [
  [/^POST \/api\/.*(price|pricing|quote)/i, false],
  [/^POST \/api\/(v1\/)?sms\/necessity$/, false],
  [/^POST \/api\/v1\/sms\//, 'sms_code'],
  [/^POST \/api\/.+\/batch-delete$/, 'batch_delete'],
  [/^POST \/api\/.*recycle.*\/:id\/(recover|destroy|restore)$/i, 'recycle'],
];

export interface ActionRef {
  /** `kind:<kind>:<action>` or a key under notify:oplog.actions */
  code: string;
  /** the kind whose routes these are (resource lookups) */
  kind?: string;
}

const KIND_ROUTE: Record<string, string> = { POST: 'create', PATCH: 'update', PUT: 'update', DELETE: 'delete' };

/** The action of one write, or null when it is not logged. */
export function actionOf(method: string, url: string, config: { oplog?: string | false } | undefined, body: unknown): ActionRef | null {
  if (config?.oplog === false) return null;
  if (typeof config?.oplog === 'string') return { code: config.oplog };
  const key = `${method} ${url}`;
  const fixed = ROUTE_ACTIONS[key];
  if (fixed === false) return null;
  if (fixed) return { code: fixed };
  const m = /^\/api\/([\w-]+)(\/:id)?(\/actions)?$/.exec(url);
  const def = m ? kindByCollection(m[1]!) : undefined;
  if (m && def) {
    const named = typeof (body as { action?: unknown } | null)?.action === 'string' ? (body as { action: string }).action : null;
    const action = m[3] ? named : (KIND_ROUTE[method] ?? null);
    if (action && /^[\w-]{1,40}$/.test(action)) return { code: `kind:${def.kind}:${action}`, kind: def.kind };
  }
  for (const [re, code] of PATTERNS) if (re.test(key)) return code === false ? null : { code };
  return { code: 'other' };
}

/** The action's readable name, e.g. 重启云主机, 通过审批. */
export function actionLabel(lang: Language, code: string): string {
  if (code.startsWith('kind:')) {
    const [, kind, action] = code.split(':') as [string, string, string];
    const own = t(lang, `kinds:${kind}.actions.${action}`);
    const verb = own !== `${kind}.actions.${action}` ? own : t(lang, `notify:oplog.verbs.${action}`);
    return `${verb.startsWith('oplog.') ? action : verb}${t(lang, `kinds:${kind}.name`)}`;
  }
  const label = t(lang, `notify:oplog.actions.${code}`);
  return label.startsWith('oplog.') ? t(lang, 'notify:oplog.actions.other') : label;
}
