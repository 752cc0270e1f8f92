// Frozen once landed: add a new migration instead of editing this one.
// Backup plans get their states (seed 001 §4): creating → installing → issuing → created, or the
// failure state of the step that failed. `step_due_at` is when the simulated backup agent ends the
// current step (null once settled); the scheduler claims due plans FOR UPDATE SKIP LOCKED.
// Plans that exist already were working plans: they settle as created.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table backup_plans add column status text not null default 'created'`.execute(db);
  await sql`alter table backup_plans add column step_due_at timestamptz`.execute(db);
  await sql`create index backup_plans_due on backup_plans (step_due_at) where step_due_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists backup_plans_due`.execute(db);
  await sql`alter table backup_plans drop column if exists step_due_at`.execute(db);
  await sql`alter table backup_plans drop column if exists status`.execute(db);
}
