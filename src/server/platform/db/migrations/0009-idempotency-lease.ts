// Frozen once landed: add a new migration instead of editing this one.
// An in-flight Idempotency-Key holds a lease: a process killed mid-request (kill -9 runs no hook)
// leaves its row in flight, and once the lease has run out a retry of the same key and body takes
// the row over instead of answering 409 for 24 hours. Rows already in flight get no lease, so the
// first retry may take them over.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column lease_until timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys drop column if exists lease_until`.execute(db);
}
