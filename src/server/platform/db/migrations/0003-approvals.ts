// Approvals: processes, requests with their history, delegations, the firewall/NAT rules and
// quotas they change, and site messages. Depends only on 0001 (users, tenants, projects,
// resources), so it runs the same whether or not 0002 exists. Frozen once landed.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const emptyArray = sql`'[]'::jsonb`;

  await db.schema
    .createTable('approval_processes')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.references('projects.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('request_types', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    // [{name, approver_ids: string[], escalate_after_hours: number | null}]
    .addColumn('levels', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('production', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('approval_processes_tenant').on('approval_processes').columns(['tenant_id', 'project_id']).execute();

  await db.schema
    .createTable('approval_requests')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    // the rule, resource spec or quota before the change (null for something new)
    .addColumn('before', 'jsonb')
    .addColumn('requester_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('process_id', 'char(32)')
    .addColumn('production', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('estimated_cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    // snapshot of the process levels at submission
    .addColumn('levels', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('level_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_approver_ids', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    // everyone who was ever asked (may read the request even outside the project)
    .addColumn('participant_ids', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('level_entered_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('escalate_after_hours', 'float8')
    .addColumn('escalated_to_admins', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('target_id', 'char(32)')
    .addColumn('effective_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'char(32)')
    .addColumn('decided_on_behalf_of', 'char(32)')
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index approval_requests_tenant on approval_requests (tenant_id, status, created_at, id)`.execute(db);
  await sql`create index approval_requests_approvers on approval_requests using gin (current_approver_ids)`.execute(db);
  await sql`create index approval_requests_participants on approval_requests using gin (participant_ids)`.execute(db);
  await sql`create index approval_requests_open on approval_requests (level_entered_at) where status in ('pending', 'approving', 'expansion_approving')`.execute(
    db,
  );
  await sql`create index approval_requests_issuing on approval_requests (effective_at) where status = 'issuing'`.execute(db);

  await db.schema
    .createTable('approval_actions')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('request_id', 'char(32)', (c) => c.notNull().references('approval_requests.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    // submitted | approved | rejected | escalated | issued | effect_failed
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'char(32)')
    .addColumn('on_behalf_of', 'char(32)')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('approval_actions_request').on('approval_actions').columns(['request_id', 'created_at']).execute();
  await db.schema.createIndex('approval_actions_actor').on('approval_actions').columns(['actor_id', 'created_at']).execute();

  await db.schema
    .createTable('approval_delegations')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('delegator_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delegate_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('approval_delegations_delegate').on('approval_delegations').columns(['delegate_id', 'ends_at']).execute();
  await db.schema.createIndex('approval_delegations_delegator').on('approval_delegations').columns(['delegator_id', 'ends_at']).execute();

  for (const table of ['firewall_policies', 'nat_rules'] as const) {
    let t = db.schema
      .createTable(table)
      .addColumn('id', 'char(32)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
      .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'));
    if (table === 'nat_rules') {
      t = t.addColumn('kind', 'text', (c) => c.notNull()).addColumn('nat_gateway_id', 'char(32)');
    }
    await t
      .addColumn('request_id', 'char(32)')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('spec', 'jsonb', (c) => c.notNull())
      .addColumn('effective_at', 'timestamptz')
      .addColumn('issued_at', 'timestamptz')
      .addColumn('created_by', 'char(32)')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await sql`create index ${sql.raw(`${table}_scope`)} on ${sql.table(table)} (tenant_id, project_id, created_at desc, id desc)`.execute(db);
  }

  await db.schema
    .createTable('project_quota_values')
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('quota_key', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('project_quota_values_pk', ['project_id', 'quota_key'])
    .execute();

  await db.schema
    .createTable('site_messages')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)')
    .addColumn('category', 'text', (c) => c.notNull())
    // texts are rendered in the reader's language: locales/{lang}/approvals.json messages.<key>
    .addColumn('message_key', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('link', 'text')
    .addColumn('ref_id', 'char(32)')
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index site_messages_user on site_messages (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index site_messages_unread on site_messages (user_id) where read_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('approvals migration is not reversible');
}
